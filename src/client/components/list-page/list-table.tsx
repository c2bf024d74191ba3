import type { ReactNode } from 'react';
import { Alert, Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAGINATION_LAYOUT } from '@shared/constants';
import type { PermissionCode } from '@shared/resources';
import { toast } from '../feedback/toast';
import { DataTable } from '../table/data-table';
import { isSpecialColumn, type RowKey, type TableColumn } from '../table/types';
import type { ColumnState } from '../table/use-column-state';
import type { ExportFormat, ListApi } from './list-api';
import { trackAction } from '@client/lib/analytics';

export interface ListTableProps<Row> {
  title: string;
  resource: Pick<ListApi<Row>, 'listQueryOptions' | 'exportFile'>;
  /** The applied query model: the table reloads from page 1 when it changes, and export sends it. */
  query: Record<string, unknown>;
  columns: TableColumn<Row>[];
  /** Shared with the caller, so export writes the columns the user chose to see. */
  columnState: ColumnState<Row>;
  rowKey: string;
  can: { list: boolean; export: boolean };
  /** The export's permission code, counted by usage analytics when an export is asked for. */
  exportPerm?: PermissionCode;
  /** Toolbar buttons before the export menu. */
  toolbarStart?: ReactNode;
  /** Toolbar content after the export menu. */
  toolbarEnd?: ReactNode;
  selectedKeys?: RowKey[];
  onSelectionChange?: (keys: RowKey[], rows: Row[]) => void;
  /** Rows can be dragged into a new order (of the page); receives the page's rows in that order. */
  onRowSort?: (rows: Row[]) => void;
  /**
   * A list that can be long (logs, history): rows rendered only where in view, in a scrolling area of
   * `height`, loaded `pageSize` at a time as the user scrolls, instead of pages.
   */
  virtual?: { height: string | number; pageSize: number };
}

/**
 * The paged table of a list resource as the list screens show it (the editable ListPage and the
 * ReadOnlyList): column chooser, and export of the visible columns with the applied query — or a
 * note when the user may not list.
 */
export function ListTable<Row>({ title, resource, query, columns, columnState, rowKey, can, exportPerm, toolbarStart, toolbarEnd, selectedKeys, onSelectionChange, onRowSort, virtual }: ListTableProps<Row>) {
  const { t } = useTranslation('kit');
  if (!can.list) return <Alert color="yellow">{t('list.noAccess')}</Alert>;

  const exportAs = async (format: ExportFormat) => {
    trackAction(exportPerm);
    const shown = columnState.visible.map((v) => v.column).filter((c) => !isSpecialColumn(c) && !c.ignore && c.prop);
    try {
      await resource.exportFile(query, shown.map((c) => ({ prop: c.prop!, label: typeof c.label === 'string' ? c.label : c.prop! })), format, title);
      toast.info(() => t('list.exported'));
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  return (
    <DataTable<Row>
      label={title}
      title={title}
      columns={columns}
      columnState={columnState}
      columnChooser
      rowKey={rowKey}
      pageQuery={(page, limit) => resource.listQueryOptions(query, page, limit)}
      reloadKey={JSON.stringify(query)}
      pagerLayout={PAGINATION_LAYOUT}
      mode={virtual ? 'virtual' : 'pager'}
      height={virtual?.height}
      pageSize={virtual?.pageSize}
      selectedKeys={selectedKeys}
      onSelectionChange={onSelectionChange}
      rowSortable={!!onRowSort}
      onRowSort={onRowSort}
      toolbarExtra={
        <>
          {toolbarStart}
          {can.export && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="xs" variant="default" leftSection={<IconDownload size={14} />}>{t('list.export')}</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void exportAs('xlsx')}>{t('list.exportXlsx')}</Menu.Item>
                <Menu.Item onClick={() => void exportAs('csv')}>{t('list.exportCsv')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
          {toolbarEnd}
        </>
      }
    />
  );
}

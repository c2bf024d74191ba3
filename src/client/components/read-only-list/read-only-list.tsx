import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Menu, Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAGINATION_LAYOUT } from '@shared/constants';
import { useCan } from '@client/lib/session';
import { toast } from '../feedback/toast';
import { listApi, type ExportFormat } from '../list-page/list-api';
import { QueryForm, type QueryField } from '../list-page/query-form';
import { DataTable } from '../table/data-table';
import { isSpecialColumn, type TableColumn } from '../table/types';
import { useColumnState } from '../table/use-column-state';

export interface ReadOnlyListProps<Row> {
  title: string;
  /** Resource path answering POST list and (optionally) POST export. */
  base: string;
  queryFields?: QueryField[];
  queryColumns?: number;
  columns: TableColumn<Row>[];
  perms: { list: string; export?: string };
  rowKey?: string;
  /** Buttons beside export (purge, …). */
  toolbarExtra?: ReactNode;
  /** Turns the query form values into the query model (drop empty values, dates …). */
  toQuery?: (values: Record<string, unknown>) => Record<string, unknown>;
}

const dropEmpty = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined));

/**
 * A list the server writes and users only read (logs, login history, job runs, files): the query
 * form, the paged table with its column chooser, and export of the visible columns — no add or edit.
 */
export function ReadOnlyList<Row>({ title, base, queryFields = [], columns, perms, rowKey = 'id', toolbarExtra, toQuery = dropEmpty, queryColumns }: ReadOnlyListProps<Row>) {
  const { t } = useTranslation('kit');
  const resource = useMemo(() => listApi<Row>(base), [base]);
  const canList = useCan(perms.list);
  const canExport = useCan(perms.export ?? '') && perms.export !== undefined;
  const empty = useMemo(() => Object.fromEntries(queryFields.map((f) => [f.name, f.defaultValue ?? ''])), [queryFields]);
  const [draft, setDraft] = useState<Record<string, unknown>>(empty);
  const [query, setQuery] = useState<Record<string, unknown>>({});
  const columnState = useColumnState(columns, base);

  const exportAs = async (format: ExportFormat) => {
    const shown = columnState.visible.map((v) => v.column).filter((c) => !isSpecialColumn(c) && !c.ignore && c.prop);
    try {
      await resource.exportFile(query, shown.map((c) => ({ prop: c.prop!, label: typeof c.label === 'string' ? c.label : c.prop! })), format, title);
      toast.info(t('list.exported'));
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={4}>{title}</Title>
      {queryFields.length > 0 && (
        <QueryForm
          fields={queryFields}
          columns={queryColumns}
          values={draft}
          onChange={setDraft}
          onQuery={() => setQuery(toQuery(draft))}
          onClear={() => {
            setDraft(empty);
            setQuery({});
          }}
        />
      )}
      {canList ? (
        <DataTable<Row>
          label={title}
          title={title}
          columns={columns}
          columnState={columnState}
          columnChooser
          rowKey={rowKey}
          loader={(page, limit) => resource.list(query, page, limit)}
          queryKey={resource.listKey(query)}
          reloadKey={JSON.stringify(query)}
          pagerLayout={PAGINATION_LAYOUT}
          toolbarExtra={
            <>
              {toolbarExtra}
              {canExport && (
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
            </>
          }
        />
      ) : (
        <Alert color="yellow">{t('list.noAccess')}</Alert>
      )}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Indicator, Popover, ScrollArea, Table, Text } from '@mantine/core';
import { IconBasket, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSpecialColumn, type RowKey, type TableColumn } from '../table/types';

export interface SelectionBasketProps<Row> {
  /** The selected rows. */
  rows: Row[];
  /** The table's columns; the basket shows its first three data columns. */
  columns: TableColumn<Row>[];
  rowKey?: string | ((row: Row) => RowKey);
  /** A row was removed from the selection. */
  onRemove: (key: RowKey, row: Row) => void;
  /** Everything was removed. */
  onClear?: () => void;
}

const SHOWN_COLUMNS = 3;

/** The selection basket of spec §2: a count badge opening the selected rows, each removable. */
export function SelectionBasket<Row>({ rows, columns, rowKey = 'id', onRemove, onClear }: SelectionBasketProps<Row>) {
  const { t } = useTranslation('kit');
  const shown = columns.filter((c) => !isSpecialColumn(c)).slice(0, SHOWN_COLUMNS);
  const keyOf = (row: Row, i: number): RowKey => {
    if (typeof rowKey === 'function') return rowKey(row);
    const v = (row as Record<string, unknown>)[rowKey];
    return typeof v === 'string' || typeof v === 'number' ? v : i;
  };
  const cell = (row: Row, column: TableColumn<Row>, i: number): ReactNode =>
    column.render ? column.render(row, i) : String((row as Record<string, unknown>)[column.prop ?? ''] ?? '');

  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Indicator label={rows.length} size={16} disabled={rows.length === 0}>
          <Button variant="default" size="xs" leftSection={<IconBasket size={14} />} aria-label={`${t('basket.label')} ${rows.length}`}>
            {t('basket.label')}
            <Badge ml={6} size="sm" variant="light" aria-hidden>{rows.length}</Badge>
          </Button>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" mb="xs">
          <Text fw={600} size="sm">{t('basket.title')}</Text>
          {onClear && rows.length > 0 && (
            <Button variant="subtle" size="compact-xs" onClick={onClear}>{t('basket.clear')}</Button>
          )}
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">{t('basket.empty')}</Text>
        ) : (
          <ScrollArea.Autosize mah="50vh">
            <Table aria-label={t('basket.title')} striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  {shown.map((c, i) => <Table.Th key={c.prop ?? i}>{c.label}</Table.Th>)}
                  <Table.Th>{t('basket.operation')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, i) => {
                  const key = keyOf(row, i);
                  return (
                    <Table.Tr key={key}>
                      {shown.map((c, j) => <Table.Td key={c.prop ?? j}>{cell(row, c, i)}</Table.Td>)}
                      <Table.Td>
                        <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('basket.remove')} onClick={() => onRemove(key, row)}>
                          <IconTrash size={14} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

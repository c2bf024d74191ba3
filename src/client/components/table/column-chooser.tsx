import { ActionIcon, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconGripVertical, IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSpecialColumn } from './types';
import type { ColumnState } from './use-column-state';
import { useDragSort } from './use-drag-sort';

/**
 * Chooses the columns shown and their order. display:false starts unchecked, display:'always' stays
 * checked and locked; ignored and special columns (selection, index, actions) are not listed.
 */
export function ColumnChooser<Row>({ state }: { state: ColumnState<Row> }) {
  const { t } = useTranslation('kit');
  const listed = state.ordered.filter(({ column }) => !column.ignore && !isSpecialColumn(column));
  const toggleable = listed.filter(({ column }) => column.display !== 'always');
  const { itemProps } = useDragSort<string>(state.move);

  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon variant="default" aria-label={t('table.columns')}>
          <IconColumns size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="group" aria-label={t('table.columns')}>
          {toggleable.length === 0 && <Text size="sm" c="dimmed">{t('table.noColumns')}</Text>}
          {listed.map(({ id, column }) => (
            <Group key={id} gap={6} wrap="nowrap" {...itemProps(id)} style={{ cursor: 'grab' }}>
              <IconGripVertical size={14} aria-hidden />
              <Checkbox
                size="xs"
                label={column.label ?? id}
                checked={!state.isHidden(id)}
                disabled={column.display === 'always'}
                onChange={(e) => state.toggle(id, e.currentTarget.checked)}
              />
            </Group>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

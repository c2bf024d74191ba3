import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@client/lib/api';
import { keysOf } from '@client/lib/resource-keys';
import { dateTime } from '@client/lib/date-time';
import { Dialog } from '@client/components/dialog/dialog';
import { RESOURCES } from '@shared/resources';
import { localName } from '@shared/local-name';
import type { ChecklistValue } from '@shared/contracts/checklist';

const equipmentKeys = keysOf('equipment');

/** "2–8", "≥ 2", "≤ 8" or "—": the limits a number was judged by when it was filed. */
function limits(v: ChecklistValue): string {
  if (v.min !== null && v.max !== null) return `${v.min}–${v.max}`;
  if (v.min !== null) return `≥ ${v.min}`;
  if (v.max !== null) return `≤ ${v.max}`;
  return '—';
}

/**
 * A unit's history of numbers read by hand on checklists (GET /ball/falleqinfo/checklistValues,
 * docs/maintenance.md "Checklists"): newest first, each with its item, value and unit, the limits it
 * was judged by and whether it was within them.
 */
export function ChecklistHistory({ unit, onClose }: { unit: { id: number; name: string; nameEn: string } | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('projects');
  const values = useQuery({
    queryKey: equipmentKeys.view('checklistValues', unit?.id ?? 0),
    queryFn: () => api.get<ChecklistValue[]>(`${RESOURCES.equipment.api}/checklistValues?equipmentId=${unit!.id}`),
    enabled: unit !== null,
  });
  const rows = [...(values.data ?? [])].reverse();
  return (
    <Dialog
      opened={unit !== null}
      onChange={(open) => !open && onClose()}
      title={t('equipment.checks.title', { name: unit ? localName(unit.name, unit.nameEn, i18n.language) : '' })}
      width={760}
      height="auto"
      loading={values.isPending && unit !== null}
    >
      {values.isSuccess && !rows.length ? (
        <Text c="dimmed" data-testid="checklist-history-empty">{t('equipment.checks.none')}</Text>
      ) : (
        <Table striped aria-label={t('equipment.checks.table')} data-testid="checklist-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('equipment.checks.at')}</Table.Th>
              <Table.Th>{t('equipment.checks.item')}</Table.Th>
              <Table.Th>{t('equipment.checks.value')}</Table.Th>
              <Table.Th>{t('equipment.checks.limits')}</Table.Th>
              <Table.Th>{t('equipment.checks.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((v) => (
              <Table.Tr key={`${v.reportId}-${v.key}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(v.at)}</Table.Td>
                <Table.Td>{localName(v.label, v.labelEn, i18n.language)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{v.unit ? `${v.value} ${v.unit}` : v.value}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{limits(v)}</Table.Td>
                <Table.Td>
                  <Badge color={v.ok ? 'green' : 'red'} variant="light">{t(v.ok ? 'equipment.checks.ok' : 'equipment.checks.out')}</Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Dialog>
  );
}

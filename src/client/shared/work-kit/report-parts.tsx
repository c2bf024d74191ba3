import { ActionIcon, Button, Group, Input, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { StockLevel } from '@shared/contracts/stock';
import { localName } from '@shared/local-name';
import { api } from '@client/lib/api';
import { keysOf } from '@client/lib/resource-keys';
import { apiPath } from '@client/lib/resources';
import type { ReportValues } from './report-fields';

/** What the order's project holds in its stores (GET /ball/fallstock/available). */
const availableQuery = (orderId: number | null) =>
  queryOptions({
    queryKey: keysOf('stockMove').view('available', orderId),
    enabled: orderId !== null,
    queryFn: () => api.get<StockLevel[]>(apiPath('stockMove', 'available'), { params: { orderId: String(orderId) } }),
  });

const keyOf = (l: { partId: number; storeId: number }) => `${l.partId}-${l.storeId}`;

/**
 * The parts a report takes from stock: a part in one of the order's project's stores and how many.
 * Filing the report issues them (docs/maintenance.md "Parts and stock"); the server's refusal of a
 * shortage shows under its row.
 */
export function ReportParts({ form, orderId }: { form: UseFormReturnType<ReportValues>; orderId: number | null | undefined }) {
  const { t, i18n } = useTranslation('stock');
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const levels = useQuery(availableQuery(orderId ?? null));
  const parts = form.values.parts ?? [];
  const options = (levels.data ?? []).map((l) => ({
    value: keyOf(l),
    label: `${l.partName}${l.partNo ? ` (${l.partNo})` : ''} · ${localName(l.storeName, l.storeNameEn, lang)} · ${t('report.onHand', { n: l.quantity })}`,
  }));
  const set = (next: typeof parts) => {
    form.setFieldValue('parts', next);
    form.clearFieldError('parts');
  };
  if (!orderId) return null;
  return (
    <Input.Wrapper label={t('report.parts')} description={t('report.partsHint')} error={form.errors.parts as string | undefined}>
      <Stack gap={6} mt={4}>
        {parts.map((p, i) => {
          const error = (form.errors[`parts.${i}.quantity`] ?? form.errors[`parts.${i}.partId`] ?? form.errors[`parts.${i}.storeId`]) as string | undefined;
          return (
            <Stack key={i} gap={2}>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <Select
                  style={{ flex: 1 }}
                  aria-label={t('report.part')}
                  placeholder={t('report.part')}
                  data={options}
                  searchable
                  value={p.partId && p.storeId ? keyOf({ partId: p.partId, storeId: p.storeId }) : null}
                  onChange={(v) => {
                    const [partId, storeId] = (v ?? '').split('-').map(Number);
                    set(parts.map((x, j) => (j === i ? { ...x, partId: partId || null, storeId: storeId || null } : x)) as typeof parts);
                  }}
                />
                <NumberInput w={110} aria-label={t('report.quantity')} placeholder={t('report.quantity')} min={1} allowDecimal={false} value={p.quantity ?? ''} onChange={(v) => set(parts.map((x, j) => (j === i ? { ...x, quantity: v === '' ? null : Number(v) } : x)) as typeof parts)} />
                <ActionIcon variant="subtle" color="red" aria-label={t('report.remove')} onClick={() => set(parts.filter((_, j) => j !== i))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              {error && <Text c="red" size="xs">{error}</Text>}
            </Stack>
          );
        })}
        {levels.data && !levels.data.length ? (
          <Text c="dimmed" size="sm">{t('report.none')}</Text>
        ) : (
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => set([...parts, { partId: null, storeId: null, quantity: 1 }] as typeof parts)}>
              {t('report.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

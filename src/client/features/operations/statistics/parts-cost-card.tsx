import { Fragment, useState } from 'react';
import { Card, Group, SegmentedControl, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localName } from '@shared/local-name';
import { usePartsCost, usePartsCostMoves, type PartsCostDrill, type PartsCostParams } from '../../../shared/stats/api/get-parts-cost';

type By = 'month' | 'order' | 'unit';
/** Money as the statistics show it: two decimals, grouped. */
export const money = (v: number, language: string) => v.toLocaleString(language === 'en' ? 'en-GB' : 'zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The issue moves behind one row (the drill-down). */
function Moves({ q, drill, span }: { q: PartsCostParams; drill: PartsCostDrill; span: number }) {
  const { t, i18n } = useTranslation('stock');
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const moves = usePartsCostMoves(q, drill);
  return (
    <Table.Tr data-moves>
      <Table.Td colSpan={span}>
        {!moves.data ? (
          <Skeleton h={24} />
        ) : (
          <Table withRowBorders={false} fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cost.at')}</Table.Th>
                <Table.Th>{t('cost.order')}</Table.Th>
                <Table.Th>{t('cost.part')}</Table.Th>
                <Table.Th>{t('cost.store')}</Table.Th>
                <Table.Th ta="right">{t('cost.quantity')}</Table.Th>
                <Table.Th ta="right">{t('cost.unitCost')}</Table.Th>
                <Table.Th ta="right">{t('cost.cost')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {moves.data.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{new Date(m.at).toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN')}</Table.Td>
                  <Table.Td>{m.orderNumber}</Table.Td>
                  <Table.Td>{m.partName}</Table.Td>
                  <Table.Td>{localName(m.storeName, m.storeNameEn, lang)}</Table.Td>
                  <Table.Td ta="right">{-m.quantity}</Table.Td>
                  <Table.Td ta="right">{money(m.unitCost, lang)}</Table.Td>
                  <Table.Td ta="right">{money(m.cost, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The statistics' parts cost (docs/maintenance.md "Parts and stock"): the range's total, then by month,
 * order or unit; a row opens the issue moves behind it.
 */
export function PartsCostCard({ q }: { q: PartsCostParams }) {
  const { t, i18n } = useTranslation('stock');
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const [by, setBy] = useState<By>('month');
  const [open, setOpen] = useState<string | null>(null);
  const cost = usePartsCost(q);
  const r = cost.data;
  const toggle = (key: string) => setOpen(open === key ? null : key);
  const opener = (key: string, label: string) => (
    <UnstyledButton onClick={() => toggle(key)} aria-expanded={open === key}>
      <Text size="sm" c="blue">{label}</Text>
    </UnstyledButton>
  );
  const sums = (s: { cost: number; quantity: number; moves: number }) => (
    <>
      <Table.Td ta="right" data-cost>{money(s.cost, lang)}</Table.Td>
      <Table.Td ta="right">{s.quantity}</Table.Td>
      <Table.Td ta="right">{s.moves}</Table.Td>
    </>
  );
  const span = by === 'month' ? 4 : 5;
  return (
    <Card withBorder radius="md" padding="sm" data-figures="parts-cost">
      <Group justify="space-between" mb="xs">
        <Group gap="md">
          <Text fw={600} size="sm">{t('cost.title')}</Text>
          {r && (
            <Text size="sm" data-parts-total>
              {t('cost.total')} {money(r.totals.cost, lang)} · {t('cost.quantity')} {r.totals.quantity} · {t('cost.orders')} {r.totals.orders}
            </Text>
          )}
        </Group>
        <SegmentedControl
          size="xs"
          value={by}
          onChange={(v) => {
            setBy(v as By);
            setOpen(null);
          }}
          data={(['month', 'order', 'unit'] as const).map((v) => ({ value: v, label: t(`cost.by${v === 'month' ? 'Month' : v === 'order' ? 'Order' : 'Unit'}`) }))}
        />
      </Group>
      {!r ? (
        <Skeleton h={120} />
      ) : r.totals.moves === 0 ? (
        <Text size="sm" c="dimmed">{t('cost.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover fz="sm">
            <Table.Thead>
              <Table.Tr>
                {by === 'month' && <Table.Th>{t('cost.month')}</Table.Th>}
                {by === 'order' && <Table.Th>{t('cost.order')}</Table.Th>}
                {by !== 'month' && <Table.Th>{t('cost.unit')}</Table.Th>}
                {by === 'unit' && <Table.Th ta="right">{t('cost.orders')}</Table.Th>}
                {by === 'order' && <Table.Th />}
                <Table.Th ta="right">{t('cost.cost')}</Table.Th>
                <Table.Th ta="right">{t('cost.quantity')}</Table.Th>
                <Table.Th ta="right">{t('cost.moves')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {by === 'month' &&
                r.months.map((m) => (
                  <Fragment key={m.month}>
                    <Table.Tr data-month={m.month}>
                      <Table.Td>{m.moves ? opener(`m${m.month}`, m.month) : m.month}</Table.Td>
                      {sums(m)}
                    </Table.Tr>
                    {open === `m${m.month}` && <Moves q={q} drill={{ month: m.month }} span={span} />}
                  </Fragment>
                ))}
              {by === 'order' &&
                r.orders.map((o) => (
                  <Fragment key={o.orderId}>
                    <Table.Tr data-order={o.orderId}>
                      <Table.Td>{opener(`o${o.orderId}`, o.number)}</Table.Td>
                      <Table.Td>{o.equipmentId === null ? t('cost.noUnit') : localName(o.equipmentName, o.equipmentNameEn, lang)}</Table.Td>
                      <Table.Td><Text size="xs" c="dimmed" lineClamp={1}>{o.name}</Text></Table.Td>
                      {sums(o)}
                    </Table.Tr>
                    {open === `o${o.orderId}` && <Moves q={q} drill={{ orderId: o.orderId }} span={span + 1} />}
                  </Fragment>
                ))}
              {by === 'unit' &&
                r.units.map((u) => (
                  <Fragment key={`${u.equipmentId}-${u.projectId}`}>
                    <Table.Tr data-unit={u.equipmentId}>
                      <Table.Td>
                        {u.equipmentId === null ? t('cost.noUnit') : opener(`u${u.equipmentId}`, localName(u.name, u.nameEn, lang))}
                        <Text size="xs" c="dimmed">{localName(u.projectName, u.projectNameEn, lang)}</Text>
                      </Table.Td>
                      <Table.Td ta="right">{u.orders}</Table.Td>
                      {sums(u)}
                    </Table.Tr>
                    {u.equipmentId !== null && open === `u${u.equipmentId}` && <Moves q={q} drill={{ equipmentId: u.equipmentId }} span={span} />}
                  </Fragment>
                ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PartsCost } from '@shared/contracts/parts-cost';
import type { Reliability } from '@shared/contracts/reliability';
import { localName } from '@shared/local-name';
import { hours, pct } from './reliability-card';
import { money } from './parts-cost-card';

/** How many orders and units the printed parts cost lists (the costliest). */
const PRINT_TOP = 10;

/**
 * The printed report's reliability section: the same answer (GET /ball/stats/reliability) and the same
 * formatting as the statistics screen's card, so the two agree to the digit.
 */
export function PrintReliability({ r }: { r: Reliability }) {
  const { t, i18n } = useTranslation('stock');
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const f = r.totals;
  return (
    <section className="report-section" data-report-section="reliability">
      <div className="report-keep">
        <h2>{t('print.reliability')}</h2>
        <Text size="sm" data-summary>
          {t('print.availability')} {pct(f.availability)} · {t('print.mttr')} {hours(f.mttrMs)} h · {t('print.mtbf')} {hours(f.mtbfMs)} h · {t('print.episodes')} {f.episodes} · {t('print.showHours')} {hours(f.showMs)} · {t('print.downtime')} {hours(f.downtimeShowMs)} h
        </Text>
        <Text size="xs" c="dimmed">{t('print.reliabilityNote')}</Text>
        <Table withTableBorder withColumnBorders fz="xs" mt={6} data-report-reliability>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('print.project')}</Table.Th>
              <Table.Th>{t('print.showHours')}</Table.Th>
              <Table.Th>{t('print.downtime')}</Table.Th>
              <Table.Th>{t('print.episodes')}</Table.Th>
              <Table.Th>{t('print.availability')}</Table.Th>
              <Table.Th>{t('print.mttr')} (h)</Table.Th>
              <Table.Th>{t('print.mtbf')} (h)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.projects.map((p) => (
              <Table.Tr key={p.projectId}>
                <Table.Td>{localName(p.name, p.nameEn, lang)}</Table.Td>
                <Table.Td>{hours(p.showMs)}</Table.Td>
                <Table.Td>{hours(p.downtimeShowMs)}</Table.Td>
                <Table.Td>{p.episodes}</Table.Td>
                <Table.Td>{pct(p.availability)}</Table.Td>
                <Table.Td>{hours(p.mttrMs)}</Table.Td>
                <Table.Td>{hours(p.mtbfMs)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </section>
  );
}

/** The printed report's parts cost: the screen card's answer (GET /ball/stats/parts-cost) and formatting. */
export function PrintPartsCost({ c }: { c: PartsCost }) {
  const { t, i18n } = useTranslation('stock');
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  return (
    <section className="report-section" data-report-section="parts-cost">
      <div className="report-keep">
        <h2>{t('print.partsCost')}</h2>
        <Text size="sm" data-summary>
          {t('cost.total')} {money(c.totals.cost, lang)} · {t('cost.quantity')} {c.totals.quantity} · {t('cost.orders')} {c.totals.orders}
        </Text>
        <Text size="xs" c="dimmed">{t('print.partsNote')}</Text>
        <Table withTableBorder withColumnBorders fz="xs" mt={6} data-report-parts-months>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('cost.month')}</Table.Th>
              <Table.Th>{t('cost.cost')}</Table.Th>
              <Table.Th>{t('cost.quantity')}</Table.Th>
              <Table.Th>{t('cost.moves')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.months.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>{m.month}</Table.Td>
                <Table.Td>{money(m.cost, lang)}</Table.Td>
                <Table.Td>{m.quantity}</Table.Td>
                <Table.Td>{m.moves}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {c.orders.length > 0 && (
          <>
            <Text fw={600} size="sm" mt={6}>{t('print.topOrders')}</Text>
            <Table withTableBorder withColumnBorders fz="xs" data-report-parts-orders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('cost.order')}</Table.Th>
                  <Table.Th>{t('cost.unit')}</Table.Th>
                  <Table.Th>{t('cost.cost')}</Table.Th>
                  <Table.Th>{t('cost.quantity')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.orders.slice(0, PRINT_TOP).map((o) => (
                  <Table.Tr key={o.orderId}>
                    <Table.Td>{o.number}</Table.Td>
                    <Table.Td>{o.equipmentId === null ? t('cost.noUnit') : localName(o.equipmentName, o.equipmentNameEn, lang)}</Table.Td>
                    <Table.Td>{money(o.cost, lang)}</Table.Td>
                    <Table.Td>{o.quantity}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </div>
    </section>
  );
}

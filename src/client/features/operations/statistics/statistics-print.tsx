import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Group, Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StatReport, StatReportQuery } from '@shared/contracts/stats-report';
import { ORDER_SOURCES } from '@shared/contracts/order';
import { localName } from '@shared/local-name';
import { RESOURCES } from '@shared/resources';
import { loadSvgRenderer, type EChartsOption } from '@client/lib/echarts';
import { WallChart } from '@client/components/wall/wall-chart';
import { useStatReport } from '../../../shared/stats/api/get-stat-report';
import { boardsOption, equipmentOption, ordersOption, qualityOption, speedOption, warningsOption } from '../../../shared/stats/report-options';
import { printQuery, printSearch, recentMonths } from '../../../shared/stats/report-query';
import { fmtHours, fmtPct, useChartText } from './statistics.screen';
import { useReliability } from '../../../shared/stats/api/get-reliability';
import { usePartsCost } from '../../../shared/stats/api/get-parts-cost';
import { PrintPartsCost, PrintReliability } from './print-figures';

/** The printed page: A4 portrait with 12 mm margins leaves 186 mm (≈ 703 CSS px) of width. */
const PAGE_WIDTH = 703;
const CHART_HEIGHT = 230;
const CHARTS = ['orders', 'speed', 'quality', 'warnings', 'boards', 'equipment'] as const;
/** How many months back the report's month picker offers (this one included). */
const MONTHS_OFFERED = 24;

const PRINT_CSS = `
@page { size: A4 portrait; margin: 12mm; }
@media print {
  html, body { background: #fff !important; }
  .report-no-print { display: none !important; }
  /* A section runs over pages (the first, with its table and three charts, is taller than a page:
     kept whole, it left the title alone on page one); its heading and each chart keep together. */
  .report-keep { break-inside: avoid; }
  .report-page h1, .report-page h2 { break-after: avoid; }
}
.report-page { width: ${PAGE_WIDTH}px; margin: 0 auto; padding: 16px 0; color: #222; background: #fff; font-size: 12px; }
.report-page h1 { font-size: 20px; margin: 0 0 4px; }
.report-page h2 { font-size: 15px; margin: 14px 0 6px; border-bottom: 2px solid #3c9dff; padding-bottom: 2px; }
.report-chart { width: 100%; height: ${CHART_HEIGHT}px; margin: 6px 0; break-inside: avoid; }
`;

/** A month as its reader names it: "October 2026", "2026年10月". */
function monthName(month: string, locale: 'cn' | 'en'): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString(locale === 'en' ? 'en-GB' : 'zh-CN', { year: 'numeric', month: 'long', timeZone: 'UTC' });
}

/** A chart under its caption, never split from it by a page break. */
function Chart({ name, title, option, onReady, first }: { name: string; title: string; option: EChartsOption; onReady: (name: string) => void; first?: boolean }) {
  return (
    <div className="report-keep" data-report-figure={name}>
      <Text fw={600} size="sm" mt={first ? 6 : 0}>{title}</Text>
      <div className="report-chart" data-report-chart={name}>
        <WallChart option={option} renderer="svg" onReady={() => onReady(name)} />
      </div>
    </div>
  );
}

/**
 * /print/stats?month=YYYY-MM: the statistics of one calendar month as a printable report (A4, the
 * reader's language, charts drawn as SVG, a short summary per section) that a manager saves as PDF
 * from the browser's print dialog. The month is picked on the page; without one in the route it
 * reports on the last full month. The statistics' filters (area, country, project, category) ride along.
 */
export default function StatisticsPrint() {
  const { t, i18n } = useTranslation('work');
  const locale = i18n.language === 'en' ? 'en' : 'cn';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { month, ...query }: StatReportQuery & { month: string } = useMemo(() => printQuery(params), [params]);
  const report = useStatReport(query);
  const r: StatReport | undefined = report.data;
  // Reliability and parts cost of the month: the statistics screen's own answers (docs/maintenance.md).
  const figuresQuery = { from: query.from, to: query.to, projectId: query.projectId };
  const reliability = useReliability(figuresQuery).data;
  const partsCost = usePartsCost(figuresQuery).data;
  const text = useChartText();
  const [svg, setSvg] = useState(false);
  const [drawn, setDrawn] = useState<Set<string>>(new Set());
  const drawnRef = useRef(drawn);

  useEffect(() => {
    let alive = true;
    void loadSvgRenderer().then(() => alive && setSvg(true));
    return () => {
      alive = false;
    };
  }, []);
  useEffect(() => {
    document.title = `${t('stats.report.title')} ${month}`;
  }, [t, month]);

  const ctx = { text, locale, tone: 'light', still: true } as const;
  const options = useMemo(
    () => (r ? { orders: ordersOption(r, ctx), speed: speedOption(r, ctx), quality: qualityOption(r, ctx), warnings: warningsOption(r, ctx), boards: boardsOption(r, ctx), equipment: equipmentOption(r, ctx) } : null),
    [r, text, locale], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const onReady = (name: string) => {
    if (drawnRef.current.has(name)) return;
    drawnRef.current = new Set([...drawnRef.current, name]);
    setDrawn(drawnRef.current);
  };
  const ready = !!r && svg && CHARTS.every((c) => drawn.has(c)) && !!reliability && !!partsCost;

  const n = (v: number) => v.toLocaleString(locale === 'en' ? 'en-US' : 'zh-CN');
  const top = r?.warnings.boards[0];

  return (
    <div className="report-page" data-report data-ready={ready ? 'true' : 'false'}>
      <style>{PRINT_CSS}</style>
      <Group className="report-no-print" justify="space-between" align="flex-end" mb="sm">
        <Button size="xs" variant="default" onClick={() => navigate(`/main/${RESOURCES.statistics.menu.url}`)}>
          {t('stats.report.back')}
        </Button>
        <Group gap="xs" align="flex-end">
          <Select
            size="xs"
            w={150}
            label={t('stats.report.month')}
            data={recentMonths(MONTHS_OFFERED).map((m) => ({ value: m, label: monthName(m, locale) }))}
            value={month}
            allowDeselect={false}
            onChange={(m) => m && setParams(printSearch(m, query))}
            data-month-picker
          />
          <Button size="xs" onClick={() => window.print()} disabled={!ready}>
            {t('stats.report.printNow')}
          </Button>
        </Group>
      </Group>
      <div className="report-keep">
        <h1>{t('stats.report.title')}</h1>
        <Text size="lg" fw={600} data-report-month={month}>{monthName(month, locale)}</Text>
        <Text size="sm">{t('stats.report.period', { from: query.from, to: query.to })}</Text>
        <Text size="xs" c="dimmed">
          {t('stats.report.generated', { at: new Date().toLocaleString(locale === 'en' ? 'en-GB' : 'zh-CN') })} · {t('stats.previous', { from: r?.previous.from ?? '', to: r?.previous.to ?? '' })}
        </Text>
      </div>
      {report.error && <Text c="red">{report.error.message}</Text>}
      {r && options && svg && (
        <>
          <section className="report-section" data-report-section="repair">
            {/* The heading, its summary and the first chart on one page: a heading never ends a page. */}
            <div className="report-keep">
              <h2>{t('stats.report.sections.repair')}</h2>
              <Text size="sm" data-summary>
                {t('stats.report.repairSummary', {
                  submitted: n(r.repair.totals.submitted),
                  completed: n(r.repair.totals.completed),
                  prevCompleted: n(r.repair.previousTotals.completed),
                  avg: fmtHours(r.repair.totals.avgHours),
                  median: fmtHours(r.repair.totals.medianHours),
                  p90: fmtHours(r.repair.totals.p90Hours),
                })}{' '}
                {t('stats.report.qualitySummary', { ftf: fmtPct(r.repair.totals.firstTimeFixRate), repeat: fmtPct(r.repair.totals.repeatRate30d), onTime: fmtPct(r.repair.totals.onTimeRate) })}
              </Text>
              <Table withTableBorder withColumnBorders fz="xs" mt={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th />
                    {(['submitted', 'completed', 'avgHours', 'medianHours', 'p90Hours', 'firstTimeFixRate', 'repeatRate30d', 'onTimeRate'] as const).map((k) => (
                      <Table.Th key={k}>{t(`stats.kpi.${k}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[
                    [`${r.from} ~ ${r.to}`, r.repair.totals],
                    [`${r.previous.from} ~ ${r.previous.to}`, r.repair.previousTotals],
                  ].map(([label, v]) => {
                    const x = v as StatReport['repair']['totals'];
                    return (
                      <Table.Tr key={label as string}>
                        <Table.Td>{label as string}</Table.Td>
                        <Table.Td>{n(x.submitted)}</Table.Td>
                        <Table.Td>{n(x.completed)}</Table.Td>
                        <Table.Td>{fmtHours(x.avgHours)}</Table.Td>
                        <Table.Td>{fmtHours(x.medianHours)}</Table.Td>
                        <Table.Td>{fmtHours(x.p90Hours)}</Table.Td>
                        <Table.Td>{fmtPct(x.firstTimeFixRate)}</Table.Td>
                        <Table.Td>{fmtPct(x.repeatRate30d)}</Table.Td>
                        <Table.Td>{fmtPct(x.onTimeRate)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
              {/* The submitted and completed of the range by source: the split the screen shows, adding up to the first row. */}
              <Table withTableBorder withColumnBorders fz="xs" mt={6} data-report-sources>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('stats.charts.sources')}</Table.Th>
                    {ORDER_SOURCES.map((s) => (
                      <Table.Th key={s}>{t(`order.sources.${s}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(['submitted', 'completed'] as const).map((metric) => (
                    <Table.Tr key={metric}>
                      <Table.Td>{t(`stats.kpi.${metric}`)}</Table.Td>
                      {ORDER_SOURCES.map((s) => (
                        <Table.Td key={s}>{n(r.repair.bySource.find((x) => x.source === s)?.[metric] ?? 0)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Chart name="orders" title={t('stats.charts.orders')} option={options.orders} onReady={onReady} first />
            </div>
            <Chart name="speed" title={t('stats.charts.speed')} option={options.speed} onReady={onReady} />
            <Chart name="quality" title={t('stats.charts.quality')} option={options.quality} onReady={onReady} />
          </section>
          <section className="report-section" data-report-section="warnings">
            <div className="report-keep">
              <h2>{t('stats.report.sections.warnings')}</h2>
              <Text size="sm" data-summary>
                {t('stats.report.warningSummary', {
                  total: n(r.warnings.total),
                  prev: n(r.warnings.previous.total),
                  critical: n(r.warnings.byLevel.critical),
                  warning: n(r.warnings.byLevel.warning),
                  info: n(r.warnings.byLevel.info),
                })}{' '}
                {top ? t('stats.report.boardSummary', { board: `${localName(top.name, top.nameEn, locale)} · ${localName(top.projectName, top.projectNameEn, locale)}`, count: top.count }) : t('stats.report.boardNone')}{' '}
                {t('stats.report.predictedSummary', { faults: n(r.predicted.faults), predicted: n(r.predicted.predicted), rate: fmtPct(r.predicted.rate) })}
              </Text>
              <Chart name="warnings" title={t('stats.charts.warnings')} option={options.warnings} onReady={onReady} first />
            </div>
            <Chart name="boards" title={t('stats.charts.boards')} option={options.boards} onReady={onReady} />
          </section>
          <section className="report-section" data-report-section="equipment">
            <div className="report-keep">
              <h2>{t('stats.report.sections.equipment')}</h2>
              <Text size="sm" data-summary>
                {t('stats.report.equipmentSummary', {
                  total: n(r.equipment.total),
                  broken: n(r.equipment.broken),
                  offline: n(r.equipment.offline),
                  availability: fmtPct(r.equipment.availability),
                })}
              </Text>
              <Chart name="equipment" title={t('stats.charts.equipment')} option={options.equipment} onReady={onReady} first />
            </div>
          </section>
          {reliability && <PrintReliability r={reliability} />}
          {partsCost && <PrintPartsCost c={partsCost} />}
        </>
      )}
    </div>
  );
}

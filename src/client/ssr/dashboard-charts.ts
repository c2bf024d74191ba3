/**
 * The /main dashboard's charts drawn on the server (src/server/modules/stats/dashboard-charts.routes.ts)
 * with the option builders the page's live charts use, from the answers the page holds: the page
 * shows them until the viewer reaches for a chart, and loads ECharts only then (features/dashboard).
 * Built into the first-frame renderer (overview-frame.tsx exports it). See docs/decisions.md.
 */
import i18n, { loadLocale } from '@client/lib/i18n';
import { DASHBOARD_CHARTS, type DashboardChart, type DashboardCharts, type DashboardChartsQuery } from '@shared/contracts/stats';
import { dashboardOption, type DashboardData } from '@client/shared/stats/dashboard-options';
import { chartSvg } from './chart-svg';

type Box<K extends DashboardChart> = { width: number; height: number; data: DashboardData[K] };

/** Each chart asked for as SVG markup at its box's size, in the language and scheme asked for. */
export async function renderDashboardCharts({ language, scheme, charts }: DashboardChartsQuery): Promise<NonNullable<DashboardCharts>> {
  await loadLocale(language, ['core', 'wall']);
  // Texts fixed to the language asked for, whatever language the overview's frame is drawing in.
  const ctx = { t: i18n.getFixedT(language, 'wall'), locale: language, tone: scheme };
  const drawn: NonNullable<DashboardCharts> = {};
  for (const name of DASHBOARD_CHARTS) {
    const box = charts[name] as Box<typeof name> | undefined;
    if (box) drawn[name] = chartSvg(dashboardOption(name, box.data, ctx), box.width, box.height);
  }
  return drawn;
}

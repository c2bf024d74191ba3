import type { AppInstance } from '../../app-instance';
import { statsRoutes } from './stats.routes';
import { statsReportRoutes } from './stats-report.routes';
import { dashboardChartsRoutes } from './dashboard-charts.routes';
import { alarmHealthRoutes } from './alarm-health.routes';
import { reliabilityRoutes } from './reliability.routes';
import { partsCostRoutes } from './parts-cost.routes';

/** The wall's statistics (spec §7 paths), the back-office statistics screen (fall/stats), the alarm system's health (fall/alarm-health), the dashboard's charts drawn as SVG. */
export async function statsModule(app: AppInstance): Promise<void> {
  await statsRoutes(app);
  await statsReportRoutes(app);
  await dashboardChartsRoutes(app);
  await alarmHealthRoutes(app);
  await reliabilityRoutes(app);
  await partsCostRoutes(app);
}

/** The statistics' conditions, which the orders, warnings and equipment lists filter by when a figure is drilled into. */
export { availabilityCondition, inDays, needsSla, orderStatCondition, predictedSql, projectPlace, unitCategory, type SlaHours } from './stat-filters.service';

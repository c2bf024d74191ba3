import type { FastifyInstance } from 'fastify';
import { envelopeOf } from '@shared/contracts/common';
import { dashboardChartsQuerySchema, dashboardChartsSchema, type DashboardChartsQuery } from '@shared/contracts/stats';
import { ok } from '../../lib/crud';
import { frameRenderer } from '../../lib/frame-renderer';
import { STATS_PERMISSION } from './stats.routes';

/**
 * POST /ball/fallproject/dashboardCharts: the /main dashboard's charts as SVG, drawn by the client's
 * renderer (ssr/dashboard-charts.ts) from the answers the page holds, so the page shows its charts
 * without loading ECharts until the viewer reaches for one (client features/dashboard). Whoever
 * may read the statistics may have them drawn; null when no renderer is built (the page draws its
 * charts itself then).
 */
export async function dashboardChartsRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/ball/fallproject/dashboardCharts',
    { schema: { body: dashboardChartsQuerySchema, response: { 200: envelopeOf(dashboardChartsSchema) } }, config: { permission: STATS_PERMISSION, log: false as const } },
    async (request) => {
      const render = await frameRenderer(app);
      return ok(render ? await render.renderDashboardCharts(request.body as DashboardChartsQuery) : null);
    },
  );
}

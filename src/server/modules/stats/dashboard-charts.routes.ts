import { createHash } from 'node:crypto';
import type { AppInstance } from '../../app-instance';
import { CODE, DASHBOARD_CACHE_BYTES, DASHBOARD_DRAWS_PER_MINUTE } from '@shared/constants';
import { envelopeOf } from '@shared/contracts/common';
import { dashboardChartsQuerySchema, dashboardChartsSchema, type DashboardCharts } from '@shared/contracts/stats';
import { ok } from '../../lib/crud';
import { ApiError } from '../../lib/errors';
import { countHit } from '../../lib/limits';
import { frameRenderer } from '../../lib/frame-renderer';
import { STATS_PERMISSION } from './stats.routes';

/**
 * POST /ball/fallproject/dashboardCharts: the /main dashboard's charts as SVG, drawn by the client's
 * renderer (ssr/dashboard-charts.ts) from the answers the page holds, so the page shows its charts
 * without loading ECharts until the viewer reaches for one (client features/dashboard). Whoever
 * may read the statistics may have them drawn; null when no renderer is built (the page draws its
 * charts itself then).
 */
export async function dashboardChartsRoutes(app: AppInstance): Promise<void> {
  /**
   * Drawings by what they were drawn from (the body's hash), newest last, within DASHBOARD_CACHE_BYTES:
   * the same answers drawn again (another viewer, a reload) cost nothing. The body is all a drawing
   * depends on, so one viewer's drawing is any other's.
   */
  const cache = new Map<string, { data: DashboardCharts; bytes: number }>();
  let cachedBytes = 0;
  const remember = (key: string, data: DashboardCharts) => {
    const bytes = Object.values(data ?? {}).reduce((n, svg) => n + String(svg).length, 0);
    if (bytes > DASHBOARD_CACHE_BYTES) return;
    cache.set(key, { data, bytes });
    cachedBytes += bytes;
    for (const [oldest, entry] of cache) {
      if (cachedBytes <= DASHBOARD_CACHE_BYTES) break;
      cache.delete(oldest);
      cachedBytes -= entry.bytes;
    }
  };

  app.post(
    '/ball/fallproject/dashboardCharts',
    { schema: { body: dashboardChartsQuerySchema, response: { 200: envelopeOf(dashboardChartsSchema) } }, config: { permission: STATS_PERMISSION, log: false as const } },
    async (request) => {
      const render = await frameRenderer(app);
      if (!render) return ok(null);
      const key = createHash('sha256').update(JSON.stringify(request.body)).digest('hex');
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return ok(hit.data);
      }
      // A drawing costs ~250 ms of CPU: each viewer draws a bounded number a minute (all instances),
      // whatever they send; what is already drawn is not counted.
      const auth = request.auth!;
      const { hits } = await countHit(app.database, `dashboardCharts:${auth.userId ?? `session:${auth.sessionId}`}`, 60_000);
      if (hits > DASHBOARD_DRAWS_PER_MINUTE) throw new ApiError(CODE.tooMany, 'err.tooMany');
      const data = await render.renderDashboardCharts(request.body);
      remember(key, data);
      return ok(data);
    },
  );
}

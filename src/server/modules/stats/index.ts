import type { FastifyInstance } from 'fastify';
import { statsRoutes } from './stats.routes';
import { statsReportRoutes } from './stats-report.routes';

/** The wall's statistics (spec §7 paths) and the back-office statistics screen (fall/stats). */
export async function statsModule(app: FastifyInstance): Promise<void> {
  await statsRoutes(app);
  await statsReportRoutes(app);
}

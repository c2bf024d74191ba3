import type { FastifyInstance } from 'fastify';
import { reportRoutes } from './reports.routes';

/** fall/report: maintenance reports. */
export async function reportsModule(app: FastifyInstance): Promise<void> {
  await reportRoutes(app);
}

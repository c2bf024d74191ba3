import type { FastifyInstance } from 'fastify';
import { jobsRoutes } from './jobs.routes';

/** job/schedule and job/schedule-log: scheduled jobs. */
export async function jobsModule(app: FastifyInstance): Promise<void> {
  await jobsRoutes(app);
}

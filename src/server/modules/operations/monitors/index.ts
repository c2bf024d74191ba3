import type { FastifyInstance } from 'fastify';
import { monitorRoutes } from './monitors.routes';

/** fall/monitor: cameras. */
export async function monitorsModule(app: FastifyInstance): Promise<void> {
  await monitorRoutes(app);
}

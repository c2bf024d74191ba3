import type { FastifyInstance } from 'fastify';
import { sensorRoutes } from './sensors.routes';

/** fall/others: sensors. */
export async function sensorsModule(app: FastifyInstance): Promise<void> {
  await sensorRoutes(app);
}

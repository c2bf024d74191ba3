import type { FastifyInstance } from 'fastify';
import { configRoutes } from './config.routes';

/** sys/config: configuration. */
export async function configModule(app: FastifyInstance): Promise<void> {
  await configRoutes(app);
}

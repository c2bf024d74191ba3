import type { FastifyInstance } from 'fastify';
import { onlineRoutes } from './online.routes';

/** sys/online-user: online users. */
export async function onlineModule(app: FastifyInstance): Promise<void> {
  await onlineRoutes(app);
}

import type { FastifyInstance } from 'fastify';
import { logsRoutes } from './logs.routes';

/** sys/log and sys/history-user: the operation and login logs. */
export async function logsModule(app: FastifyInstance): Promise<void> {
  await logsRoutes(app);
}

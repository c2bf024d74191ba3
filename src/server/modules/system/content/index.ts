import type { FastifyInstance } from 'fastify';
import { contentRoutes } from './content.routes';

/** sys/content: notices. */
export async function contentModule(app: FastifyInstance): Promise<void> {
  await contentRoutes(app);
}

import type { FastifyInstance } from 'fastify';
import { xmlxRoutes } from './xmlx.routes';

/** xmlx: project types (registers multipart in its own scope). */
export async function xmlxModule(app: FastifyInstance): Promise<void> {
  await xmlxRoutes(app);
}

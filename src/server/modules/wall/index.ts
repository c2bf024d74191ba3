import type { FastifyInstance } from 'fastify';
import { publicRoutes } from './public.routes';
import { wallRoutes } from './wall.routes';

/** The project wall, kiosk display tokens and public projects with their visitor password. */
export async function wallModule(app: FastifyInstance): Promise<void> {
  await wallRoutes(app);
  await publicRoutes(app);
}

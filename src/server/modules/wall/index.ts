import type { FastifyInstance } from 'fastify';
import { publicRoutes } from './public.routes';
import { wallRoutes } from './wall.routes';
import { frameRoutes } from './frame.routes';

/** The project wall, kiosk display tokens, public projects with their visitor password, the overview's first frame. */
export async function wallModule(app: FastifyInstance): Promise<void> {
  await wallRoutes(app);
  await publicRoutes(app);
  await frameRoutes(app);
}

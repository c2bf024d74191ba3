import type { FastifyInstance } from 'fastify';
import { menuRoutes } from './menus.routes';

/** sys/menu: the menu tree and its buttons. */
export async function menusModule(app: FastifyInstance): Promise<void> {
  await menuRoutes(app);
}

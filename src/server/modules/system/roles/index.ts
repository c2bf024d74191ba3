import type { FastifyInstance } from 'fastify';
import { roleRoutes } from './roles.routes';

/** sys/role: roles and their grants. */
export async function rolesModule(app: FastifyInstance): Promise<void> {
  await roleRoutes(app);
}

import type { FastifyInstance } from 'fastify';
import { ossAdminRoutes } from './oss-admin.routes';

/** oss/config: storage configuration. */
export async function ossAdminModule(app: FastifyInstance): Promise<void> {
  await ossAdminRoutes(app);
}

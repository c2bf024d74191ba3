import type { FastifyInstance } from 'fastify';
import { sparePartRoutes } from './spare-parts.routes';

/** fall/spare: spare parts per installed unit. */
export async function sparePartsModule(app: FastifyInstance): Promise<void> {
  await sparePartRoutes(app);
}

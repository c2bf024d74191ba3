import type { FastifyInstance } from 'fastify';
import { equipmentRoutes } from './equipment.routes';

/** fall/eqInfo: installed equipment. */
export async function equipmentModule(app: FastifyInstance): Promise<void> {
  await equipmentRoutes(app);
}

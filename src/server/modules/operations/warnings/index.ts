import type { FastifyInstance } from 'fastify';
import { warningRoutes } from './warnings.routes';

/** Warnings of the detection boards (fall-detect rights). */
export async function warningsModule(app: FastifyInstance): Promise<void> {
  await warningRoutes(app);
}

import type { FastifyInstance } from 'fastify';
import { detectRoutes } from './detect.routes';

/** fall/detect: detection boards and the boards' own report endpoint. */
export async function detectModule(app: FastifyInstance): Promise<void> {
  await detectRoutes(app);
}

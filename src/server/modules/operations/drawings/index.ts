import type { FastifyInstance } from 'fastify';
import { drawingRoutes } from './drawings.routes';

/** fall/draw: drawings. */
export async function drawingsModule(app: FastifyInstance): Promise<void> {
  await drawingRoutes(app);
}

import type { FastifyInstance } from 'fastify';
import { trainingRoutes } from './trainings.routes';

/** fall/train: training material. */
export async function trainingsModule(app: FastifyInstance): Promise<void> {
  await trainingRoutes(app);
}

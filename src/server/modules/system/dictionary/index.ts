import type { FastifyInstance } from 'fastify';
import { dictionaryRoutes } from './dictionary.routes';

/** sys/dictionary: dictionaries. */
export async function dictionaryModule(app: FastifyInstance): Promise<void> {
  await dictionaryRoutes(app);
}

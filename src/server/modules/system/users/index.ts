import type { FastifyInstance } from 'fastify';
import { userRoutes } from './users.routes';

/** sys/user: users. */
export async function usersModule(app: FastifyInstance): Promise<void> {
  await userRoutes(app);
}

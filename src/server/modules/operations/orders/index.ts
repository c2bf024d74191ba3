import type { FastifyInstance } from 'fastify';
import { orderRoutes } from './orders.routes';

/** fall/order: maintenance orders. */
export async function ordersModule(app: FastifyInstance): Promise<void> {
  await orderRoutes(app);
}

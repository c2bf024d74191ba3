import type { AppInstance } from '../../../app-instance';
import { orderRoutes } from './orders.routes';

/** fall/order: maintenance orders. */
export async function ordersModule(app: AppInstance): Promise<void> {
  await orderRoutes(app);
}

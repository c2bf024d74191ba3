import type { AppInstance } from '../../../app-instance';
import { orderRoutes } from './orders.routes';

/** fall/order: maintenance orders. */
export async function ordersModule(app: AppInstance): Promise<void> {
  await orderRoutes(app);
}

/** An order opened by another module (a board's readings), and the time rules a report's times obey. */
export { assertNoFilledChecklist, insertOrder } from './orders.repository';
export { checkReportTimes, timeRules, type TimeRules } from './work-times';

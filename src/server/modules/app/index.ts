import type { AppInstance } from '../../app-instance';
import { billRecordRoutes } from './bill-records.routes';
import { billRoutes } from './bills.routes';
import { customerRoutes } from './customers.routes';

/** Application area (spec §2): customer accounts, their bills and the record of every bill state change. */
export async function appModule(app: AppInstance): Promise<void> {
  await customerRoutes(app);
  await billRoutes(app);
  await billRecordRoutes(app);
}

import type { FastifyInstance } from 'fastify';
import { billRecordRoutes } from './bill-records.routes';
import { billRoutes } from './bills.routes';
import { customerRoutes } from './customers.routes';

/** Application area (spec §2): customer accounts, their bills and the record of every bill state change. */
export async function appModule(app: FastifyInstance): Promise<void> {
  await customerRoutes(app);
  await billRoutes(app);
  await billRecordRoutes(app);
}

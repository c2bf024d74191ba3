import type { AppInstance } from '../../../app-instance';
import { reportRoutes } from './reports.routes';

/** fall/report: maintenance reports. */
export async function reportsModule(app: AppInstance): Promise<void> {
  await reportRoutes(app);
}

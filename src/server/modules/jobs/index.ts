import type { AppInstance } from '../../app-instance';
import { jobsRoutes } from './jobs.routes';

/** job/schedule and job/schedule-log: scheduled jobs. */
export async function jobsModule(app: AppInstance): Promise<void> {
  await jobsRoutes(app);
}

import type { AppInstance } from '../../../app-instance';
import { monitorRoutes } from './monitors.routes';

/** fall/monitor: cameras. */
export async function monitorsModule(app: AppInstance): Promise<void> {
  await monitorRoutes(app);
}

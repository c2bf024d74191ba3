import type { AppInstance } from '../../../app-instance';
import { sensorRoutes } from './sensors.routes';

/** fall/others: sensors. */
export async function sensorsModule(app: AppInstance): Promise<void> {
  await sensorRoutes(app);
}

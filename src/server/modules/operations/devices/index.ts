import type { AppInstance } from '../../../app-instance';
import { deviceRoutes } from './devices.routes';

/** fall/device: the catalogue of device models. */
export async function devicesModule(app: AppInstance): Promise<void> {
  await deviceRoutes(app);
}

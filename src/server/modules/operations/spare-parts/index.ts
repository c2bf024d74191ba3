import type { AppInstance } from '../../../app-instance';
import { sparePartRoutes } from './spare-parts.routes';

/** fall/spare: spare parts per installed unit. */
export async function sparePartsModule(app: AppInstance): Promise<void> {
  await sparePartRoutes(app);
}

import type { AppInstance } from '../../../app-instance';
import { equipmentRoutes } from './equipment.routes';

/** fall/eqInfo: installed equipment. */
export async function equipmentModule(app: AppInstance): Promise<void> {
  await equipmentRoutes(app);
}

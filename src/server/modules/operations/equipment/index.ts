import type { AppInstance } from '../../../app-instance';
import { equipmentRoutes } from './equipment.routes';

/** fall/eqInfo: installed equipment. */
export async function equipmentModule(app: AppInstance): Promise<void> {
  await equipmentRoutes(app);
}

/** The equipment's state, which every write that moves one of its facts recomputes (docs/invariants.md "Equipment state"). */
export { recomputeEquipmentState, recomputeAllEquipmentStates, equipmentOfBoards, type EquipmentStateChange } from './equipment-state.service';

import type { AppInstance } from '../../../app-instance';
import { checklistRoutes } from './checklists.routes';

/** fall/checklist: checklist templates, filled checklists and a unit's numbers from them (docs/maintenance.md "Checklists"). */
export async function checklistsModule(app: AppInstance): Promise<void> {
  await checklistRoutes(app);
}

export { fileChecklist, type FiledChecklist } from './checklist.service';

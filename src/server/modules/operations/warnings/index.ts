import type { AppInstance } from '../../../app-instance';
import { warningRoutes } from './warnings.routes';

/** Warnings of the detection boards (fall-detect rights). */
export async function warningsModule(app: AppInstance): Promise<void> {
  await warningRoutes(app);
}

/** What other modules' writes do to warnings: settle them (a fixed report), close an archived row's, escalate the unacknowledged. */
export { closeArchivedWork, settleWarnings, escalateAlarms } from './warnings.service';

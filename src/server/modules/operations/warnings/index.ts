import type { AppInstance } from '../../../app-instance';
import { warningRoutes } from './warnings.routes';
import { suppressionRoutes } from './suppression.routes';
import { windowRoutes } from './windows.routes';

/** Warnings of the detection boards (fall-detect rights). */
export async function warningsModule(app: AppInstance): Promise<void> {
  await warningRoutes(app);
  await suppressionRoutes(app);
  await windowRoutes(app);
}

/** What other modules' writes do to warnings: settle them (a fixed report), close an archived row's, escalate the unacknowledged. */
export { closeArchivedWork, settleWarnings, escalateAlarms } from './warnings.service';
/** Suppression (docs/alarms.md): what readings.ts calls where a warning opens and a board goes or comes back, and the device jobs' sweep. */
export type { SuppressionLog } from './suppression';
export { boardSuppressionLog, logSuppression, projectSuppressionSql, suppressionOf, suppressOfflineChannels, releaseReturnedChannels, sweepSuppression } from './suppression';

import type { AppInstance } from '../../../app-instance';
import { warningRoutes } from './warnings.routes';

/** Warnings of the detection boards (fall-detect rights). */
export async function warningsModule(app: AppInstance): Promise<void> {
  await warningRoutes(app);
}

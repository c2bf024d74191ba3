import type { AppInstance } from '../../../app-instance';
import { uiPrefRoutes } from './ui-prefs.routes';

/** sys/ui-pref: each user's screen preferences. */
export async function uiPrefsModule(app: AppInstance): Promise<void> {
  await uiPrefRoutes(app);
}

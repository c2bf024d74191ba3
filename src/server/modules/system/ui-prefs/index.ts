import type { FastifyInstance } from 'fastify';
import { uiPrefRoutes } from './ui-prefs.routes';

/** sys/ui-pref: each user's screen preferences. */
export async function uiPrefsModule(app: FastifyInstance): Promise<void> {
  await uiPrefRoutes(app);
}

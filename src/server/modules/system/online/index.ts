import type { AppInstance } from '../../../app-instance';
import { onlineRoutes } from './online.routes';

/** sys/online-user: online users. */
export async function onlineModule(app: AppInstance): Promise<void> {
  await onlineRoutes(app);
}

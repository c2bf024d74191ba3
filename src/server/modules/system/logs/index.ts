import type { AppInstance } from '../../../app-instance';
import { logsRoutes } from './logs.routes';

/** sys/log and sys/history-user: the operation and login logs. */
export async function logsModule(app: AppInstance): Promise<void> {
  await logsRoutes(app);
}

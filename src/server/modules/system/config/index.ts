import type { AppInstance } from '../../../app-instance';
import { configRoutes } from './config.routes';

/** sys/config: configuration. */
export async function configModule(app: AppInstance): Promise<void> {
  await configRoutes(app);
}

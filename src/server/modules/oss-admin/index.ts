import type { AppInstance } from '../../app-instance';
import { ossAdminRoutes } from './oss-admin.routes';

/** oss/config: storage configuration. */
export async function ossAdminModule(app: AppInstance): Promise<void> {
  await ossAdminRoutes(app);
}

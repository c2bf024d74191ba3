import type { AppInstance } from '../../../app-instance';
import { roleRoutes } from './roles.routes';

/** sys/role: roles and their grants. */
export async function rolesModule(app: AppInstance): Promise<void> {
  await roleRoutes(app);
}

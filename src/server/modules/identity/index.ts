import type { FastifyInstance } from 'fastify';
import { loginRoutes } from './login.routes';
import { accountRoutes } from './account.routes';
import { userRoutes } from '../system/users/users.routes';
import { roleRoutes } from '../system/roles/roles.routes';
import { menuRoutes } from '../system/menus/menus.routes';
import { uiPrefRoutes } from '../system/ui-prefs/ui-prefs.routes';

/** Identity and access: captcha, login, sessions, the current user, and sys/user, sys/role, sys/menu. */
export async function identityModule(app: FastifyInstance): Promise<void> {
  await loginRoutes(app);
  await accountRoutes(app);
  await userRoutes(app);
  await roleRoutes(app);
  await menuRoutes(app);
  await uiPrefRoutes(app);
}

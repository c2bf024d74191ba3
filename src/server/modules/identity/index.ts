import type { AppInstance } from '../../app-instance';
import { loginRoutes } from './login.routes';
import { accountRoutes } from './account.routes';

/** Identity: captcha, login, sessions and the current user (sys/user/info, password, profile, nav). */
export async function identityModule(app: AppInstance): Promise<void> {
  await loginRoutes(app);
  await accountRoutes(app);
}

/** Ending a user's sessions (disabled, deleted, password reset by an administrator). */
export { endSessions } from './session.service';

import type { AppInstance } from '../../../app-instance';
import { userRoutes } from './users.routes';

/** sys/user: users. */
export async function usersModule(app: AppInstance): Promise<void> {
  await userRoutes(app);
}

import type { AppInstance } from '../../app-instance';
import { publicRoutes } from './public.routes';
import { wallRoutes } from './wall.routes';
import { frameRoutes } from './frame.routes';

/** The project wall, kiosk display tokens, public projects with their visitor password, the overview's first frame. */
export async function wallModule(app: AppInstance): Promise<void> {
  await wallRoutes(app);
  await publicRoutes(app);
  await frameRoutes(app);
}

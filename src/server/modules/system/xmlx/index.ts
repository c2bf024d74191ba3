import type { AppInstance } from '../../../app-instance';
import { xmlxRoutes } from './xmlx.routes';

/** xmlx: project types (registers multipart in its own scope). */
export async function xmlxModule(app: AppInstance): Promise<void> {
  await xmlxRoutes(app);
}

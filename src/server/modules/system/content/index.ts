import type { AppInstance } from '../../../app-instance';
import { contentRoutes } from './content.routes';

/** sys/content: notices. */
export async function contentModule(app: AppInstance): Promise<void> {
  await contentRoutes(app);
}

import type { AppInstance } from '../../../app-instance';
import { projectRoutes } from './projects.routes';
import { introRoutes } from './intro.routes';
import { passwordRoutes } from './passwords.routes';

/** fall/project: projects, with their introductions and access passwords. */
export async function projectsModule(app: AppInstance): Promise<void> {
  await projectRoutes(app);
  await introRoutes(app);
  await passwordRoutes(app);
}

/** The label of a wall visitor's session (the project walls' public door). */
export { visitorSessionLabel } from './passwords.service';

import type { FastifyInstance } from 'fastify';
import { projectRoutes } from './projects.routes';
import { introRoutes } from './intro.routes';
import { passwordRoutes } from './passwords.routes';

/** fall/project: projects, with their introductions and access passwords. */
export async function projectsModule(app: FastifyInstance): Promise<void> {
  await projectRoutes(app);
  await introRoutes(app);
  await passwordRoutes(app);
}

/** The label of a wall visitor's session (the project walls' public door). */
export { visitorSessionLabel } from './passwords.service';

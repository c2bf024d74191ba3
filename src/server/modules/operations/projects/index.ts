import type { FastifyInstance } from 'fastify';
import { projectRoutes } from './projects.routes';
import { introRoutes } from './intro.routes';
import { passwordRoutes } from './passwords.routes';
import { deviceRoutes } from '../devices/devices.routes';
import { equipmentRoutes } from '../equipment/equipment.routes';

/** Projects (with introductions and access passwords), the device catalogue and installed equipment. */
export async function projectsModule(app: FastifyInstance): Promise<void> {
  await projectRoutes(app);
  await introRoutes(app);
  await passwordRoutes(app);
  await deviceRoutes(app);
  await equipmentRoutes(app);
}

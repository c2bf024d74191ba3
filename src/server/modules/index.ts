import type { FastifyInstance } from 'fastify';
import { statsRoutes } from './stats';

/**
 * Every API module, registered under the API prefix. Each module is a Fastify plugin in
 * modules/<area>/ whose routes declare their permission (see plugins/auth.ts).
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(statsRoutes);
  await app.register((await import('../live')).liveRoutes);
  await app.register((await import('./identity')).identityModule);
  await app.register((await import('./tickets')).ticketsModule);
  await app.register((await import('./scenes')).scenesModule);
  await app.register((await import('./wall')).wallModule);
  await app.register((await import('./system/system-admin')).systemAdminModule);
  await app.register((await import('./files')).filesModule);
  await app.register((await import('./operations/projects')).projectsModule);
  await app.register((await import('./operations/operations-work')).operationsWorkModule);
  await app.register((await import('./app')).appModule);
}

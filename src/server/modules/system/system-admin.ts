import type { FastifyInstance } from 'fastify';
import { dictionaryRoutes } from './dictionary/dictionary.routes';
import { configRoutes } from './config/config.routes';
import { contentRoutes } from './content/content.routes';
import { logsRoutes } from './logs/logs.routes';
import { onlineRoutes } from './online/online.routes';
import { xmlxRoutes } from './xmlx/xmlx.routes';
import { jobsRoutes } from '../jobs/jobs.routes';
import { ossAdminRoutes } from '../oss-admin/oss-admin.routes';

/**
 * System administration beyond identity: dictionaries, config, notices, logs, online users,
 * project types, scheduled jobs and storage admin. Each part is its own encapsulated plugin
 * (xmlx registers multipart in its scope only).
 */
export async function systemAdminModule(app: FastifyInstance): Promise<void> {
  for (const part of [dictionaryRoutes, configRoutes, contentRoutes, logsRoutes, onlineRoutes, xmlxRoutes, jobsRoutes, ossAdminRoutes]) {
    await app.register(part);
  }
}

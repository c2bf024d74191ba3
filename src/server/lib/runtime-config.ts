import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/** What /config.js sets: the server's settings and the live ones of sys_config (the wall's first frame uses it too). */
export async function runtimeConfigOf(app: FastifyInstance, config: ServerConfig) {
  const title = await app.settings.get('system.title');
  const titleEn = await app.settings.get('system.titleEn');
  return {
    apiHost: config.apiPrefix,
    authHeader: config.authHeader,
    title: config.runtime.title || title,
    titleEn: config.runtime.title || titleEn,
    microservice: config.runtime.microservice,
    whitelist: config.runtime.whitelist,
    loginRedirect: config.runtime.loginRedirect,
    downloadUrl: config.runtime.downloadUrl || `${config.apiPrefix}/oss/file/download`,
    demo: config.demo,
    captcha: config.captcha ? config.captcha === 'on' : await app.settings.get('security.captcha'),
    version: config.version,
    tileUrl: await app.settings.get('wall.tileUrl'),
    wallRefreshSeconds: await app.settings.get('wall.refreshSeconds'),
    analytics: await app.settings.get('analytics.enabled'),
  };
}

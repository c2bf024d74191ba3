import type { FastifyInstance } from 'fastify';
import { statsRoutes } from './stats';
import { liveRoutes } from '../live';
import { identityModule } from './identity';
import { usersModule } from './system/users';
import { rolesModule } from './system/roles';
import { menusModule } from './system/menus';
import { uiPrefsModule } from './system/ui-prefs';
import { ticketsModule } from './tickets';
import { scenesModule } from './scenes';
import { wallModule } from './wall';
import { dictionaryModule } from './system/dictionary';
import { configModule } from './system/config';
import { contentModule } from './system/content';
import { logsModule } from './system/logs';
import { onlineModule } from './system/online';
import { xmlxModule } from './system/xmlx';
import { jobsModule } from './jobs';
import { ossAdminModule } from './oss-admin';
import { filesModule } from './files';
import { projectsModule } from './operations/projects';
import { devicesModule } from './operations/devices';
import { equipmentModule } from './operations/equipment';
import { ordersModule } from './operations/orders';
import { reportsModule } from './operations/reports';
import { trainingsModule } from './operations/trainings';
import { drawingsModule } from './operations/drawings';
import { monitorsModule } from './operations/monitors';
import { detectModule } from './operations/detect';
import { warningsModule } from './operations/warnings';
import { sensorsModule } from './operations/sensors';
import { sparePartsModule } from './operations/spare-parts';
import { appModule } from './app';

/**
 * Every API module, registered under the API prefix, each as its own encapsulated plugin. A module
 * is one folder, modules/<area>/[<part>/]index.ts, that registers its own routes; each route
 * declares its permission (see plugins/auth.ts), and the resources they serve are declared once in
 * src/shared/resources.ts. A new module adds one line here. The imports are static: loading every
 * module inside the plugin would count against Fastify's plugin timeout.
 */
const MODULES: ((app: FastifyInstance) => Promise<void>)[] = [
  statsRoutes,
  liveRoutes,
  identityModule,
  usersModule,
  rolesModule,
  menusModule,
  uiPrefsModule,
  ticketsModule,
  scenesModule,
  wallModule,
  dictionaryModule,
  configModule,
  contentModule,
  logsModule,
  onlineModule,
  xmlxModule,
  jobsModule,
  ossAdminModule,
  filesModule,
  projectsModule,
  devicesModule,
  equipmentModule,
  ordersModule,
  reportsModule,
  trainingsModule,
  drawingsModule,
  monitorsModule,
  detectModule,
  warningsModule,
  sensorsModule,
  sparePartsModule,
  appModule,
];

export async function registerModules(app: FastifyInstance): Promise<void> {
  for (const module of MODULES) await app.register(module);
}

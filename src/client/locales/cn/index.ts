import { MESSAGES } from '@shared/messages';
import common from './common';
import work from './work';
import layout from './layout';
import auth from './auth';
import account from './account';
import kit from './kit';
import wall from './wall';
import wallProject from './wall-project';
import scenes from './scenes';
import identity from './identity';
import sysadmin from './sysadmin';
import app from './app';
import projects from './projects';
import plans from './plans';
import assign from './assign';
import stock from './stock';

const messages = Object.fromEntries(Object.entries(MESSAGES).map(([k, v]) => [k, v.cn]));

/**
 * Chinese resources, one namespace per file; add a namespace here and in ../en/index.ts (which checks
 * that English has the same keys), and to one of the parts the app loads by route (part-core: every
 * screen, part-wall: the walls, part-work: the back-office's shell, kit and operations, part-admin:
 * the system administration, part-projects: the project records; lib/i18n.ts PART_NAMESPACES).
 */
const cn = { common, layout, auth, account, kit, wall, wallProject, scenes, sysadmin, identity, projects, app, work, plans, assign, stock, messages };
export default cn;

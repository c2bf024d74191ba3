import { MESSAGES } from '@shared/messages';
import type { LocaleShape } from '../types';
import type cn from '../cn';
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

const messages = Object.fromEntries(Object.entries(MESSAGES).map(([k, v]) => [k, v.en]));

const en: LocaleShape<Omit<typeof cn, 'messages'>> & { messages: Record<string, string> } = { common, layout, auth, account, kit, wall, wallProject, scenes, sysadmin, identity, projects, app, work, plans, assign, stock, messages };
export default en;

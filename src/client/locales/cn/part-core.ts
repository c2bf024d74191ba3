import messages from '@shared/messages?locale=cn';
import common from './common';
import layout from './layout';
import auth from './auth';

/** The texts every screen needs (the login nothing more): one of the chunks lib/i18n.ts loads by route. */
export default { common, layout, auth, messages };

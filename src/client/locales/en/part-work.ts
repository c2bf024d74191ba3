import account from './account';
import kit from './kit';
import identity from './identity';
import sysadmin from './sysadmin';
import projects from './projects';
import app from './app';
import work from './work';

/** The back-office's texts. */
export default { account, kit, identity, sysadmin, projects, app, work };

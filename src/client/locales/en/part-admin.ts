import identity from './identity';
import sysadmin from './sysadmin';

/** The system administration's texts (users, roles, menus, logs, jobs, storage, project types). */
export default { identity, sysadmin };

import wall from './wall';
import wallProject from './wall-project';
import scenes from './scenes';

/** The walls' texts (also the dashboard's charts and the scene screens). */
export default { wall, wallProject, scenes };

import projects from './projects';

/** The project records' texts (projects, device models, equipment, spare parts). */
export default { projects };

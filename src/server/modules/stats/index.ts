export { statsRoutes as statsModule } from './stats.routes';

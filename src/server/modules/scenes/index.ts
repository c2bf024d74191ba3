import type { AppInstance } from '../../app-instance';
import { cardRoutes } from './cards.routes';
import { sceneRoutes } from './scenes.routes';

/** Cards and scenes (ship/cards, ship/scene-list): what the walls show and where. */
export async function scenesModule(app: AppInstance): Promise<void> {
  await cardRoutes(app);
  await sceneRoutes(app);
}

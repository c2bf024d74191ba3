import type { AppInstance } from '../../../app-instance';
import { dictionaryRoutes } from './dictionary.routes';

/** sys/dictionary: dictionaries. */
export async function dictionaryModule(app: AppInstance): Promise<void> {
  await dictionaryRoutes(app);
}

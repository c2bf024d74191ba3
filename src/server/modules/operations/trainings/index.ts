import type { AppInstance } from '../../../app-instance';
import { trainingRoutes } from './trainings.routes';

/** fall/train: training material. */
export async function trainingsModule(app: AppInstance): Promise<void> {
  await trainingRoutes(app);
}

import type { AppInstance } from '../../../app-instance';
import { drawingRoutes } from './drawings.routes';

/** fall/draw: drawings. */
export async function drawingsModule(app: AppInstance): Promise<void> {
  await drawingRoutes(app);
}

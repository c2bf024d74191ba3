import type { FastifyInstance } from 'fastify';
import { orderRoutes } from './orders/orders.routes';
import { reportRoutes } from './reports/reports.routes';
import { trainingRoutes } from './trainings/trainings.routes';
import { drawingRoutes } from './drawings/drawings.routes';
import { monitorRoutes } from './monitors/monitors.routes';
import { detectRoutes } from './detect/detect.routes';
import { warningRoutes } from './warnings/warnings.routes';
import { sensorRoutes } from './sensors/sensors.routes';

/**
 * The work side of installation operations: maintenance orders and reports, training, drawings,
 * cameras, detection boards with their warnings, and sensors (fall/order … fall/others).
 */
export async function operationsWorkModule(app: FastifyInstance): Promise<void> {
  await orderRoutes(app);
  await reportRoutes(app);
  await trainingRoutes(app);
  await drawingRoutes(app);
  await monitorRoutes(app);
  await detectRoutes(app);
  await warningRoutes(app);
  await sensorRoutes(app);
}

import type { FastifyInstance } from 'fastify';
import { deviceRoutes } from './devices.routes';

/** fall/device: the catalogue of device models. */
export async function devicesModule(app: FastifyInstance): Promise<void> {
  await deviceRoutes(app);
}

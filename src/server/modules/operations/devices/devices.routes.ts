import type { FastifyInstance } from 'fastify';
import { asc, sql } from 'drizzle-orm';
import { deviceQuerySchema, deviceSaveSchema, deviceUpdateSchema } from '@shared/contracts/device';
import { fallDevice } from '../../../db/schema';
import { filters, registerCrud } from '../../../lib/crud';
import { registerFileWrites } from '../../files/file-writes';

/** fall/device: the catalogue of device models (fall-device, /ball/falldevice). */
export async function deviceRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    base: '/ball/falldevice',
    table: fallDevice,
    id: fallDevice.id,
    permission: 'fall-device',
    create: deviceSaveSchema,
    query: deviceQuerySchema,
    where: {
      keyword: filters.search(fallDevice.name, fallDevice.model, fallDevice.maker),
      category: filters.eq(fallDevice.category),
      maker: filters.like(fallDevice.maker),
    },
    sortable: { name: fallDevice.name, category: fallDevice.category, maker: fallDevice.maker, model: fallDevice.model, createdAt: fallDevice.createdAt },
    defaultSort: [asc(fallDevice.category), asc(fallDevice.name)],
    extra: {
      equipmentCount: sql<number>`(SELECT count(*)::int FROM fall_eq_info e WHERE e.device_id = "fall_device"."id")`.as('equipment_count'),
    },
    without: ['save', 'update', 'delete'],
    exportName: 'devices',
  });

  registerFileWrites(app, {
    base: '/ball/falldevice',
    table: fallDevice,
    id: fallDevice.id,
    permission: 'fall-device',
    ownerType: 'fall_device',
    fileFields: [{ field: 'handbook' }],
    save: deviceSaveSchema,
    update: deviceUpdateSchema,
  });
}

import type { AppInstance } from '../../../app-instance';
import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import { deviceQuerySchema, deviceSaveSchema, deviceUpdateSchema, deviceRowSchema } from '@shared/contracts/device';
import { fallDevice } from '../../../db/schema';
import { filters, resourceRoutes } from '../../../lib/crud';
import { conflict } from '../../../lib/errors';
import { fileWrites, releaseFiles } from '../../files';
import { RESOURCES } from '@shared/resources';
import { scopeIds, scopeOf } from '../../../lib/data-scope';

/** fall/device: the catalogue of device models (fall-device, /ball/falldevice). */
export async function deviceRoutes(app: AppInstance): Promise<void> {
  const files = fileWrites(app, { table: fallDevice, id: fallDevice.id, ownerType: 'fall_device', fileFields: [{ field: 'handbook' }] });
  resourceRoutes(app, RESOURCES.device, {
    rows: {
      table: fallDevice,
      row: deviceRowSchema,
      id: fallDevice.id,
      query: deviceQuerySchema,
      where: {
        keyword: filters.search(fallDevice.name, fallDevice.nameEn, fallDevice.model, fallDevice.maker),
        category: filters.eq(fallDevice.category),
        maker: filters.like(fallDevice.maker),
      },
      sortable: { name: fallDevice.name, category: fallDevice.category, maker: fallDevice.maker, model: fallDevice.model, createdAt: fallDevice.createdAt },
      defaultSort: [asc(fallDevice.category), asc(fallDevice.name)],
      extra: {
        equipmentCount: sql<number>`(SELECT count(*)::int FROM fall_eq_info e WHERE e.device_id = "fall_device"."id")`.as('equipment_count'),
      },
      // The catalogue is shared by every project; a scoped user counts only the units of their projects.
      extraOf: (request): Record<string, SQL.Aliased> => {
        const ids = scopeIds(scopeOf(request));
        if (!ids) return {};
        return {
          equipmentCount: sql<number>`(SELECT count(*)::int FROM fall_eq_info e WHERE e.device_id = "fall_device"."id" AND e.project_id = ANY(${`{${ids.join(',')}}`}::int[]))`.as('equipment_count'),
        };
      },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'devices', labels: { category: { dictionary: 'device_category' } } },
    create: { body: deviceSaveSchema, write: files.create },
    update: { body: deviceUpdateSchema, write: files.update },
    remove: { write: removeDevices },
  });

  // Outer columns are written out: drizzle renders a one-table select's columns unqualified.
  // A model that equipment (archived units too) or trainings refer to is refused, naming them: its
  // units would lose their model and category, and the wall's device groups with them.
  async function removeDevices(ids: number[]): Promise<number> {
    return app.database.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: fallDevice.id,
          name: fallDevice.name,
          equipment: sql<number>`(SELECT count(*) FROM fall_eq_info e WHERE e.device_id = fall_device.id)`.mapWith(Number),
          trainings: sql<number>`(SELECT count(*) FROM fall_train t WHERE t.device_id = fall_device.id)`.mapWith(Number),
        })
        .from(fallDevice)
        .where(inArray(fallDevice.id, ids))
        .for('update');
      const used = rows.find((r) => r.equipment + r.trainings > 0);
      if (used) {
        const deps = [
          ...(used.equipment ? [{ key: used.equipment === 1 ? 'dep.equipment' : 'dep.equipments', n: used.equipment } as const] : []),
          ...(used.trainings ? [{ key: used.trainings === 1 ? 'dep.training' : 'dep.trainings', n: used.trainings } as const] : []),
        ];
        throw conflict('err.deviceInUse', undefined, { name: used.name, deps });
      }
      const gone = await tx.delete(fallDevice).where(inArray(fallDevice.id, ids)).returning({ id: fallDevice.id });
      await releaseFiles(tx, 'fall_device', gone.map((r) => r.id));
      return gone.length;
    });
  }
}

import type { AppInstance } from '../../../app-instance';
import { asc, eq, sql } from 'drizzle-orm';
import { WARRANTY_SOON_DAYS, equipmentQuerySchema, equipmentSaveSchema, equipmentUpdateSchema, equipmentRowSchema } from '@shared/contracts/equipment';
import type { Db } from '../../../db/client';
import { fallDevice, fallEqInfo, fallProject } from '../../../db/schema';
import { filters, resourceRoutes, type FilterFn } from '../../../lib/crud';
import { badRequest } from '../../../lib/errors';
import { fileWrites } from '../../files';
import { archivedFilter, assertLive, registerArchiveRoutes } from '../../../lib/archive';
import { removeEquipment, restoreEquipment } from './equipment-archive';
import { RESOURCES } from '@shared/resources';
import { availabilityCondition } from '../../stats';

async function exists(tx: Db, table: typeof fallProject | typeof fallDevice, id: number): Promise<boolean> {
  const rows = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  return rows.length > 0;
}

/** Where a unit's project is, for the data scope of its delete and restore (the other writes take it from `rows.project`). */
const EQUIPMENT = { from: 'fall_eq_info x', project: 'x.project_id' };

/** Today as the statistics count days: in UTC, whatever the session's time zone. */
const TODAY = sql`(now() AT TIME ZONE 'UTC')::date`;

/** The warranty filter: ends today or within WARRANTY_SOON_DAYS days, or ended before today. */
const warrantyFilter: FilterFn = (v) =>
  v === 'expiring'
    ? sql`${fallEqInfo.warrantyEnd} BETWEEN ${TODAY} AND ${TODAY} + ${sql.raw(String(WARRANTY_SOON_DAYS))}`
    : v === 'expired'
      ? sql`${fallEqInfo.warrantyEnd} < ${TODAY}`
      : undefined;

/**
 * fall/eqInfo: installed equipment (fall-eqinfo, /ball/falleqinfo). Rows carry the project name and
 * the device model's name and category. posX/posY are fractions (0..1) of the site plan image's
 * width and height, measured from its top-left corner; the project wall draws them on the plan.
 */
export async function equipmentRoutes(app: AppInstance): Promise<void> {
  const files = fileWrites(app, {
    table: fallEqInfo,
    id: fallEqInfo.id,
    ownerType: 'fall_eq_info',
    fileFields: [{ field: 'handbook' }],
    async prepare(tx, values) {
      if (typeof values.projectId === 'number' && !(await exists(tx, fallProject, values.projectId))) {
        throw badRequest('v.option', { projectId: 'v.option' });
      }
      if (typeof values.projectId === 'number') await assertLive(tx, fallProject, values.projectId, 'projectId');
      if (typeof values.deviceId === 'number' && !(await exists(tx, fallDevice, values.deviceId))) {
        throw badRequest('v.option', { deviceId: 'v.option' });
      }
    },
  });
  resourceRoutes(app, RESOURCES.equipment, {
    rows: {
      table: fallEqInfo,
      row: equipmentRowSchema,
      id: fallEqInfo.id,
      query: equipmentQuerySchema,
      where: {
        keyword: filters.search(fallEqInfo.name, fallEqInfo.nameEn, fallEqInfo.serial),
        projectId: filters.eq(fallEqInfo.projectId),
        deviceId: filters.eq(fallEqInfo.deviceId),
        state: filters.eq(fallEqInfo.state),
        // Units without a model count as 'other', as the statistics group them.
        category: (v) => (typeof v === 'string' && v ? sql`coalesce(${fallDevice.category}, 'other') = ${v}` : undefined),
        availability: (v) => availabilityCondition(fallEqInfo.state, v),
        area: filters.eq(fallProject.area),
        country: filters.eq(fallProject.country),
        archived: archivedFilter(fallEqInfo, 'fall-eqinfo#restore'),
        warranty: warrantyFilter,
        outOfService: (v) => (v === 'yes' ? sql`${fallEqInfo.outOfServiceAt} IS NOT NULL` : v === 'no' ? sql`${fallEqInfo.outOfServiceAt} IS NULL` : undefined),
      },
      sortable: {
        name: fallEqInfo.name,
        serial: fallEqInfo.serial,
        state: fallEqInfo.state,
        stateSince: fallEqInfo.stateSince,
        projectName: fallProject.name, projectNameEn: fallProject.nameEn,
        deviceName: fallDevice.name,
        createdAt: fallEqInfo.createdAt,
      },
      defaultSort: [asc(fallEqInfo.projectId), asc(fallEqInfo.name)],
      extra: {
        projectName: sql<string>`${fallProject.name}`.as('project_name'),
        projectNameEn: sql<string>`${fallProject.nameEn}`.as('project_name_en'),
        deviceName: sql<string | null>`${fallDevice.name}`.as('device_name'),
        deviceNameEn: sql<string | null>`${fallDevice.nameEn}`.as('device_name_en'),
        category: sql<string | null>`${fallDevice.category}`.as('category'),
      },
      from: (q) => q.innerJoin(fallProject, eq(fallProject.id, fallEqInfo.projectId)).leftJoin(fallDevice, eq(fallDevice.id, fallEqInfo.deviceId)),
      project: { column: fallEqInfo.projectId },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'equipment', labels: { category: { dictionary: 'device_category' }, state: { dictionary: 'device_state' } } },
    create: { body: equipmentSaveSchema, write: files.create },
    update: { body: equipmentUpdateSchema, write: files.update },
  });

  // Delete archives a unit with orders or warnings and deletes one without; restore is for administrators.
  registerArchiveRoutes(app, RESOURCES.equipment, { remove: removeEquipment, restore: restoreEquipment, project: EQUIPMENT });
}

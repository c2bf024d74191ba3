import type { AppInstance } from '../../../app-instance';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { sparePartQuerySchema, sparePartRowSchema, sparePartSaveSchema } from '@shared/contracts/spare-part';
import { RESOURCES } from '@shared/resources';
import { fallEqInfo, fallSparePart } from '../../../db/schema';
import { filters, resourceRoutes } from '../../../lib/crud';
import { badRequest } from '../../../lib/errors';
import { assertNoMoves } from '../stock';

/**
 * fall/spare: spare parts per installed unit (fall-spare, /ball/fallspare). Rows carry the unit's name.
 * The count on hand is not written here: it moves with the part's stock moves (../stock).
 */
export async function sparePartRoutes(app: AppInstance): Promise<void> {
  /** The unit must exist and be live: parts are not kept for archived equipment. */
  async function checkEquipment(data: { equipmentId?: number }) {
    if (typeof data.equipmentId !== 'number') return data;
    const rows = await app.database.db
      .select({ id: fallEqInfo.id })
      .from(fallEqInfo)
      .where(sql`${fallEqInfo.id} = ${data.equipmentId} AND ${fallEqInfo.archivedAt} IS NULL`);
    if (!rows.length) throw badRequest('v.option', { equipmentId: 'v.option' });
    return data;
  }

  resourceRoutes(app, RESOURCES.sparePart, {
    rows: {
      table: fallSparePart,
      row: sparePartRowSchema,
      id: fallSparePart.id,
      query: sparePartQuerySchema,
      where: {
        keyword: filters.search(fallSparePart.name, fallSparePart.partNo),
        equipmentId: filters.eq(fallSparePart.equipmentId),
      },
      sortable: {
        name: fallSparePart.name,
        partNo: fallSparePart.partNo,
        quantity: fallSparePart.quantity,
        unitCost: fallSparePart.unitCost,
        equipmentName: fallEqInfo.name,
        createdAt: fallSparePart.createdAt,
      },
      defaultSort: [asc(fallSparePart.equipmentId), asc(fallSparePart.name)],
      extra: { equipmentName: sql<string>`${fallEqInfo.name}`.as('equipment_name'), equipmentNameEn: sql<string>`${fallEqInfo.nameEn}`.as('equipment_name_en') },
      from: (q) => q.innerJoin(fallEqInfo, eq(fallEqInfo.id, fallSparePart.equipmentId)),
      // A part belongs to its unit's project.
      project: {
        column: fallEqInfo.projectId,
        ofBody: async (body) => {
          if (typeof body.equipmentId !== 'number') return undefined;
          const [unit] = await app.database.db.select({ projectId: fallEqInfo.projectId }).from(fallEqInfo).where(eq(fallEqInfo.id, body.equipmentId));
          return unit?.projectId;
        },
      },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'spare-parts' },
    create: {
      body: sparePartSaveSchema,
      prepare: checkEquipment,
    },
    update: { prepare: checkEquipment },
    // A part with stock moves keeps them (docs/maintenance.md "Parts and stock").
    remove: {
      write: (ids) =>
        app.database.db.transaction(async (tx) => {
          await assertNoMoves(tx, ids);
          return (await tx.delete(fallSparePart).where(inArray(fallSparePart.id, ids)).returning({ id: fallSparePart.id })).length;
        }),
    },
  });
}

import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { reorderQuerySchema, reorderRowSchema } from '@shared/contracts/stock';
import { RESOURCES } from '@shared/resources';
import type { AppInstance } from '../../../app-instance';
import { fallEqInfo, fallProject, fallSparePart, fallStock, fallStore } from '../../../db/schema';
import { filters, resourceRoutes } from '../../../lib/crud';

/** How many to order to be back above the reorder point. */
const shortBy = sql<number>`(${fallSparePart.reorderPoint} + 1 - ${fallStock.quantity})`;

/**
 * fall/reorder (fall-reorder, /ball/fallreorder): the parts at or under their reorder point, one row
 * per part and store where the part is stocked (has had a move there), live stores only. Reads only.
 */
export async function reorderRoutes(app: AppInstance): Promise<void> {
  resourceRoutes(app, RESOURCES.reorder, {
    rows: {
      table: fallStock,
      row: reorderRowSchema,
      id: fallStock.partId,
      query: reorderQuerySchema,
      where: {
        projectId: filters.eq(fallStore.projectId),
        storeId: filters.eq(fallStock.storeId),
        keyword: filters.search(fallSparePart.name, fallSparePart.partNo),
      },
      sortable: { partName: fallSparePart.name, storeName: fallStore.name, quantity: fallStock.quantity },
      defaultSort: [asc(fallStore.projectId), asc(fallStore.name), sql`${shortBy} DESC`, asc(fallSparePart.name), asc(fallStock.storeId)],
      extra: {
        id: sql<string>`${fallStock.partId}::text || '-' || ${fallStock.storeId}::text`.as('id'),
        partName: sql<string>`${fallSparePart.name}`.as('part_name'),
        partNo: sql<string>`${fallSparePart.partNo}`.as('part_no'),
        equipmentId: sql<number>`${fallEqInfo.id}`.as('equipment_id'),
        equipmentName: sql<string>`${fallEqInfo.name}`.as('equipment_name'),
        equipmentNameEn: sql<string>`${fallEqInfo.nameEn}`.as('equipment_name_en'),
        storeName: sql<string>`${fallStore.name}`.as('store_name'),
        storeNameEn: sql<string>`${fallStore.nameEn}`.as('store_name_en'),
        projectId: sql<number>`${fallStore.projectId}`.as('project_id'),
        projectName: sql<string>`${fallProject.name}`.as('project_name'),
        projectNameEn: sql<string>`${fallProject.nameEn}`.as('project_name_en'),
        unitCost: sql<number>`${fallSparePart.unitCost}::float8`.as('unit_cost'),
        reorderPoint: sql<number>`${fallSparePart.reorderPoint}`.as('reorder_point'),
        shortBy: shortBy.as('short_by'),
      },
      from: (q) =>
        q
          .innerJoin(fallSparePart, eq(fallSparePart.id, fallStock.partId))
          .innerJoin(fallEqInfo, eq(fallEqInfo.id, fallSparePart.equipmentId))
          .innerJoin(fallStore, eq(fallStore.id, fallStock.storeId))
          .innerJoin(fallProject, eq(fallProject.id, fallStore.projectId)),
      scope: () => and(isNull(fallStore.archivedAt), isNull(fallEqInfo.archivedAt), isNotNull(fallSparePart.reorderPoint), lte(fallStock.quantity, sql`${fallSparePart.reorderPoint}`)),
      project: { column: fallStore.projectId },
    },
    list: true,
    export: { name: 'reorder-list' },
  });
}

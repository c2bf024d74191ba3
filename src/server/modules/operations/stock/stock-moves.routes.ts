import type { FastifyRequest } from 'fastify';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { envelopeOf } from '@shared/contracts/common';
import { stockAvailableQuerySchema, stockAvailableSchema, stockMoveQuerySchema, stockMoveRowSchema, stockMoveSaveSchema, STOCK_MOVE_KIND, type StockMoveSave } from '@shared/contracts/stock';
import { RESOURCES } from '@shared/resources';
import type { AppInstance } from '../../../app-instance';
import { fallEqInfo, fallOrder, fallSparePart, fallStock, fallStockMove, fallStore } from '../../../db/schema';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { badRequest, notFound } from '../../../lib/errors';
import { inScope, scopeOf } from '../../../lib/data-scope';
import { applyMove } from './stock.service';

/**
 * fall/stock (fall-stock, /ball/fallstock): the stock moves, read-only rows but for `save`, which
 * writes a receipt or an adjustment (stock.service applyMove: the counts move with it, never below
 * zero). Issues are written by reports. `GET available?orderId=` answers what the order's project
 * holds in its stores, for the report form (with the report's `#save` right, or the moves' `#list`).
 */
export async function stockMoveRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;

  resourceRoutes(app, RESOURCES.stockMove, {
    rows: {
      table: fallStockMove,
      row: stockMoveRowSchema,
      id: fallStockMove.id,
      query: stockMoveQuerySchema,
      where: {
        partId: filters.eq(fallStockMove.partId),
        storeId: filters.eq(fallStockMove.storeId),
        projectId: filters.eq(fallStore.projectId),
        orderId: filters.eq(fallStockMove.orderId),
        equipmentId: filters.eq(fallOrder.equipmentId),
        kind: filters.eq(fallStockMove.kind),
        keyword: filters.search(fallSparePart.name, fallSparePart.partNo, fallStockMove.reason),
        atFrom: filters.gte(fallStockMove.at),
        atTo: filters.lte(fallStockMove.at),
      },
      sortable: { at: fallStockMove.at, quantity: fallStockMove.quantity, partName: fallSparePart.name, kind: fallStockMove.kind },
      defaultSort: [desc(fallStockMove.at), desc(fallStockMove.id)],
      extra: {
        partName: sql<string>`${fallSparePart.name}`.as('part_name'),
        partNo: sql<string>`${fallSparePart.partNo}`.as('part_no'),
        storeName: sql<string>`${fallStore.name}`.as('store_name'),
        storeNameEn: sql<string>`${fallStore.nameEn}`.as('store_name_en'),
        projectId: sql<number>`${fallStore.projectId}`.as('project_id'),
        orderNumber: sql<string | null>`${fallOrder.number}`.as('order_number'),
        orderEquipmentId: sql<number | null>`${fallOrder.equipmentId}`.as('order_equipment_id'),
      },
      from: (q) =>
        q
          .innerJoin(fallSparePart, eq(fallSparePart.id, fallStockMove.partId))
          .innerJoin(fallStore, eq(fallStore.id, fallStockMove.storeId))
          .leftJoin(fallOrder, eq(fallOrder.id, fallStockMove.orderId)),
      // A move belongs to its store's project.
      project: {
        column: fallStore.projectId,
        ofBody: async (body) => {
          if (typeof body.storeId !== 'number') return undefined;
          const [store] = await db.select({ projectId: fallStore.projectId }).from(fallStore).where(eq(fallStore.id, body.storeId));
          return store?.projectId;
        },
      },
    },
    list: true,
    read: true,
    export: { name: 'stock-moves', labels: { kind: STOCK_MOVE_KIND } },
    create: {
      body: stockMoveSaveSchema,
      write: async (body: StockMoveSave, request: FastifyRequest) => {
        if (body.at && body.at.getTime() > Date.now()) throw badRequest('v.stockMoveFuture', { at: 'v.stockMoveFuture' });
        const move = await db.transaction((tx) =>
          applyMove(tx, { partId: body.partId, storeId: body.storeId, kind: body.kind, quantity: body.quantity, reason: body.reason, at: body.at, by: request.auth?.username ?? '' }, 'quantity'),
        );
        return { id: move.id };
      },
    },
  });

  app.get(
    `${RESOURCES.stockMove.api}/available`,
    {
      schema: { querystring: stockAvailableQuerySchema, response: { 200: envelopeOf(stockAvailableSchema) } },
      config: { permission: ['fall-report#save', `${RESOURCES.stockMove.code}#list`] },
    },
    async (request) => {
      const [order] = await db.select({ projectId: fallOrder.projectId }).from(fallOrder).where(eq(fallOrder.id, request.query.orderId));
      // An order outside the caller's data scope is not found, as in every list.
      if (!order || !inScope(scopeOf(request), order.projectId)) throw notFound();
      const rows = await db
        .select({
          partId: fallSparePart.id, partName: fallSparePart.name, partNo: fallSparePart.partNo,
          equipmentId: fallEqInfo.id, equipmentName: fallEqInfo.name, equipmentNameEn: fallEqInfo.nameEn,
          storeId: fallStore.id, storeName: fallStore.name, storeNameEn: fallStore.nameEn, projectId: fallStore.projectId,
          quantity: fallStock.quantity, unitCost: fallSparePart.unitCost, reorderPoint: fallSparePart.reorderPoint,
        })
        .from(fallStock)
        .innerJoin(fallSparePart, eq(fallSparePart.id, fallStock.partId))
        .innerJoin(fallEqInfo, eq(fallEqInfo.id, fallSparePart.equipmentId))
        .innerJoin(fallStore, eq(fallStore.id, fallStock.storeId))
        .where(and(eq(fallStore.projectId, order.projectId), isNull(fallStore.archivedAt), gt(fallStock.quantity, 0)))
        .orderBy(asc(fallEqInfo.name), asc(fallSparePart.name), asc(fallStore.name));
      return ok(rows);
    },
  );
}

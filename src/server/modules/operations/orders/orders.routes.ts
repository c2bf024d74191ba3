import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { deletedAnswer, envelopeOf, exportOptionsSchema, idAnswer, idListSchema, idTextSchema, listAllAnswerOf, pagingSchema } from '@shared/contracts/common';
import {
  ORDER_TRANSITIONS,
  orderActionSchema,
  orderListAllSchema,
  orderQuerySchema,
  orderSaveSchema,
  orderUpdateSchema,
  type OrderQuery,
  orderPageSchema,
  orderRowSchema,
  orderOptionSchema,
  orderDetailSchema,
  orderSavedSchema,
  orderMovedSchema,
} from '@shared/contracts/order';
import { fallOrder, fallReport, fallWarning } from '../../../db/schema';
import { isUnchangedRendering } from '@shared/server-text';
import { badRequest, notFound } from '../../../lib/errors';
import { exportAnswer } from '../../../lib/answers';
import { allRows, LIST_ALL_QUERY_LIMIT, ok } from '../../../lib/crud';
import { exportLabels, pagedBatches, sendExport } from '../../../lib/export';
import { ORDER_PRIORITY, ORDER_SOURCE, ORDER_STATUS } from '@shared/dictionaries';
import { attachFiles, releaseFiles, replaceFiles } from '../../files';
import { recomputeEquipmentState } from '../equipment';
import {
  checkEquipment,
  countOrders,
  insertOrder,
  orderConditions,
  orderOrdering,
  selectOrders,
} from './orders.repository';
import { checkOrderTimes, checkSubmissionAgainstWork, timeRules } from './work-times';
import { needsSla, type SlaHours } from '../../stats';
import { assertInScope, assertRowsInScope, scopeOf } from '../../../lib/data-scope';

/** Where an order's project is, for the data scope of its reads by id and its writes. */
const ORDERS = { from: 'fall_order x', project: 'x.project_id' };

/** Flags (0014) that a corrected submission time makes obsolete. */
const SUBMISSION_ISSUES: readonly string[] = ['v.submittedInFuture', 'v.completedBeforeSubmission'];

const BASE = '/ball/fallorder';
const EXPORT_MAX_ROWS = 100_000;
const listSchema = orderQuerySchema.extend(pagingSchema.shape);
const exportSchema = orderQuerySchema.extend(exportOptionsSchema.shape).extend({ sort: pagingSchema.shape.sort, order: pagingSchema.shape.order });
const infoQuerySchema = z.strictObject({ id: idTextSchema() });

/** fall/order: spec §7 "Fall order" calls plus accept and close (docs/domain.md §3 status flow). */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  /** The SLA hours when the statistics drill-down asks for on-time or late orders. */
  async function slaFor(q: OrderQuery): Promise<SlaHours | null> {
    if (!needsSla(q)) return null;
    const [low, normal, high, urgent] = await Promise.all((['low', 'normal', 'high', 'urgent'] as const).map((p) => app.settings.get(`sla.hours.${p}`)));
    return { low, normal, high, urgent };
  }

  app.post(`${BASE}/list`, { schema: { response: { 200: envelopeOf(orderPageSchema) }, body: listSchema }, config: { permission: 'fall-order#list' } }, async (request) => {
    const { page, limit, sort, order, ...q } = request.body as z.infer<typeof listSchema>;
    const sla = await slaFor(q);
    const [list, count] = await Promise.all([
      selectOrders(db).where(orderConditions(q, sla, scopeOf(request))).orderBy(...orderOrdering(sort, order)).limit(limit).offset((page - 1) * limit),
      countOrders(db, q, sla, scopeOf(request)),
    ]);
    return ok({ list, total: count.total, page, limit, pages: Math.ceil(count.total / limit), totalExact: count.exact });
  });

  // Pickers (spec §7 "Other calls") send title=1 and get id and name only.
  app.post(`${BASE}/listAll`, { schema: { response: { 200: z.union([listAllAnswerOf(orderRowSchema), listAllAnswerOf(orderOptionSchema)]) }, body: orderListAllSchema }, config: { permission: 'fall-order#list' } }, async (request) => {
    const { title, ...q } = request.body as z.infer<typeof orderListAllSchema>;
    const where = orderConditions(q, await slaFor(q), scopeOf(request));
    // Exact, unlike the list's total above its cap: the answer says how many rows it left out.
    const countAll = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(fallOrder).where(where))[0].n;
    if (title === 1) {
      const rows = await db
        .select({ id: fallOrder.id, name: fallOrder.name, number: fallOrder.number })
        .from(fallOrder)
        .where(where)
        .orderBy(...orderOrdering())
        .limit(LIST_ALL_QUERY_LIMIT);
      return allRows(rows, countAll);
    }
    return allRows(await selectOrders(db).where(where).orderBy(...orderOrdering()).limit(LIST_ALL_QUERY_LIMIT), countAll);
  });

  async function info(id: number, request: FastifyRequest) {
    await assertRowsInScope(app.database, request, ORDERS, [id]);
    const [row] = await selectOrders(db).where(eq(fallOrder.id, id));
    if (!row) throw notFound();
    const reports = await db.select().from(fallReport).where(eq(fallReport.orderId, id)).orderBy(asc(fallReport.repairAt), asc(fallReport.id));
    return { ...row, reports };
  }

  // Spec §7 sends the id as a query parameter; the docs/domain.md §1 pattern puts it in the path. Both work.
  app.get(`${BASE}/info/:id`, { schema: { response: { 200: envelopeOf(orderDetailSchema) }, params: infoQuerySchema }, config: { permission: 'fall-order#info' } }, async (request) =>
    ok(await info((request.params as { id: number }).id, request)),
  );
  app.get(`${BASE}/info`, { schema: { response: { 200: envelopeOf(orderDetailSchema) }, querystring: infoQuerySchema }, config: { permission: 'fall-order#info' } }, async (request) =>
    ok(await info((request.query as { id: number }).id, request)),
  );

  app.post(`${BASE}/save`, { schema: { body: orderSaveSchema, response: { 200: envelopeOf(orderSavedSchema) } }, config: { permission: 'fall-order#save' } }, async (request) => {
    const body = request.body as z.infer<typeof orderSaveSchema>;
    assertInScope(request, body.projectId);
    const rules = await timeRules(app.settings);
    const created = await db.transaction(async (tx) => {
      await checkEquipment(tx, body.projectId, body.equipmentId);
      const row = await insertOrder(tx, { ...body, source: 'manual', createdBy: request.auth?.userId ?? null }, rules);
      await attachFiles(tx, 'fall_order', row.id, body.files ?? [], { field: 'files', userId: request.auth?.userId ?? null });
      // An open order puts its unit in maintenance unless something worse holds it (equipment-state.service.ts).
      await recomputeEquipmentState(tx, [body.equipmentId]);
      return row;
    });
    return ok(created);
  });

  app.post(`${BASE}/update`, { schema: { body: orderUpdateSchema, response: { 200: idAnswer } }, config: { permission: 'fall-order#update' } }, async (request) => {
    const { id, ...changes } = request.body as z.infer<typeof orderUpdateSchema>;
    await assertRowsInScope(app.database, request, ORDERS, [id]);
    assertInScope(request, changes.projectId);
    const rules = await timeRules(app.settings);
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(fallOrder).where(eq(fallOrder.id, id)).for('update');
      if (!current) throw notFound();
      if (current.status === 'closed') throw badRequest('err.orderClosed');
      const projectId = changes.projectId ?? current.projectId;
      const equipmentId = changes.equipmentId === undefined ? current.equipmentId : changes.equipmentId;
      if (changes.projectId !== undefined || changes.equipmentId !== undefined) await checkEquipment(tx, projectId, equipmentId);
      const set: Record<string, unknown> = Object.fromEntries(Object.entries({ ...changes, equipmentId }).filter(([, v]) => v !== undefined));
      if (changes.submittedAt) {
        checkOrderTimes({ submittedAt: changes.submittedAt }, rules);
        await checkSubmissionAgainstWork(tx, id, changes.submittedAt, current.completedAt);
        if (current.dataIssue && SUBMISSION_ISSUES.includes(current.dataIssue)) set.dataIssue = null;
      }
      // An automatic order's name and description sent back as shown keep their bilingual stored form.
      for (const k of ['name', 'description'] as const) if (isUnchangedRendering(current[k], set[k], request.locale)) delete set[k];
      await tx.update(fallOrder).set({ ...set, updatedAt: new Date() }).where(eq(fallOrder.id, id));
      // Moving the order to another unit moves what holds both of them.
      if (equipmentId !== current.equipmentId) await recomputeEquipmentState(tx, [current.equipmentId, equipmentId]);
      if (changes.files) {
        await replaceFiles(tx, 'fall_order', id, current.files, changes.files, { field: 'files', userId: request.auth?.userId ?? null });
      }
    });
    return ok({ id });
  });

  /** Moves an order to `to` when its status allows; 404 when missing, 400 when the flow forbids it. */
  async function transition(id: number, action: keyof typeof ORDER_TRANSITIONS, set: Partial<typeof fallOrder.$inferInsert>) {
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(fallOrder)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(fallOrder.id, id), inArray(fallOrder.status, [...ORDER_TRANSITIONS[action]])))
        .returning({ id: fallOrder.id, status: fallOrder.status, equipmentId: fallOrder.equipmentId });
      if (rows.length) {
        // A closed order no longer holds its unit in maintenance.
        await recomputeEquipmentState(tx, [rows[0].equipmentId]);
        return { id: rows[0].id, status: rows[0].status };
      }
      const [exists] = await tx.select({ id: fallOrder.id }).from(fallOrder).where(eq(fallOrder.id, id));
      throw exists ? badRequest('err.orderTransition') : notFound();
    });
  }

  app.post(`${BASE}/accept`, { schema: { body: orderActionSchema, response: { 200: envelopeOf(orderMovedSchema) } }, config: { permission: 'fall-order#accept' } }, async (request) => {
    const { id } = request.body as { id: number };
    await assertRowsInScope(app.database, request, ORDERS, [id]);
    return ok(await transition(id, 'accept', { status: 'accepted', acceptedAt: new Date() }));
  });

  app.post(`${BASE}/close`, { schema: { body: orderActionSchema, response: { 200: envelopeOf(orderMovedSchema) } }, config: { permission: 'fall-order#close' } }, async (request) => {
    const { id } = request.body as { id: number };
    await assertRowsInScope(app.database, request, ORDERS, [id]);
    return ok(await transition(id, 'close', { status: 'closed', closedAt: new Date() }));
  });

  app.post(`${BASE}/delete`, { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: 'fall-order#delete' } }, async (request) => {
    const ids = request.body as number[];
    await assertRowsInScope(app.database, request, ORDERS, ids);
    const deleted = await db.transaction(async (tx) => {
      const reports = await tx.select({ id: fallReport.id }).from(fallReport).where(inArray(fallReport.orderId, ids));
      const rows = await tx.delete(fallOrder).where(inArray(fallOrder.id, ids)).returning({ id: fallOrder.id, equipmentId: fallOrder.equipmentId });
      const gone = rows.map((r) => r.id);
      await recomputeEquipmentState(tx, rows.map((r) => r.equipmentId));
      await tx.update(fallWarning).set({ orderId: null }).where(inArray(fallWarning.orderId, gone.length ? gone : [0]));
      await releaseFiles(tx, 'fall_order', gone);
      await releaseFiles(tx, 'fall_report', reports.map((r) => r.id));
      return gone.length;
    });
    return ok({ deleted });
  });

  app.post(`${BASE}/export`, { schema: { body: exportSchema, response: { 200: exportAnswer } }, config: { permission: 'fall-order#export' } }, async (request, reply) => {
    const { columns, format, sort, order, ...q } = request.body as z.infer<typeof exportSchema>;
    const where = orderConditions(q as OrderQuery, await slaFor(q as OrderQuery), scopeOf(request));
    const ordering = orderOrdering(sort, order);
    return sendExport(reply, {
      name: 'fall-order',
      format,
      columns,
      labels: await exportLabels(app.database, { priority: ORDER_PRIORITY, status: ORDER_STATUS, source: ORDER_SOURCE }),
      batches: pagedBatches(EXPORT_MAX_ROWS, (limit, offset) => selectOrders(db).where(where).orderBy(...ordering).limit(limit).offset(offset)),
    });
  });
}


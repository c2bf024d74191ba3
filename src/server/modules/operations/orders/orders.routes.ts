import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeOf, listAllAnswerOf } from '@shared/contracts/common';
import {
  ORDER_TRANSITIONS,
  orderActionSchema,
  orderListAllSchema,
  orderQuerySchema,
  orderSaveSchema,
  orderUpdateSchema,
  type OrderQuery,
  type OrderStatus,
  orderRowSchema,
  orderOptionSchema,
  orderDetailSchema,
  orderSavedSchema,
  orderMovedSchema,
} from '@shared/contracts/order';
import { fallChecklistFilled, fallOrder, fallOrderAssignment, fallReport, fallWarning, sysUser } from '../../../db/schema';
import { alias } from 'drizzle-orm/pg-core';
import { isUnchangedRendering } from '@shared/server-text';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { allows } from '../../../plugins/auth';
import { assertAssignable, dueAtOf, publishNotified, recordAssignment, slaHours } from '../assignment';
import { allRows, LIST_ALL_QUERY_LIMIT, ok, resourceRoutes } from '../../../lib/crud';
import { ORDER_PRIORITY, ORDER_SOURCE, ORDER_STATUS } from '@shared/dictionaries';
import { attachFiles, releaseFiles, replaceFiles } from '../../files';
import { recomputeEquipmentState } from '../equipment';
import {
  assertChecklistLive,
  assertNoFilledChecklist,
  checkEquipment,
  countOrders,
  insertOrder,
  joinOrderNames,
  ORDER_HIDDEN,
  ORDER_JOINED,
  ORDER_SORTS,
  orderConditions,
  orderOrdering,
  selectOrders,
} from './orders.repository';
import { checkOrderTimes, checkSubmissionAgainstWork, timeRules } from './work-times';
import { needsSla, type SlaHours } from '../../stats';
import { assertRowsInScope, scopeOf } from '../../../lib/data-scope';
import { RESOURCES } from '@shared/resources';
import type { AppInstance } from '../../../app-instance';

/** Where an order's project is, for the data scope of accept and close. */
const ORDERS = { from: 'fall_order x', project: 'x.project_id' };

/** Flags (0014) that a corrected submission time makes obsolete. */
const SUBMISSION_ISSUES: readonly string[] = ['v.submittedInFuture', 'v.completedBeforeSubmission'];

const BASE = RESOURCES.order.api;
const EXPORT_MAX_ROWS = 100_000;

/** The users of an assignment's history, each under its own name. */
const fromUser = alias(sysUser, 'from_user');
const toUser = alias(sysUser, 'to_user');
const byUser = alias(sysUser, 'by_user');

/** Changing an order's assignee takes `fall-order#assign` beside the save or update right. */
function mayAssign(request: FastifyRequest): void {
  if (!allows(request.auth ?? null, 'fall-order#assign')) throw forbidden();
}

/** fall/order: spec §7 "Fall order" calls plus accept and close (docs/domain.md §3 status flow). */
export async function orderRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;
  /** The SLA hours when the statistics drill-down asks for on-time or late orders. */
  async function slaFor(q: OrderQuery): Promise<SlaHours | null> {
    if (!needsSla(q)) return null;
    const [low, normal, high, urgent] = await Promise.all((['low', 'normal', 'high', 'urgent'] as const).map((p) => app.settings.get(`sla.hours.${p}`)));
    return { low, normal, high, urgent };
  }

  resourceRoutes(app, RESOURCES.order, {
    rows: {
      table: fallOrder,
      id: fallOrder.id,
      row: orderRowSchema,
      query: orderQuerySchema,
      // The statistics drill-down's fields (metric, days, place, category) only mean something together.
      where: async (q) => orderConditions(q, await slaFor(q)),
      sortable: ORDER_SORTS,
      defaultSort: [desc(fallOrder.submittedAt)],
      hidden: ORDER_HIDDEN,
      extra: ORDER_JOINED,
      from: joinOrderNames,
      project: { column: fallOrder.projectId },
    },
    // Counting every match of a million orders is slow: past a cap the total is an estimate (orders.repository).
    list: { count: async (q, request) => countOrders(db, q, await slaFor(q), scopeOf(request)) },
    // Spec §7 sends the id as a query parameter; the docs/domain.md §1 pattern puts it in the path. Both work.
    read: {
      idInQuery: true,
      detail: {
        answer: orderDetailSchema,
        // Each report with what its filled checklist failed and flagged (null: it has none).
        of: async (id) => ({
          assignments: await db
            .select({
              id: fallOrderAssignment.id,
              fromName: fallOrderAssignment.fromName,
              toName: fallOrderAssignment.toName,
              byName: fallOrderAssignment.byName,
              fromNameEn: sql<string>`coalesce(nullif(${fromUser.realNameEn}, ''), ${fallOrderAssignment.fromName})`,
              toNameEn: sql<string>`coalesce(nullif(${toUser.realNameEn}, ''), ${fallOrderAssignment.toName})`,
              byNameEn: sql<string>`coalesce(nullif(${byUser.realNameEn}, ''), ${fallOrderAssignment.byName})`,
              at: fallOrderAssignment.at,
            })
            .from(fallOrderAssignment)
            .leftJoin(fromUser, eq(fromUser.id, fallOrderAssignment.fromUserId))
            .leftJoin(toUser, eq(toUser.id, fallOrderAssignment.toUserId))
            .leftJoin(byUser, eq(byUser.id, fallOrderAssignment.byUserId))
            .where(eq(fallOrderAssignment.orderId, id))
            .orderBy(asc(fallOrderAssignment.at), asc(fallOrderAssignment.id)),
          reports: await db
            .select({ ...getTableColumns(fallReport), checklistFailed: fallChecklistFilled.failed, checklistFlagged: fallChecklistFilled.flagged })
            .from(fallReport)
            .leftJoin(fallChecklistFilled, eq(fallChecklistFilled.reportId, fallReport.id))
            .where(eq(fallReport.orderId, id))
            .orderBy(asc(fallReport.repairAt), asc(fallReport.id)),
        }),
      },
    },
    export: { labels: { priority: ORDER_PRIORITY, status: ORDER_STATUS, source: ORDER_SOURCE }, maxRows: EXPORT_MAX_ROWS },
    create: {
      body: orderSaveSchema,
      answer: orderSavedSchema,
      write: async ({ assigneeId, ...body }, request) => {
        const rules = await timeRules(app.settings);
        if (assigneeId) mayAssign(request);
        const sla = await slaHours(app.settings);
        let told: number | null = null;
        const saved = await db.transaction(async (tx) => {
          await checkEquipment(tx, body.projectId, body.equipmentId);
          await assertChecklistLive(tx, body.checklistId);
          if (assigneeId) await assertAssignable(tx, body.projectId, assigneeId);
          const row = await insertOrder(tx, { ...body, source: 'manual', createdBy: request.auth?.userId ?? null }, rules);
          await attachFiles(tx, 'fall_order', row.id, body.files ?? [], { field: 'files', userId: request.auth?.userId ?? null });
          // An open order puts its unit in maintenance unless something worse holds it (equipment-state.service.ts).
          await recomputeEquipmentState(tx, [body.equipmentId]);
          if (assigneeId) {
            const [o] = await tx.select({ priority: fallOrder.priority, submittedAt: fallOrder.submittedAt }).from(fallOrder).where(eq(fallOrder.id, row.id));
            told = await recordAssignment(tx, { orderId: row.id, from: null, to: assigneeId, by: request.auth?.userId ?? null, dueAt: dueAtOf(sla, o.priority, o.submittedAt) });
          }
          return row;
        });
        if (told !== null) await publishNotified(app, [told]);
        return saved;
      },
    },
    update: {
      body: orderUpdateSchema,
      write: async ({ id, assigneeId, ...changes }, request) => {
        const rules = await timeRules(app.settings);
        const sla = await slaHours(app.settings);
        let told: number | null = null;
        await db.transaction(async (tx) => {
          const [current] = await tx.select().from(fallOrder).where(eq(fallOrder.id, id)).for('update');
          if (!current) throw notFound();
          if (current.status === 'closed') throw badRequest('err.orderClosed');
          const projectId = changes.projectId ?? current.projectId;
          const equipmentId = changes.equipmentId === undefined ? current.equipmentId : changes.equipmentId;
          if (changes.projectId !== undefined || changes.equipmentId !== undefined) await checkEquipment(tx, projectId, equipmentId);
          if (changes.checklistId !== undefined && changes.checklistId !== current.checklistId) await assertChecklistLive(tx, changes.checklistId);
          const set: Record<string, unknown> = Object.fromEntries(Object.entries({ ...changes, equipmentId }).filter(([, v]) => v !== undefined));
          if (changes.submittedAt) {
            checkOrderTimes({ submittedAt: changes.submittedAt }, rules);
            await checkSubmissionAgainstWork(tx, id, changes.submittedAt, current.completedAt);
            if (current.dataIssue && SUBMISSION_ISSUES.includes(current.dataIssue)) set.dataIssue = null;
          }
          // An automatic order's name and description sent back as shown keep their bilingual stored form.
          for (const k of ['name', 'description'] as const) if (isUnchangedRendering(current[k], set[k], request.locale)) delete set[k];
          await tx.update(fallOrder).set({ ...set, updatedAt: new Date() }).where(eq(fallOrder.id, id));
          // The assignee: a change needs the right to assign and a user covering the (new) project;
          // a move to a project the assignee does not cover is refused unless the order is reassigned.
          const to = assigneeId === undefined ? current.assigneeId : assigneeId;
          if (to !== current.assigneeId) mayAssign(request);
          if (to !== null && (to !== current.assigneeId || projectId !== current.projectId)) await assertAssignable(tx, projectId, to);
          const [after] = await tx.select({ priority: fallOrder.priority, submittedAt: fallOrder.submittedAt }).from(fallOrder).where(eq(fallOrder.id, id));
          const dueAt = to === null ? current.dueAt : dueAtOf(sla, after.priority, after.submittedAt);
          if (to !== current.assigneeId) told = await recordAssignment(tx, { orderId: id, from: current.assigneeId, to, by: request.auth?.userId ?? null, dueAt });
          else if (dueAt?.getTime() !== current.dueAt?.getTime()) await tx.update(fallOrder).set({ dueAt }).where(eq(fallOrder.id, id));
          // Moving the order to another unit moves what holds both of them.
          if (equipmentId !== current.equipmentId) await recomputeEquipmentState(tx, [current.equipmentId, equipmentId]);
          if (changes.files) {
            await replaceFiles(tx, 'fall_order', id, current.files, changes.files, { field: 'files', userId: request.auth?.userId ?? null });
          }
        });
        if (told !== null) await publishNotified(app, [told]);
      },
    },
    remove: {
      write: (ids) =>
        db.transaction(async (tx) => {
          await assertNoFilledChecklist(tx, { orderIds: ids });
          const reports = await tx.select({ id: fallReport.id }).from(fallReport).where(inArray(fallReport.orderId, ids));
          const rows = await tx.delete(fallOrder).where(inArray(fallOrder.id, ids)).returning({ id: fallOrder.id, equipmentId: fallOrder.equipmentId });
          const gone = rows.map((r) => r.id);
          await recomputeEquipmentState(tx, rows.map((r) => r.equipmentId));
          await tx.update(fallWarning).set({ orderId: null }).where(inArray(fallWarning.orderId, gone.length ? gone : [0]));
          await releaseFiles(tx, 'fall_order', gone);
          await releaseFiles(tx, 'fall_report', reports.map((r) => r.id));
          return gone.length;
        }),
    },
  });

  // Pickers (spec §7 "Other calls") send title=1 and get id, name and number only: beside the builder's parts.
  app.post(`${BASE}/listAll`, { schema: { response: { 200: z.union([listAllAnswerOf(orderRowSchema), listAllAnswerOf(orderOptionSchema)]) }, body: orderListAllSchema }, config: { permission: 'fall-order#list' } }, async (request) => {
    const { title, ...q } = request.body;
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

  /** Moves an order to `to` when its status allows; 404 when missing, 400 when the flow forbids it. */
  async function transition(id: number, action: keyof typeof ORDER_TRANSITIONS, to: OrderStatus, set: Partial<typeof fallOrder.$inferInsert>) {
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(fallOrder)
        .set({ ...set, status: to, updatedAt: new Date() })
        .where(and(eq(fallOrder.id, id), inArray(fallOrder.status, [...ORDER_TRANSITIONS[action]])))
        .returning({ id: fallOrder.id, equipmentId: fallOrder.equipmentId });
      if (rows.length) {
        // A closed order no longer holds its unit in maintenance.
        await recomputeEquipmentState(tx, [rows[0].equipmentId]);
        return { id: rows[0].id, status: to };
      }
      const [exists] = await tx.select({ id: fallOrder.id }).from(fallOrder).where(eq(fallOrder.id, id));
      throw exists ? badRequest('err.orderTransition') : notFound();
    });
  }

  app.post(`${BASE}/accept`, { schema: { body: orderActionSchema, response: { 200: envelopeOf(orderMovedSchema) } }, config: { permission: 'fall-order#accept' } }, async (request) => {
    const { id } = request.body;
    await assertRowsInScope(app.database, request, ORDERS, [id]);
    return ok(await transition(id, 'accept', 'accepted', { acceptedAt: new Date() }));
  });

  app.post(`${BASE}/close`, { schema: { body: orderActionSchema, response: { 200: envelopeOf(orderMovedSchema) } }, config: { permission: 'fall-order#close' } }, async (request) => {
    const { id } = request.body;
    await assertRowsInScope(app.database, request, ORDERS, [id]);
    return ok(await transition(id, 'close', 'closed', { closedAt: new Date() }));
  });
}

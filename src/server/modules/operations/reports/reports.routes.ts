import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, getTableColumns, gte, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { deletedAnswer, envelopeOf, idAnswer, idListSchema, idTextSchema, listAllAnswerOf, listAnswerOf, pagingSchema } from '@shared/contracts/common';
import { reportFiledSchema, reportQuerySchema, reportSaveSchema, reportUpdateSchema, reportRowSchema } from '@shared/contracts/report';
import { fallOrder, fallProject, fallReport } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { allRows, LIST_ALL_QUERY_LIMIT, ok, ownEntry } from '../../../lib/crud';
import { escapeLike } from '../../../lib/like';
import { pageOf } from '@shared/envelope';
import { releaseFiles, replaceFiles } from '../../files';
import { fileReport } from './reports.service';
import { checkReportTimes, timeRules } from '../orders';
import { assertRowsInScope, scopeCondition, scopeOf, type DataScope } from '../../../lib/data-scope';

/** A report belongs to its order's project. */
const REPORTS = { from: 'fall_report x JOIN fall_order o ON o.id = x.order_id', project: 'o.project_id' };
const ORDERS = { from: 'fall_order x', project: 'x.project_id' };

const BASE = '/ball/fallreport';
const listSchema = reportQuerySchema.extend(pagingSchema.shape);
type ReportQuery = z.infer<typeof reportQuerySchema>;

const reportSelection = {
  ...getTableColumns(fallReport),
  orderNumber: fallOrder.number,
  orderName: fallOrder.name,
  orderStatus: fallOrder.status,
  projectId: fallOrder.projectId,
  projectName: fallProject.name, projectNameEn: fallProject.nameEn,
};

const SORTS = { repairAt: fallReport.repairAt, completedAt: fallReport.completedAt, durationHours: fallReport.durationHours, result: fallReport.result };

function conditions(q: ReportQuery, scope: DataScope): SQL | undefined {
  return and(
    ...[
      scopeCondition(scope, fallOrder.projectId),
      q.orderId ? eq(fallReport.orderId, q.orderId) : undefined,
      q.projectId ? eq(fallOrder.projectId, q.projectId) : undefined,
      q.result ? eq(fallReport.result, q.result) : undefined,
      q.repairer ? like(sql`lower(${fallReport.repairer})`, escapeLike(q.repairer.toLowerCase()) + '%') : undefined,
      q.repairFrom ? gte(fallReport.repairAt, q.repairFrom) : undefined,
      q.repairTo ? lte(fallReport.repairAt, q.repairTo) : undefined,
    ].filter((p): p is SQL => !!p),
  );
}

/** fall/report: repair reports; filing one moves its order (reports.service). */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const select = () =>
    db.select(reportSelection).from(fallReport).innerJoin(fallOrder, eq(fallOrder.id, fallReport.orderId)).leftJoin(fallProject, eq(fallProject.id, fallOrder.projectId));

  app.post(`${BASE}/list`, { schema: { response: { 200: listAnswerOf(reportRowSchema) }, body: listSchema }, config: { permission: 'fall-report#list' } }, async (request) => {
    const { page, limit, sort, order, ...q } = request.body as z.infer<typeof listSchema>;
    const col = ownEntry<(typeof SORTS)[keyof typeof SORTS]>(SORTS, sort) ?? fallReport.repairAt;
    const where = conditions(q, scopeOf(request));
    const [list, [{ n }]] = await Promise.all([
      select().where(where).orderBy(order === 'asc' ? asc(col) : desc(col), desc(fallReport.id)).limit(limit).offset((page - 1) * limit),
      db.select({ n: sql<number>`count(*)::int` }).from(fallReport).innerJoin(fallOrder, eq(fallOrder.id, fallReport.orderId)).where(where),
    ]);
    return ok(pageOf(list, n, page, limit));
  });

  app.post(`${BASE}/listAll`, { schema: { response: { 200: listAllAnswerOf(reportRowSchema) }, body: reportQuerySchema }, config: { permission: 'fall-report#list' } }, async (request) => {
    const where = conditions(request.body as ReportQuery, scopeOf(request));
    return allRows(await select().where(where).orderBy(desc(fallReport.repairAt), desc(fallReport.id)).limit(LIST_ALL_QUERY_LIMIT), async () =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(fallReport).innerJoin(fallOrder, eq(fallOrder.id, fallReport.orderId)).where(where))[0].n,
    );
  });

  app.get(`${BASE}/info/:id`, { schema: { response: { 200: envelopeOf(reportRowSchema) }, params: z.object({ id: idTextSchema() }) }, config: { permission: 'fall-report#info' } }, async (request) => {
    const [row] = await select().where(and(eq(fallReport.id, (request.params as { id: number }).id), scopeCondition(scopeOf(request), fallOrder.projectId)));
    if (!row) throw notFound();
    return ok(row);
  });

  app.post(`${BASE}/save`, { schema: { body: reportSaveSchema, response: { 200: envelopeOf(reportFiledSchema) } }, config: { permission: 'fall-report#save' } }, async (request) => {
    const body = request.body as z.infer<typeof reportSaveSchema>;
    await assertRowsInScope(app.database, request, ORDERS, [body.orderId]);
    const rules = await timeRules(app.settings);
    return ok(await db.transaction((tx) => fileReport(tx, body, request.auth?.userId ?? null, rules)));
  });

  app.post(`${BASE}/update`, { schema: { body: reportUpdateSchema, response: { 200: idAnswer } }, config: { permission: 'fall-report#update' } }, async (request) => {
    const { id, files, orderId, result, ...changes } = request.body as z.infer<typeof reportUpdateSchema>;
    await assertRowsInScope(app.database, request, REPORTS, [id]);
    const rules = await timeRules(app.settings);
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          id: fallReport.id, files: fallReport.files, orderId: fallReport.orderId, result: fallReport.result, status: fallOrder.status,
          repairAt: fallReport.repairAt, completedAt: fallReport.completedAt, durationHours: fallReport.durationHours, submittedAt: fallOrder.submittedAt,
        })
        .from(fallReport)
        .innerJoin(fallOrder, eq(fallOrder.id, fallReport.orderId))
        .where(eq(fallReport.id, id))
        .for('update');
      if (!current) throw notFound();
      if (current.status === 'closed') throw badRequest('err.orderClosed');
      if (orderId !== undefined && orderId !== current.orderId) throw badRequest('v.reportFrozen', { orderId: 'v.reportFrozen' });
      if (result !== undefined && result !== current.result) throw badRequest('v.reportFrozen', { result: 'v.reportFrozen' });
      const set: Record<string, unknown> = Object.fromEntries(Object.entries({ ...changes, files }).filter(([, v]) => v !== undefined));
      if (changes.repairAt !== undefined || changes.completedAt !== undefined || changes.durationHours !== undefined) {
        // The report as it will be, checked whole; once it keeps every rule, a flag of 0014 is obsolete.
        const next = { ...current, ...set } as { repairAt: Date; completedAt: Date | null; durationHours: number };
        checkReportTimes(current, next, rules);
        set.dataIssue = null;
      }
      if (Object.keys(set).length) await tx.update(fallReport).set(set).where(eq(fallReport.id, id));
      if (files) await replaceFiles(tx, 'fall_report', id, current.files, files, { field: 'files', userId: request.auth?.userId ?? null });
    });
    return ok({ id });
  });

  // Deleting a report recounts its order but does not rewind the order's status: the flow only moves forward.
  app.post(`${BASE}/delete`, { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: 'fall-report#delete' } }, async (request) => {
    const ids = request.body as number[];
    await assertRowsInScope(app.database, request, REPORTS, ids);
    const deleted = await db.transaction(async (tx) => {
      const rows = await tx.delete(fallReport).where(inArray(fallReport.id, ids)).returning({ id: fallReport.id, orderId: fallReport.orderId });
      const orderIds = [...new Set(rows.map((r) => r.orderId))];
      if (orderIds.length) {
        await tx
          .update(fallOrder)
          .set({ reportCount: sql`(SELECT count(*)::int FROM ${fallReport} WHERE ${fallReport.orderId} = ${fallOrder.id})`, updatedAt: new Date() })
          .where(inArray(fallOrder.id, orderIds));
      }
      await releaseFiles(tx, 'fall_report', rows.map((r) => r.id));
      return rows.length;
    });
    return ok({ deleted });
  });
}

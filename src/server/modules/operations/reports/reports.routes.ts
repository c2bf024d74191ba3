import { desc, eq, inArray, like, sql } from 'drizzle-orm';
import { envelopeOf } from '@shared/contracts/common';
import { reportFiledSchema, reportQuerySchema, reportSaveSchema, reportUpdateSchema, reportRowSchema } from '@shared/contracts/report';
import { RESOURCES } from '@shared/resources';
import { fallChecklistFilled, fallOrder, fallProject, fallReport } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { escapeLike } from '../../../lib/like';
import { releaseFiles, replaceFiles } from '../../files';
import { fileReport } from './reports.service';
import { assertNoFilledChecklist, checkReportTimes, timeRules } from '../orders';
import { assertRowsInScope } from '../../../lib/data-scope';
import { assertNoIssuedParts } from '../stock';
import type { AppInstance } from '../../../app-instance';

/** Where a new report's order is, for the data scope of its filing. */
const ORDERS = { from: 'fall_order x', project: 'x.project_id' };

const BASE = RESOURCES.report.api;

/** fall/report: repair reports; filing one moves its order (reports.service), beside the builder's parts. */
export async function reportRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;

  resourceRoutes(app, RESOURCES.report, {
    rows: {
      table: fallReport,
      id: fallReport.id,
      row: reportRowSchema,
      query: reportQuerySchema,
      where: {
        orderId: filters.eq(fallReport.orderId),
        projectId: filters.eq(fallOrder.projectId),
        result: filters.eq(fallReport.result),
        // A prefix of the name, in any case.
        repairer: (v) => (typeof v === 'string' && v ? like(sql`lower(${fallReport.repairer})`, escapeLike(v.toLowerCase()) + '%') : undefined),
        repairFrom: filters.gte(fallReport.repairAt),
        repairTo: filters.lte(fallReport.repairAt),
      },
      sortable: { repairAt: fallReport.repairAt, completedAt: fallReport.completedAt, durationHours: fallReport.durationHours, result: fallReport.result },
      defaultSort: [desc(fallReport.repairAt)],
      extra: {
        orderNumber: fallOrder.number,
        orderName: fallOrder.name,
        projectId: fallOrder.projectId,
        projectName: fallProject.name, projectNameEn: fallProject.nameEn,
        checklistFailed: fallChecklistFilled.failed,
        checklistFlagged: fallChecklistFilled.flagged,
      },
      from: (q) =>
        q
          .innerJoin(fallOrder, eq(fallOrder.id, fallReport.orderId))
          .leftJoin(fallProject, eq(fallProject.id, fallOrder.projectId))
          .leftJoin(fallChecklistFilled, eq(fallChecklistFilled.reportId, fallReport.id)),
      // A report belongs to its order's project.
      project: { column: fallOrder.projectId },
    },
    list: true,
    listAll: true,
    read: true,
    update: {
      body: reportUpdateSchema,
      write: async ({ id, files, orderId, result, checklist, parts, ...changes }, request) => {
        if (checklist && Object.keys(checklist.answers).length) throw badRequest('v.checklistFrozen', { checklist: 'v.checklistFrozen' });
        if (parts?.length) throw badRequest('v.partsFrozen', { parts: 'v.partsFrozen' });
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
      },
    },
    // Deleting a report recounts its order but does not rewind the order's status: the flow only moves forward.
    remove: {
      write: (ids) =>
        db.transaction(async (tx) => {
          await assertNoFilledChecklist(tx, { reportIds: ids });
          await assertNoIssuedParts(tx, ids);
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
        }),
    },
  });

  // Filing a report moves its order (reports.service): a write of its own, in the order's scope.
  app.post(`${BASE}/save`, { schema: { body: reportSaveSchema, response: { 200: envelopeOf(reportFiledSchema) } }, config: { permission: 'fall-report#save' } }, async (request) => {
    const body = request.body;
    await assertRowsInScope(app.database, request, ORDERS, [body.orderId]);
    const rules = await timeRules(app.settings);
    return ok(await db.transaction((tx) => fileReport(tx, body, request.auth?.userId ?? null, rules)));
  });
}

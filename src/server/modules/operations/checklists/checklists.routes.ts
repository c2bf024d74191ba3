import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { judge } from '@shared/checklist';
import {
  checklistQuerySchema,
  checklistRowSchema,
  checklistSaveSchema,
  checklistUpdateSchema,
  checklistValueSchema,
  checklistValuesQuerySchema,
  filledChecklistSchema,
  normalItem,
  type ChecklistSave,
  type ChecklistUpdate,
} from '@shared/contracts/checklist';
import { envelopeOf, idTextSchema } from '@shared/contracts/common';
import { OPEN_ORDER_STATUSES } from '@shared/contracts/order';
import { RESOURCES } from '@shared/resources';
import type { AppInstance } from '../../../app-instance';
import { fallChecklist, fallChecklistFilled, fallChecklistValue, fallEqInfo, fallOrder, fallReport } from '../../../db/schema';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { notFound } from '../../../lib/errors';
import { inScope, scopeOf } from '../../../lib/data-scope';

/**
 * fall/checklist (fall-checklist, /ball/fallchecklist): checklist templates, shared by every project
 * (docs/maintenance.md "Checklists"). Deleting one archives it: the orders naming it keep it, and
 * what was filled keeps its own copy of the items. Beside them, a report's filled checklist
 * (`GET /ball/fallreport/checklist/{reportId}`, with the report's right) and a unit's numbers
 * from checklists (`GET /ball/falleqinfo/checklistValues`, with the unit's).
 */
export async function checklistRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;

  resourceRoutes(app, RESOURCES.checklist, {
    rows: {
      table: fallChecklist,
      row: checklistRowSchema,
      id: fallChecklist.id,
      query: checklistQuerySchema,
      where: { keyword: filters.search(fallChecklist.name, fallChecklist.nameEn, fallChecklist.remark) },
      sortable: { name: fallChecklist.name, createdAt: fallChecklist.createdAt, updatedAt: fallChecklist.updatedAt },
      defaultSort: [asc(fallChecklist.name), asc(fallChecklist.id)],
      extra: {
        orders: sql<number>`(SELECT count(*)::int FROM fall_order o WHERE o.checklist_id = "fall_checklist"."id" AND o.status = ANY(${`{${OPEN_ORDER_STATUSES.join(',')}}`}::text[]))`.as('orders'),
      },
      scope: () => isNull(fallChecklist.archivedAt),
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'checklists' },
    create: {
      body: checklistSaveSchema,
      write: async (body: ChecklistSave, request) => {
        const [row] = await db
          .insert(fallChecklist)
          .values({ name: body.name, nameEn: body.nameEn ?? '', remark: body.remark ?? '', items: body.items.map(normalItem), createdBy: request.auth?.username ?? '' })
          .returning({ id: fallChecklist.id });
        return { id: row.id };
      },
    },
    update: {
      body: checklistUpdateSchema,
      write: async ({ id, items, ...changes }: ChecklistUpdate) => {
        const set = Object.fromEntries(Object.entries({ ...changes, items: items?.map(normalItem) }).filter(([, v]) => v !== undefined));
        const rows = await db
          .update(fallChecklist)
          .set({ ...set, updatedAt: new Date() })
          .where(and(eq(fallChecklist.id, id), isNull(fallChecklist.archivedAt)))
          .returning({ id: fallChecklist.id });
        if (!rows.length) throw notFound();
      },
    },
    remove: {
      write: async (ids) => {
        const rows = await db
          .update(fallChecklist)
          .set({ archivedAt: new Date(), updatedAt: new Date() })
          .where(and(inArray(fallChecklist.id, ids), isNull(fallChecklist.archivedAt)))
          .returning({ id: fallChecklist.id });
        return rows.length;
      },
    },
  });

  // A report's filled checklist, with the verdict of each item as it was judged.
  app.get(
    `${RESOURCES.report.api}/checklist/:reportId`,
    { schema: { params: z.object({ reportId: idTextSchema() }), response: { 200: envelopeOf(filledChecklistSchema.nullable()) } }, config: { permission: `${RESOURCES.report.code}#info` } },
    async (request) => {
      const reportId = Number(request.params.reportId);
      const [report] = await db.select({ projectId: fallOrder.projectId }).from(fallReport).innerJoin(fallOrder, eq(fallOrder.id, fallReport.orderId)).where(eq(fallReport.id, reportId));
      // A row of a project outside the caller's data scope is not found, as in every list.
      if (!report || !inScope(scopeOf(request), report.projectId)) throw notFound();
      const [row] = await db
        .select({ filled: fallChecklistFilled, correctiveOrderNumber: fallOrder.number })
        .from(fallChecklistFilled)
        .leftJoin(fallOrder, eq(fallOrder.id, fallChecklistFilled.correctiveOrderId))
        .where(eq(fallChecklistFilled.reportId, reportId));
      if (!row) return ok(null);
      const f = row.filled;
      return ok({
        id: f.id,
        reportId: f.reportId,
        orderId: f.orderId,
        checklistId: f.checklistId,
        name: f.name,
        nameEn: f.nameEn,
        items: f.items,
        answers: f.answers,
        verdicts: judge(f.items, f.answers).verdicts,
        failed: f.failed,
        flagged: f.flagged,
        correctiveOrderId: f.correctiveOrderId,
        correctiveOrderNumber: row.correctiveOrderNumber,
        filledBy: f.filledBy,
        filledAt: f.filledAt.toISOString(),
      });
    },
  );

  // A unit's numbers from checklists, oldest first (at most 2,000): its history beside the board's readings.
  app.get(
    `${RESOURCES.equipment.api}/checklistValues`,
    { schema: { querystring: checklistValuesQuerySchema, response: { 200: envelopeOf(z.array(checklistValueSchema)) } }, config: { permission: `${RESOURCES.equipment.code}#info` } },
    async (request) => {
      const q = request.query;
      const equipmentId = Number(q.equipmentId);
      const [unit] = await db.select({ projectId: fallEqInfo.projectId }).from(fallEqInfo).where(eq(fallEqInfo.id, equipmentId));
      if (!unit || !inScope(scopeOf(request), unit.projectId)) throw notFound();
      const v = fallChecklistValue;
      const rows = await db
        .select({
          at: v.at, key: v.itemKey, label: v.label, labelEn: v.labelEn, unit: v.unit, value: v.value, min: v.min, max: v.max, ok: v.ok,
          orderId: fallChecklistFilled.orderId, reportId: fallChecklistFilled.reportId,
        })
        .from(v)
        .innerJoin(fallChecklistFilled, eq(fallChecklistFilled.id, v.filledId))
        .where(and(eq(v.equipmentId, equipmentId), q.key ? eq(v.itemKey, q.key) : undefined, q.from ? gte(v.at, new Date(q.from)) : undefined, q.to ? lte(v.at, new Date(q.to)) : undefined))
        .orderBy(desc(v.at), desc(v.id))
        .limit(2000);
      return ok(rows.reverse().map((r) => ({ ...r, at: r.at.toISOString() })));
    },
  );
}

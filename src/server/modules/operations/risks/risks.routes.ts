import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../../app-instance';
import { envelopeOf, idParamSchema, listAnswerOf, pagingSchema } from '@shared/contracts/common';
import { channelTrendQuerySchema, channelTrendSchema } from '@shared/contracts/detect';
import { RISK_DISMISS_WIDEN, riskDismissSchema, riskDismissedSchema, riskInfoSchema, riskOfOrderSchema, riskQuerySchema, riskRowSchema, type RiskRow } from '@shared/contracts/risk';
import { pageOf } from '@shared/envelope';
import { RESOURCES } from '@shared/resources';
import { fallChannelBaseline, fallChannelRisk, fallDetect, fallDetectChannel, fallEqInfo, fallOrder, fallProject } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { ok } from '../../../lib/crud';
import { assertRowsInScope, scopeCondition, scopeOf, type DataScope } from '../../../lib/data-scope';
import { publishLive } from '../../../live';
import { recomputeEquipmentState } from '../equipment';
import { channelTrend, labelAfterChannel } from '../detect';

const BASE = RESOURCES.risk.api;
/** Where a finding's project is, for the data scope of reads by id and of the dismissal. */
const RISKS = { from: 'fall_channel_risk x', project: 'x.project_id' };
/** A preventive order nobody has started on yet: a dismissal closes it (one being repaired is left to its people). */
const WAITING_ORDER = ['submitted', 'accepted'];
const listSchema = riskQuerySchema.extend(pagingSchema.shape);

const selection = {
  id: fallChannelRisk.id,
  detectId: fallChannelRisk.detectId,
  boardName: fallDetect.boardName,
  boardNameEn: fallDetect.boardNameEn,
  ch: fallChannelRisk.ch,
  channelLabel: sql<string>`coalesce(${fallDetectChannel.label}, '')`,
  channelLabelEn: sql<string>`coalesce(${fallDetectChannel.labelEn}, '')`,
  projectId: fallChannelRisk.projectId,
  projectName: fallProject.name,
  projectNameEn: fallProject.nameEn,
  equipmentId: fallChannelRisk.equipmentId,
  equipmentName: fallEqInfo.name,
  equipmentNameEn: fallEqInfo.nameEn,
  kind: fallChannelRisk.kind,
  status: fallChannelRisk.status,
  reasonKey: fallChannelRisk.reasonKey,
  reasonParams: fallChannelRisk.reasonParams,
  score: fallChannelRisk.score,
  projectedAt: fallChannelRisk.projectedAt,
  detectedAt: fallChannelRisk.detectedAt,
  closedAt: fallChannelRisk.closedAt,
  orderId: fallChannelRisk.orderId,
  orderNumber: fallOrder.number,
  orderStatus: fallOrder.status,
  dismissedBy: fallChannelRisk.dismissedBy,
  dismissedAt: fallChannelRisk.dismissedAt,
};
type Selected = Awaited<ReturnType<ReturnType<typeof selectRisks>['execute']>>[number];

function selectRisks(db: AppInstance['database']['db']) {
  return db
    .select(selection)
    .from(fallChannelRisk)
    .innerJoin(fallDetect, eq(fallDetect.id, fallChannelRisk.detectId))
    .innerJoin(fallProject, eq(fallProject.id, fallChannelRisk.projectId))
    .leftJoin(fallDetectChannel, and(eq(fallDetectChannel.detectId, fallChannelRisk.detectId), eq(fallDetectChannel.ch, fallChannelRisk.ch)))
    .leftJoin(fallEqInfo, eq(fallEqInfo.id, fallChannelRisk.equipmentId))
    .leftJoin(fallOrder, eq(fallOrder.id, fallChannelRisk.orderId));
}

/**
 * The reason as stored text (`[[key]]{params}`, src/shared/server-text.ts): the envelope renders it in
 * the reader's language. The board, the channel's number and label come from the rows when the
 * detector did not store them, so "CH4 pump current" reads the same in the list and on the trend.
 */
function reasonOf(r: Selected): string {
  const params: Record<string, string | number> = {
    board: r.boardName,
    boardEn: r.boardNameEn,
    ch: r.ch,
    label: labelAfterChannel(r.channelLabel, r.ch),
    labelEn: labelAfterChannel(r.channelLabelEn, r.ch),
    ...r.reasonParams,
  };
  return `[[${r.reasonKey}]]${JSON.stringify(params)}`;
}

function rowOf(r: Selected): RiskRow {
  const { reasonKey, reasonParams, ...rest } = r;
  void reasonKey;
  void reasonParams;
  return {
    ...rest,
    kind: r.kind as RiskRow['kind'],
    status: r.status as RiskRow['status'],
    orderStatus: r.orderStatus as RiskRow['orderStatus'],
    reason: reasonOf(r),
    projectedAt: r.projectedAt?.toISOString() ?? null,
    detectedAt: r.detectedAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    dismissedAt: r.dismissedAt?.toISOString() ?? null,
  };
}

function conditions(q: z.output<typeof riskQuerySchema>, scope: DataScope): SQL | undefined {
  return and(
    scopeCondition(scope, fallChannelRisk.projectId),
    q.status ? eq(fallChannelRisk.status, q.status) : undefined,
    q.projectId ? eq(fallChannelRisk.projectId, q.projectId) : undefined,
    q.kind ? eq(fallChannelRisk.kind, q.kind) : undefined,
  );
}

/** fall/risk: the detector's findings (docs/predictive.md), their channel trends, and "not a problem". */
export async function riskRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;

  app.post(`${BASE}/list`, { schema: { body: listSchema, response: { 200: listAnswerOf(riskRowSchema) } }, config: { permission: 'fall-risk#list' } }, async (request) => {
    const { page, limit, sort: _sort, order: _order, ...q } = request.body;
    const where = conditions(q, scopeOf(request));
    const [rows, [{ n }]] = await Promise.all([
      selectRisks(db)
        .where(where)
        // Open findings first, the nearest projected crossing first among them, then the newest.
        .orderBy(sql`(${fallChannelRisk.status} = 'open') DESC`, sql`${fallChannelRisk.projectedAt} ASC NULLS LAST`, desc(fallChannelRisk.detectedAt), desc(fallChannelRisk.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: sql<number>`count(*)::int` }).from(fallChannelRisk).where(where),
    ]);
    return ok(pageOf(rows.map(rowOf), n, page, limit));
  });

  app.get(`${BASE}/info/:id`, { schema: { params: idParamSchema, response: { 200: envelopeOf(riskInfoSchema) } }, config: { permission: 'fall-risk#info' } }, async (request) => {
    const { id } = request.params;
    await assertRowsInScope(app.database, request, RISKS, [id]);
    const [row] = await selectRisks(db).where(eq(fallChannelRisk.id, id));
    if (!row) throw notFound();
    const [baseline] = await db
      .select({ widen: fallChannelBaseline.widen })
      .from(fallChannelBaseline)
      .where(and(eq(fallChannelBaseline.detectId, row.detectId), eq(fallChannelBaseline.ch, row.ch)));
    return ok({ ...rowOf(row), trendPath: `${BASE}/trend/${id}`, widen: baseline?.widen ?? 1 });
  });

  /** The finding of a preventive order (the order detail's reason and trend link); null for any other order. */
  app.get(`${BASE}/byOrder/:id`, { schema: { params: idParamSchema, response: { 200: envelopeOf(riskOfOrderSchema) } }, config: { permission: 'fall-risk#info' } }, async (request) => {
    const { id } = request.params;
    const [row] = await selectRisks(db)
      .where(and(eq(fallChannelRisk.orderId, id), scopeCondition(scopeOf(request), fallChannelRisk.projectId)))
      .orderBy(desc(fallChannelRisk.detectedAt), desc(fallChannelRisk.id))
      .limit(1);
    return ok(row ? rowOf(row) : null);
  });

  /**
   * The finding's channel trend (1 h / 24 h / 7 days), read with the finding's own permission: whoever
   * may look at units at risk sees why, without the detection boards' rights.
   */
  app.get(
    `${BASE}/trend/:id`,
    { schema: { params: idParamSchema, querystring: channelTrendQuerySchema, response: { 200: envelopeOf(channelTrendSchema) } }, config: { permission: 'fall-risk#info' } },
    async (request) => {
      const { id } = request.params;
      const { range = '7d' } = request.query;
      await assertRowsInScope(app.database, request, RISKS, [id]);
      const [risk] = await db.select({ detectId: fallChannelRisk.detectId, ch: fallChannelRisk.ch }).from(fallChannelRisk).where(eq(fallChannelRisk.id, id));
      if (!risk) throw notFound();
      const trend = await channelTrend(app, risk.detectId, risk.ch, range);
      if (!trend) throw notFound();
      return ok(trend);
    },
  );

  /**
   * "Not a problem": the finding is dismissed (who, when), its preventive order closed if nobody has
   * started on it, and the channel's tolerance widened (×RISK_DISMISS_WIDEN on each dismissal), which
   * the detector reads before flagging that channel again. The operation log records the call.
   */
  app.post(
    `${BASE}/dismiss`,
    { schema: { body: riskDismissSchema, response: { 200: envelopeOf(riskDismissedSchema) } }, config: { permission: 'fall-risk#dismiss' } },
    async (request) => {
      const { id } = request.body;
      const by = request.auth?.username ?? '';
      await assertRowsInScope(app.database, request, RISKS, [id]);
      const done = await db.transaction(async (tx) => {
        const [risk] = await tx.select().from(fallChannelRisk).where(eq(fallChannelRisk.id, id)).for('update');
        if (!risk) throw notFound();
        if (risk.status !== 'open') throw badRequest('err.riskNotOpen');
        const now = new Date();
        await tx.update(fallChannelRisk).set({ status: 'dismissed', dismissedBy: by, dismissedAt: now, closedAt: now, updatedAt: now }).where(eq(fallChannelRisk.id, id));
        let closedOrderId: number | null = null;
        if (risk.orderId !== null) {
          const closed = await tx
            .update(fallOrder)
            .set({ status: 'closed', closedAt: now, updatedAt: now })
            .where(and(eq(fallOrder.id, risk.orderId), inArray(fallOrder.status, WAITING_ORDER)))
            .returning({ id: fallOrder.id, equipmentId: fallOrder.equipmentId });
          if (closed.length) {
            closedOrderId = closed[0].id;
            // A closed order no longer holds its unit in maintenance.
            await recomputeEquipmentState(tx, [closed[0].equipmentId]);
          }
        }
        const [baseline] = await tx
          .insert(fallChannelBaseline)
          .values({ detectId: risk.detectId, ch: risk.ch, widen: RISK_DISMISS_WIDEN, dismissedBy: by, dismissedAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: [fallChannelBaseline.detectId, fallChannelBaseline.ch],
            set: { widen: sql`${fallChannelBaseline.widen} * ${RISK_DISMISS_WIDEN}`, dismissedBy: by, dismissedAt: now, updatedAt: now },
          })
          .returning({ widen: fallChannelBaseline.widen });
        return { id, status: 'dismissed' as const, dismissedBy: by, dismissedAt: now.toISOString(), widen: baseline.widen, closedOrderId, projectId: risk.projectId };
      });
      const { projectId, ...answer } = done;
      await publishLive(app, { topic: 'risk', projectId, id });
      return ok(answer);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { idTextSchema, pagingSchema, listAnswerOf, envelopeOf } from '@shared/contracts/common';
import { pageOf } from '@shared/envelope';
import { warningDealSchema, warningLatestSchema, warningQuerySchema, warningRowSchema, warningLatestAnswerSchema } from '@shared/contracts/warning';
import { fallDetect, fallEqInfo, fallProject, fallWarning } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { ok } from '../../../lib/crud';
import { settleWarnings } from './warnings.service';
import { notArchived } from '../archive/archive.service';

const BASE = '/ball/fallwarning';
const listSchema = warningQuerySchema.extend(pagingSchema.shape);
type WarningQuery = z.infer<typeof warningQuerySchema>;
const LATEST_DEFAULT = 20;

const selection = {
  id: fallWarning.id,
  at: fallWarning.at,
  info: fallWarning.info,
  kind: fallWarning.kind,
  level: fallWarning.level,
  projectId: fallWarning.projectId,
  projectName: fallProject.name,
  projectNameEn: fallProject.nameEn,
  detectId: fallWarning.detectId,
  boardName: fallDetect.boardName,
  boardNameEn: fallDetect.boardNameEn,
  channel: fallWarning.channel,
  equipmentId: fallWarning.equipmentId,
  equipmentName: fallEqInfo.name,
  dealAt: fallWarning.dealAt,
  result: fallWarning.result,
  note: fallWarning.note,
  dealtBy: fallWarning.dealtBy,
  orderId: fallWarning.orderId,
};

function conditions(q: WarningQuery): SQL | undefined {
  return and(
    ...[
      q.projectId ? eq(fallWarning.projectId, q.projectId) : undefined,
      q.detectId ? eq(fallWarning.detectId, q.detectId) : undefined,
      q.result === 'open' ? isNull(fallWarning.result) : q.result ? eq(fallWarning.result, q.result) : undefined,
      q.level ? eq(fallWarning.level, q.level) : undefined,
      q.kind ? eq(fallWarning.kind, q.kind) : undefined,
      q.from ? gte(fallWarning.at, q.from) : undefined,
      q.to ? lte(fallWarning.at, q.to) : undefined,
    ].filter((p): p is SQL => !!p),
  );
}

/** Warnings of boards (DOMAIN.md §3, §5): list, info, deal with one, and the latest for the wall ticker. */
export async function warningRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const select = () =>
    db
      .select(selection)
      .from(fallWarning)
      .leftJoin(fallProject, eq(fallProject.id, fallWarning.projectId))
      .leftJoin(fallDetect, eq(fallDetect.id, fallWarning.detectId))
      .leftJoin(fallEqInfo, eq(fallEqInfo.id, fallWarning.equipmentId));

  app.post(`${BASE}/list`, { schema: { response: { 200: listAnswerOf(warningRowSchema) }, body: listSchema }, config: { permission: 'fall-detect#list' } }, async (request) => {
    const { page, limit, order, ...q } = request.body as z.infer<typeof listSchema>;
    const where = conditions(q);
    const [list, [{ n }]] = await Promise.all([
      select()
        .where(where)
        .orderBy(order === 'asc' ? fallWarning.at : desc(fallWarning.at), desc(fallWarning.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: sql<number>`count(*)::int` }).from(fallWarning).where(where),
    ]);
    return ok(pageOf(list, n, page, limit));
  });

  app.get(`${BASE}/info/:id`, { schema: { response: { 200: envelopeOf(warningRowSchema) }, params: z.object({ id: idTextSchema() }) }, config: { permission: 'fall-detect#info' } }, async (request) => {
    const [row] = await select().where(eq(fallWarning.id, (request.params as { id: number }).id));
    if (!row) throw notFound();
    return ok(row);
  });

  /**
   * A person closes a warning (settleWarnings): "fixed" also clears the channel's fault and lets the
   * unit go back to what the other facts say; "not fixed" leaves the channel faulty and the unit broken.
   */
  app.post(`${BASE}/deal`, { schema: { body: warningDealSchema }, config: { permission: 'fall-detect#deal' } }, async (request) => {
    const { id, result, note } = request.body as z.infer<typeof warningDealSchema>;
    const dealtBy = request.auth?.username ?? '';
    const row = await db.transaction(async (tx) => {
      const [w] = await tx.select().from(fallWarning).where(eq(fallWarning.id, id)).for('update');
      if (!w) throw notFound();
      if (w.result !== null) throw badRequest('err.warningDealt');
      const now = new Date();
      await settleWarnings(tx, eq(fallWarning.id, id), { result, note: note ?? '', dealtBy, now });
      return { id, result, dealAt: now, dealtBy };
    });
    return ok(row);
  });

  app.post(
    `${BASE}/latest`,
    { schema: { response: { 200: envelopeOf(warningLatestAnswerSchema(warningRowSchema)) }, body: warningLatestSchema }, config: { permission: ['fall-detect#list', 'ship-scene#view'] } },
    async (request) => {
      const { projectId, limit, openOnly } = request.body as z.infer<typeof warningLatestSchema>;
      // The wall's ticker: warnings of archived projects and boards stay in the list, not on walls.
      const live = and(projectId ? eq(fallWarning.projectId, projectId) : undefined, notArchived(fallProject), isNull(fallDetect.archivedAt));
      const [list, [{ openTotal }]] = await Promise.all([
        select()
          .where(and(live, openOnly ? isNull(fallWarning.result) : undefined))
          .orderBy(desc(fallWarning.at), desc(fallWarning.id))
          .limit(limit ?? LATEST_DEFAULT),
        db
          .select({ openTotal: sql<number>`count(*)::int` })
          .from(fallWarning)
          .leftJoin(fallProject, eq(fallProject.id, fallWarning.projectId))
          .leftJoin(fallDetect, eq(fallDetect.id, fallWarning.detectId))
          .where(and(live, isNull(fallWarning.result))),
      ]);
      return ok({ list, openTotal });
    },
  );
}

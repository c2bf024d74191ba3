import type { AppInstance } from '../../../app-instance';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { idTextSchema, pagingSchema, listAnswerOf, envelopeOf } from '@shared/contracts/common';
import { pageOf } from '@shared/envelope';
import { warningAckSchema, warningAlarmsSchema, warningDealSchema,
  warningDealtSchema, warningLatestSchema, warningQuerySchema, warningRowSchema, warningLatestAnswerSchema, warningAlarmsAnswerSchema, warningAckAnswerSchema, type WarningAlarms } from '@shared/contracts/warning';
import { isOverdue, parseAlarmSounds, parsePopupLevels } from '@shared/alarm';
import { FLOOD_ALARMS, HEALTH_BUCKET_MINUTES } from '@shared/contracts/alarm-health';
import { fallDetect, fallEqInfo, fallProject, fallWarning, fallWarningNotice, sysLog, sysSession } from '../../../db/schema';
import { warningNoticeRowSchema, type WarningNoticeRow } from '@shared/contracts/escalation';
import { instantJson } from '../../../lib/iso-text';
import { badRequest, notFound } from '../../../lib/errors';
import { ok } from '../../../lib/crud';
import { settleWarnings } from './warnings.service';
import { cancelPendingNotices } from '../escalation';
import { serverText } from '@shared/server-text';
import { notArchived } from '../../../lib/archive';
import { publishLive } from '../../../live';
import { inDays, predictedSql, projectPlace, unitCategory } from '../../stats';
import { assertRowsInScope, scopeCondition, scopeOf, type DataScope } from '../../../lib/data-scope';

const WARNINGS = { from: 'fall_warning x', project: 'x.project_id' };

const BASE = '/ball/fallwarning';
const listSchema = warningQuerySchema.extend(pagingSchema.shape);
type WarningQuery = z.infer<typeof warningQuerySchema>;
const LATEST_DEFAULT = 20;

const selection = {
  id: fallWarning.id,
  at: fallWarning.at,
  /** Read for `overdue` only (marked), not answered. */
  soundingSince: fallWarning.soundingSince,
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
  equipmentNameEn: fallEqInfo.nameEn,
  dealAt: fallWarning.dealAt,
  result: fallWarning.result,
  note: fallWarning.note,
  dealtBy: fallWarning.dealtBy,
  orderId: fallWarning.orderId,
  ackAt: fallWarning.ackAt,
  ackBy: fallWarning.ackBy,
  ackComment: fallWarning.ackComment,
  escalatedAt: fallWarning.escalatedAt,
  notifyLevel: fallWarning.notifyLevel,
  chatter: fallWarning.chatter,
  suppressedBy: fallWarning.suppressedBy,
  shelvedUntil: fallWarning.shelvedUntil,
  shelvedBy: fallWarning.shelvedBy,
  shelveReason: fallWarning.shelveReason,
};
/** Who may see the alarms a wall pops up: the same callers as the wall's ticker. */
const ALARM_READ = ['fall-detect#list', 'ship-scene#view'];
const ALARMS_MAX = 50;

function conditions(q: WarningQuery, scope: DataScope): SQL | undefined {
  return and(
    ...[
      scopeCondition(scope, fallWarning.projectId),
      q.projectId ? eq(fallWarning.projectId, q.projectId) : undefined,
      q.detectId ? eq(fallWarning.detectId, q.detectId) : undefined,
      q.result === 'open' ? isNull(fallWarning.result) : q.result ? eq(fallWarning.result, q.result) : undefined,
      q.level ? eq(fallWarning.level, q.level) : undefined,
      q.kind ? eq(fallWarning.kind, q.kind) : undefined,
      q.suppressed === 'none' ? isNull(fallWarning.suppressedBy) : q.suppressed ? eq(fallWarning.suppressedBy, q.suppressed) : undefined,
      q.ack === 'unacked' ? and(isNull(fallWarning.ackAt), isNull(fallWarning.result)) : q.ack === 'acked' ? isNotNull(fallWarning.ackAt) : undefined,
      q.from ? gte(fallWarning.at, q.from) : undefined,
      q.to ? lte(fallWarning.at, q.to) : undefined,
      inDays(fallWarning.at, q.statFrom, q.statTo),
      projectPlace(fallWarning.projectId, q),
      unitCategory(fallWarning.equipmentId, q.category),
      q.predicted === 'yes' ? predictedSql(sql`fall_warning`) : undefined,
    ].filter((p): p is SQL => !!p),
  );
}

/** Warnings of boards (docs/domain.md §3, §5): list, info, deal with one, and the latest for the wall ticker. */
export async function warningRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;
  /** Each row with `overdue` as of now (computed on read, so a changed setting applies at once). */
  const marked = async <R extends { at: Date; soundingSince: Date; ackAt: Date | null; result: string | null }>(rows: R[]): Promise<(Omit<R, 'soundingSince'> & { overdue: boolean })[]> => {
    const minutes = await app.settings.get('alarm.escalateMinutes');
    const now = Date.now();
    return rows.map(({ soundingSince, ...r }) => ({ ...r, overdue: isOverdue({ ...r, soundingSince }, minutes, now) }));
  };
  const select = () =>
    db
      .select(selection)
      .from(fallWarning)
      .leftJoin(fallProject, eq(fallProject.id, fallWarning.projectId))
      .leftJoin(fallDetect, eq(fallDetect.id, fallWarning.detectId))
      .leftJoin(fallEqInfo, eq(fallEqInfo.id, fallWarning.equipmentId));

  /** What the escalation told people of one warning (docs/escalation.md): each notification, oldest first. */
  app.get(
    `${BASE}/notices/:id`,
    { schema: { response: { 200: envelopeOf(z.array(warningNoticeRowSchema)) }, params: z.object({ id: idTextSchema() }) }, config: { permission: 'fall-detect#info' } },
    async (request) => {
      const id = request.params.id;
      const [w] = await db.select({ id: fallWarning.id }).from(fallWarning).where(and(eq(fallWarning.id, id), scopeCondition(scopeOf(request), fallWarning.projectId)));
      if (!w) throw notFound();
      const rows = await db
        .select({
          id: fallWarningNotice.id,
          level: fallWarningNotice.level,
          channel: fallWarningNotice.channel,
          recipient: fallWarningNotice.recipient,
          status: fallWarningNotice.status,
          attempts: fallWarningNotice.attempts,
          lastError: fallWarningNotice.lastError,
          round: fallWarningNotice.round,
          createdAt: fallWarningNotice.createdAt,
          updatedAt: fallWarningNotice.updatedAt,
        })
        .from(fallWarningNotice)
        .where(eq(fallWarningNotice.warningId, id))
        .orderBy(fallWarningNotice.round, fallWarningNotice.level, fallWarningNotice.id);
      return ok(rows as unknown as WarningNoticeRow[]);
    },
  );

  app.post(`${BASE}/list`, { schema: { response: { 200: listAnswerOf(warningRowSchema) }, body: listSchema }, config: { permission: 'fall-detect#list' } }, async (request) => {
    const { page, limit, order, ...q } = request.body;
    const where = conditions(q, scopeOf(request));
    const [list, [{ n }]] = await Promise.all([
      select()
        .where(where)
        .orderBy(order === 'asc' ? fallWarning.at : desc(fallWarning.at), desc(fallWarning.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: sql<number>`count(*)::int` }).from(fallWarning).where(where),
    ]);
    return ok(pageOf(await marked(list), n, page, limit));
  });

  app.get(`${BASE}/info/:id`, { schema: { response: { 200: envelopeOf(warningRowSchema) }, params: z.object({ id: idTextSchema() }) }, config: { permission: 'fall-detect#info' } }, async (request) => {
    const [row] = await select().where(and(eq(fallWarning.id, request.params.id), scopeCondition(scopeOf(request), fallWarning.projectId)));
    if (!row) throw notFound();
    return ok((await marked([row]))[0]);
  });

  /**
   * A person closes a warning (settleWarnings): "fixed" also clears the channel's fault and lets the
   * unit go back to what the other facts say; "not fixed" leaves the channel faulty and the unit broken.
   */
  app.post(`${BASE}/deal`, { schema: { body: warningDealSchema, response: { 200: envelopeOf(warningDealtSchema) } }, config: { permission: 'fall-detect#deal' } }, async (request) => {
    const { id, result, note } = request.body;
    const dealtBy = request.auth?.username ?? '';
    await assertRowsInScope(app.database, request, WARNINGS, [id]);
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
    { schema: { response: { 200: envelopeOf(warningLatestAnswerSchema(warningRowSchema)) }, body: warningLatestSchema }, config: { permission: ['fall-detect#list', 'ship-scene#view'], etag: true } },
    async (request) => {
      const { projectId, limit, openOnly } = request.body;
      // The wall's ticker: warnings of archived projects and boards stay in the list, not on walls.
      const live = and(projectId ? eq(fallWarning.projectId, projectId) : undefined, scopeCondition(scopeOf(request), fallWarning.projectId), notArchived(fallProject), isNull(fallDetect.archivedAt));
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
      return ok({ list: await marked(list), openTotal });
    },
  );

  /**
   * Someone has seen the alarm: on a wall (a user, or a display whose role is granted the
   * button) or in the list. It stays open until dealt with; every wall stops sounding at once (the
   * push below). The operation log records users by itself; a display is written here, by its label.
   */
  app.post(
    `${BASE}/ack`,
    { schema: { response: { 200: envelopeOf(warningAckAnswerSchema) }, body: warningAckSchema }, config: { permission: 'fall-detect#ack', log: { module: 'ball/fallwarning', action: 'ack' } } },
    async (request, reply) => {
      const { id, comment } = request.body;
      const auth = request.auth!;
      await assertRowsInScope(app.database, request, WARNINGS, [id]);
      let by = auth.username;
      if (auth.kind !== 'user') {
        const [s] = await db.select({ label: sysSession.label }).from(sysSession).where(eq(sysSession.id, auth.sessionId));
        by = (s?.label || auth.kind).slice(0, 64);
      }
      const [w] = await db.select({ result: fallWarning.result, ackAt: fallWarning.ackAt, projectId: fallWarning.projectId }).from(fallWarning).where(eq(fallWarning.id, id));
      if (!w) throw notFound();
      if (w.result !== null) throw badRequest('err.warningDealt');
      const now = new Date();
      const [done] = await db
        .update(fallWarning)
        .set({ ackAt: now, ackBy: by, ackComment: comment ?? '' })
        .where(and(eq(fallWarning.id, id), isNull(fallWarning.ackAt), isNull(fallWarning.result)))
        .returning({ id: fallWarning.id });
      // Two walls pressed at once: the second one learns it was already done.
      if (!done) throw badRequest('err.warningAcked');
      // Someone owns it now: every step not yet sent stops here, recorded as cancelled (docs/escalation.md).
      await cancelPendingNotices(app, id, serverText('notify.cancelledAck', { by }), by);
      if (auth.kind !== 'user') {
        await db.insert(sysLog).values({
          userId: null,
          username: by,
          module: 'ball/fallwarning',
          menuCode: 'fall-detect',
          action: 'ack',
          target: String(id),
          method: 'POST',
          path: request.url.split('?')[0],
          ip: request.ip,
          durationMs: Math.round(reply.elapsedTime),
          statusCode: 200,
          success: true,
          params: { body: comment ? { id, comment } : { id } },
        });
      }
      await publishLive(app, { topic: 'warning', projectId: w.projectId, id });
      return ok({ id, ackAt: now, ackBy: by, ackComment: comment ?? '' });
    },
  );

  /**
   * The alarm rate a wall shows (docs/alarms.md "Flood on the wall"): alarms raised in the last
   * HEALTH_BUCKET_MINUTES (every warning, open or closed since, of the wall's projects), and while
   * they are more than FLOOD_ALARMS the wall's alarms grouped by project and unit (or board, for an
   * alarm on no unit): one row per group with its count, its worst level and its newest alarm.
   */
  async function alarmFlood(place: SQL | undefined, where: SQL | undefined) {
    const [{ raised }] = await db
      .select({ raised: sql<number>`count(*)::int` })
      .from(fallWarning)
      .leftJoin(fallProject, eq(fallProject.id, fallWarning.projectId))
      .leftJoin(fallDetect, eq(fallDetect.id, fallWarning.detectId))
      .where(and(place, sql`${fallWarning.at} > now() - make_interval(mins => ${HEALTH_BUCKET_MINUTES})`));
    if (raised <= FLOOD_ALARMS) return { raised, active: false, groups: [] };
    const rank = sql<number>`max(CASE ${fallWarning.level} WHEN 'critical' THEN 3 WHEN 'warning' THEN 2 ELSE 1 END)`;
    const board = sql`CASE WHEN ${fallWarning.equipmentId} IS NULL THEN ${fallWarning.detectId} END`;
    const groups = await db
      .select({
        projectId: fallWarning.projectId,
        projectName: sql<string | null>`max(${fallProject.name})`,
        projectNameEn: sql<string | null>`max(${fallProject.nameEn})`,
        equipmentId: fallWarning.equipmentId,
        equipmentName: sql<string | null>`max(${fallEqInfo.name})`,
        equipmentNameEn: sql<string | null>`max(${fallEqInfo.nameEn})`,
        detectId: sql<number | null>`${board}`,
        boardName: sql<string | null>`max(${fallDetect.boardName})`,
        boardNameEn: sql<string | null>`max(${fallDetect.boardNameEn})`,
        count: sql<number>`count(*)::int`,
        rank,
        latestAt: sql<string>`max(${fallWarning.at})`,
      })
      .from(fallWarning)
      .leftJoin(fallProject, eq(fallProject.id, fallWarning.projectId))
      .leftJoin(fallDetect, eq(fallDetect.id, fallWarning.detectId))
      .leftJoin(fallEqInfo, eq(fallEqInfo.id, fallWarning.equipmentId))
      .where(where)
      .groupBy(fallWarning.projectId, fallWarning.equipmentId, board)
      .orderBy(desc(rank), desc(sql`count(*)`), desc(sql`max(${fallWarning.at})`))
      .limit(ALARMS_MAX);
    const LEVEL_OF_RANK = ['info', 'info', 'warning', 'critical'] as const;
    return {
      raised,
      active: true,
      groups: groups.map(({ rank: r, latestAt, ...g }) => ({ ...g, detectId: g.detectId === null ? null : Number(g.detectId), level: LEVEL_OF_RANK[Number(r)], latestAt: new Date(latestAt).toISOString() })),
    };
  }

  /**
   * What a wall pops up: open warnings of the levels that pop up (alarm.popupLevels) that nobody has
   * acknowledged yet, newest first, with how each level sounds. Archived projects and boards stay off walls.
   */
  app.post(`${BASE}/alarms`, { schema: { response: { 200: envelopeOf(warningAlarmsAnswerSchema) }, body: warningAlarmsSchema }, config: { permission: ALARM_READ } }, async (request) => {
    const { projectId } = request.body;
    const levels = parsePopupLevels(await app.settings.get('alarm.popupLevels'));
    // The wall's projects (in the caller's scope, none archived), and their open warnings.
    const place = and(
      projectId ? eq(fallWarning.projectId, projectId) : undefined,
      scopeCondition(scopeOf(request), fallWarning.projectId),
      notArchived(fallProject),
      isNull(fallDetect.archivedAt),
    );
    const wall = and(place, isNull(fallWarning.result));
    // A suppressed alarm (shelved, its unit out of service, its board offline) is off the strip (docs/alarms.md).
    const where = and(wall, isNull(fallWarning.ackAt), isNull(fallWarning.suppressedBy), inArray(fallWarning.level, levels));
    const [list, [{ total }], [{ shelved }], flood, [maintenance]] = await Promise.all([
      select().where(where).orderBy(desc(fallWarning.at), desc(fallWarning.id)).limit(ALARMS_MAX),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(fallWarning)
        .leftJoin(fallProject, eq(fallProject.id, fallWarning.projectId))
        .leftJoin(fallDetect, eq(fallDetect.id, fallWarning.detectId))
        .where(where),
      // The strip's "shelved N": every open shelved warning the wall's list would show, of any level.
      db
        .select({ shelved: sql<number>`count(*)::int` })
        .from(fallWarning)
        .leftJoin(fallProject, eq(fallProject.id, fallWarning.projectId))
        .leftJoin(fallDetect, eq(fallDetect.id, fallWarning.detectId))
        .where(and(wall, eq(fallWarning.suppressedBy, 'shelved'))),
      alarmFlood(place, where),
      // The strip's "maintenance window": the wall's projects a window holds now (kept by the sweep, suppression.ts).
      db
        .select({ projects: sql<number>`count(*)::int`, until: sql<string | null>`min(${fallProject.alarmWindowUntil})`.mapWith(instantJson) })
        .from(fallProject)
        .where(and(projectId ? eq(fallProject.id, projectId) : undefined, scopeCondition(scopeOf(request), fallProject.id), notArchived(fallProject), isNotNull(fallProject.alarmWindowId))),
    ]);
    const answer = {
      shelved,
      maintenance: { projects: maintenance?.projects ?? 0, until: maintenance?.until ?? null },
      shelveMaxMinutes: await app.settings.get('alarm.shelveMaxMinutes'),
      list: await marked(list),
      total,
      flood,
      levels,
      sounds: parseAlarmSounds(await app.settings.get('alarm.sounds')),
      escalateMinutes: await app.settings.get('alarm.escalateMinutes'),
      muteMinutes: await app.settings.get('alarm.muteMinutes'),
    };
    return ok(answer as unknown as WarningAlarms);
  });
}

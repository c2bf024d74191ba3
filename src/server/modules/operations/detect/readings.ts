import { OPEN_ORDER_STATUSES } from '@shared/contracts/order';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { CHANNEL_COUNT, type ChannelReading } from '@shared/contracts/detect';
import { SWITCH_FAULT } from '@shared/constants';
import type { Db } from '../../../db/client';
import { fallDetect, fallDetectChannel, fallDevice, fallEqInfo, fallOrder, fallProject, fallWarning } from '../../../db/schema';
import { conditionStep, effectiveConditioning, type Conditioning, type Step } from './conditioning';
import { notFound } from '../../../lib/errors';
import { serverText } from '@shared/server-text';
import { publishLive } from '../../../live';
import { insertOrder } from '../orders';
import { equipmentOfBoards, recomputeEquipmentState } from '../equipment';
import { boardSuppressionLog, logSuppression, projectSuppressionSql, releaseReturnedChannels, suppressOfflineChannels, suppressionOf } from '../warnings';

/** Who closes warnings the readings themselves clear. */
export const SYSTEM_ACTOR = 'system';
/** A board silent for this many poll periods is offline (docs/domain.md §5). */
export const OFFLINE_PERIODS = 3;

export interface ReadingOutcome {
  /** Warnings opened by this reading. */
  opened: number[];
  /** Warnings this reading closed (channels normal again, or the board back online). */
  closed: number[];
  /** Orders opened for new warnings (projects with autoOrder). */
  orders: number[];
  /** Set when the reading was not applied: 'older' than the board's latest (another reading got there first). */
  kept?: 'repeat' | 'older';
}

/**
 * The fault rule: the switch input is a fault contact (1 = fault), and the analog value must stay
 * inside the channel's range [analogMin, analogMax]. Either one failing makes the channel faulty.
 */
export function isFault(reading: Pick<ChannelReading, 'switch' | 'analog'>, range: { analogMin: number; analogMax: number }): boolean {
  return reading.switch === SWITCH_FAULT || reading.analog < range.analogMin || reading.analog > range.analogMax;
}

/**
 * A channel label as the texts write it after "CH<n>": with a space before it, and without a leading
 * "CH<n>" of its own (a label typed as "CH3 pump" would read "CH3 CH3 pump").
 */
export function labelAfterChannel(label: string, ch: number): string {
  const own = label.replace(new RegExp(`^\\s*CH\\s*0*${ch}(?![0-9])[\\s:：.-]*`, 'i'), '').trim();
  return own ? ` ${own}` : '';
}

/** The warning's reason as a message key and parameters (shown in each reader's language). */
function describe(
  board: { boardName: string; boardNameEn: string },
  ch: number,
  channel: { label: string; labelEn: string },
  r: ChannelReading,
  range: { analogMin: number; analogMax: number },
): string {
  const where = { board: board.boardName, boardEn: board.boardNameEn, ch, label: labelAfterChannel(channel.label, ch), labelEn: labelAfterChannel(channel.labelEn, ch) };
  return r.switch === SWITCH_FAULT
    ? serverText('text.switchFault', where)
    : serverText('text.analogOut', { ...where, analog: r.analog, min: range.analogMin, max: range.analogMax });
}

/**
 * Applies one reading of a board (pushed over HTTP or polled over Modbus) in one transaction:
 * stores the channel values; a channel turning faulty opens ONE warning (the open-warning unique
 * index refuses a second) and, when the project has autoOrder, opens a maintenance order linked both
 * ways (or links the equipment's order already open); a faulty channel read normal
 * `detect.closeAfterNormal` times in a row closes its warning as fixed. The board is marked seen and
 * online, an open "offline" warning of it is closed, and the units wired to it are recomputed
 * (equipment-state.service.ts: broken while a fault holds, back when nothing does).
 * `at` is the reading's time (the board's own when it sent one, never later than now): the board's
 * last-seen time, the channels' and a warning's time. A reading older than the board's last-seen
 * time is not applied (kept: 'older'): a late or repeated message never reopens a cleared fault nor
 * brings a silent board back online.
 */
export async function applyReading(app: FastifyInstance, boardId: number, channels: ChannelReading[], at: Date = new Date()): Promise<ReadingOutcome> {
  const closeAfter = Math.max(1, await app.settings.get('detect.closeAfterNormal'));
  let projectId: number | undefined;
  let moved = 0;
  const result = await app.database.db.transaction(async (tx) => {
    // The board row lock serialises readings of one board (push and poll may race).
    const [board] = await tx
      .select({ id: fallDetect.id, projectId: fallDetect.projectId, boardName: fallDetect.boardName, boardNameEn: fallDetect.boardNameEn, lastSeen: fallDetect.lastSeen })
      .from(fallDetect)
      .where(eq(fallDetect.id, boardId))
      .for('update');
    if (!board) throw notFound();
    const outcome: ReadingOutcome = { opened: [], closed: [], orders: [] };
    // Units named by the warnings this reading closes: a channel rewired since its warning opened
    // no longer leads to the unit the warning names, which is broken until that warning closes.
    const named: (number | null)[] = [];
    if (board.lastSeen && at.getTime() < board.lastSeen.getTime()) return { ...outcome, kept: 'older' as const };
    projectId = board.projectId;
    const [project] = await tx.select({ autoOrder: fallProject.autoOrder }).from(fallProject).where(eq(fallProject.id, board.projectId));
    const now = at;

    await tx.update(fallDetect).set({ lastSeen: now, online: true }).where(eq(fallDetect.id, boardId));
    const backOnline = await tx
      .update(fallWarning)
      .set({ result: 'fixed', dealAt: now, dealtBy: SYSTEM_ACTOR, note: serverText('text.backOnline') })
      .where(and(eq(fallWarning.detectId, boardId), eq(fallWarning.kind, 'offline'), isNull(fallWarning.result)))
      .returning({ id: fallWarning.id });
    outcome.closed.push(...backOnline.map((w) => w.id));

    const stored = await conditionedChannels(tx, boardId);
    const byCh = new Map(stored.map((c) => [c.ch, c]));
    const latest = new Map(channels.filter((r) => r.ch >= 1 && r.ch <= CHANNEL_COUNT).map((r) => [r.ch, r]));

    for (const [ch, reading] of latest) {
      const channel = byCh.get(ch);
      if (!channel) continue;
      const step = conditionStep(channel, reading, channel, channel.conditioning, now, closeAfter);
      await applyStep(tx, { board, autoOrder: !!project?.autoOrder, channel, reading, step, closeAfter, now, outcome, named, values: { switchValue: reading.switch, analogValue: reading.analog, updatedAt: now } });
    }
    // Suppressed while the board was offline: the channels reading faulty alarm again (the same warnings, docs/alarms.md).
    const released = await releaseReturnedChannels(tx, boardId, [...latest].filter(([ch, r]) => byCh.has(ch) && isFault(r, byCh.get(ch)!)).map(([ch]) => ch), now);
    // In the operation log, so the alarm health still counts them under "board offline" (their row's cause is gone).
    if (backOnline.length || released.length) await logSuppression(tx, [boardSuppressionLog('boardOnline', boardId, released.map((w) => w.id))]);
    // The board is heard again and its channels are stored: its units, and those its closed warnings named, follow the facts now.
    moved = (await recomputeEquipmentState(tx, [...(await equipmentOfBoards(tx, [boardId])), ...named], now)).length;
    return outcome;
  });
  if (!result.kept) await publishReading(app, boardId, projectId, result, moved > 0);
  return result;
}

type StoredChannel = typeof fallDetectChannel.$inferSelect & { conditioning: Conditioning };

/** A board's channels with their effective conditioning (their own settings over their unit's device model's). */
async function conditionedChannels(tx: Db, boardId: number): Promise<StoredChannel[]> {
  const rows = await tx
    .select({
      channel: fallDetectChannel,
      model: { onDelaySeconds: fallDevice.onDelaySeconds, offDelaySeconds: fallDevice.offDelaySeconds, deadband: fallDevice.deadband, repeatCount: fallDevice.repeatCount, repeatMinutes: fallDevice.repeatMinutes },
    })
    .from(fallDetectChannel)
    .leftJoin(fallEqInfo, eq(fallEqInfo.id, fallDetectChannel.equipmentId))
    .leftJoin(fallDevice, eq(fallDevice.id, fallEqInfo.deviceId))
    .where(eq(fallDetectChannel.detectId, boardId));
  return rows.map((r) => ({ ...r.channel, conditioning: effectiveConditioning(r.channel, r.model) }));
}

/**
 * Writes what one conditioning step decided for a channel: a warning opened (with its order) or
 * closed, and the channel's result and pending state (and its values, for a reading).
 */
async function applyStep(
  tx: Db,
  a: {
    board: { projectId: number; boardName: string; boardNameEn: string };
    autoOrder: boolean;
    channel: StoredChannel;
    reading: Pick<ChannelReading, 'switch' | 'analog'>;
    step: Step;
    closeAfter: number;
    now: Date;
    outcome: ReadingOutcome;
    named: (number | null)[];
    values?: { switchValue: number; analogValue: number; updatedAt: Date };
  },
): Promise<void> {
  const { channel, step, now } = a;
  if (step.open) {
    const opened = await openWarning(tx, {
      projectId: a.board.projectId,
      boardId: channel.detectId,
      ch: channel.ch,
      equipmentId: channel.equipmentId,
      info: describe(a.board, channel.ch, channel, { ch: channel.ch, ...a.reading }, channel),
      level: a.reading.switch === SWITCH_FAULT ? 'critical' : 'warning',
      autoOrder: a.autoOrder,
      now,
      // Its unit out of service, its project in a maintenance window: opened suppressed, without an order (docs/alarms.md).
      suppressedBy: await suppressionOf(tx, channel.equipmentId, a.board.projectId),
    });
    if (opened) {
      a.outcome.opened.push(opened.warningId);
      if (opened.orderId) a.outcome.orders.push(opened.orderId);
    }
  }
  if (step.close) {
    const closed = await closeChannelWarning(tx, channel.detectId, channel.ch, a.closeAfter, now);
    a.outcome.closed.push(...closed.map((w) => w.id));
    a.named.push(...closed.map((w) => w.equipmentId));
  }
  const n = step.next;
  await tx
    .update(fallDetectChannel)
    .set({ ...(a.values ?? {}), result: n.result, normalStreak: n.normalStreak, pendingSince: n.pendingSince, normalSince: n.normalSince, switchHits: n.switchHits })
    .where(eq(fallDetectChannel.id, channel.id));
}

/** Tells the walls after the reading is committed: channel values always, warnings, equipment and orders when they moved. */
async function publishReading(app: FastifyInstance, boardId: number, projectId: number | undefined, outcome: ReadingOutcome, equipmentMoved: boolean): Promise<void> {
  await publishLive(app, { topic: 'channel', projectId, id: boardId });
  if (outcome.opened.length || outcome.closed.length) await publishLive(app, { topic: 'warning', projectId });
  if (equipmentMoved) await publishLive(app, { topic: 'equipment', projectId });
  if (outcome.orders.length) await publishLive(app, { topic: 'order', projectId });
}

/** 3 or more alarms of one channel within this many seconds is chattering (docs/alarms.md "Chattering"). */
export const CHATTER_SECONDS = 60;
export const CHATTER_COUNT = 3;

/**
 * A warning's chattering count: the channel warnings of its board and channel whose time lies in the
 * CHATTER_SECONDS up to its own (itself included: `self` is 1 for one not inserted yet), when there
 * are CHATTER_COUNT or more; 0 otherwise.
 */
export function chatterSql(board: SQL, ch: SQL, at: SQL, self: SQL): SQL {
  return sql`(SELECT CASE WHEN n >= ${CHATTER_COUNT} THEN n ELSE 0 END FROM (
      SELECT (count(*) + ${self})::smallint AS n FROM fall_warning o
       WHERE o.detect_id = ${board} AND o.kind = 'channel' AND o.channel = ${ch}
         AND o.at <= ${at} AND o.at >= ${at} - make_interval(secs => ${CHATTER_SECONDS})) k)`;
}

async function openWarning(
  tx: Db,
  w: { projectId: number; boardId: number; ch: number; equipmentId: number | null; info: string; level: string; autoOrder: boolean; now: Date; suppressedBy?: string | null },
): Promise<{ warningId: number; orderId: number | null } | null> {
  const inserted = await tx.execute(sql`
    INSERT INTO fall_warning (at, sounding_since, info, kind, level, project_id, detect_id, channel, equipment_id, chatter, suppressed_by)
    SELECT ${w.now.toISOString()}::timestamptz, ${w.now.toISOString()}::timestamptz, ${w.info}, 'channel', ${w.level}, ${w.projectId}, ${w.boardId}, ${w.ch}, ${w.equipmentId},
           ${chatterSql(sql`${w.boardId}::int`, sql`${w.ch}::smallint`, sql`${w.now.toISOString()}::timestamptz`, sql`1`)}, ${w.suppressedBy ?? null}
    ON CONFLICT (detect_id, kind, COALESCE(channel, 0)) WHERE result IS NULL DO NOTHING
    RETURNING id`);
  const row = inserted.rows[0] as { id: number } | undefined;
  if (!row) return null;
  const warningId = Number(row.id);
  if (!w.autoOrder || w.suppressedBy) return { warningId, orderId: null };
  // One fault, one job: an order already open on the equipment takes the warning instead of a duplicate,
  // one being worked on before one awaiting confirmation (which a new fault would send back to
  // repairing), the oldest first.
  const [open] = w.equipmentId
    ? await tx
        .select({ id: fallOrder.id })
        .from(fallOrder)
        .where(and(eq(fallOrder.equipmentId, w.equipmentId), inArray(fallOrder.status, [...OPEN_ORDER_STATUSES])))
        .orderBy(sql`${fallOrder.status} = 'confirming'`, fallOrder.id)
        .limit(1)
    : [];
  const orderId =
    open?.id ??
    (
      await insertOrder(tx, {
        // The warning's stored message: the order reads in each reader's language too.
        name: w.info,
        description: w.info,
        submitter: SYSTEM_ACTOR,
        submittedAt: w.now,
        projectId: w.projectId,
        equipmentId: w.equipmentId,
        priority: w.level === 'critical' ? 'high' : 'normal',
        source: 'warning',
        warningId,
      })
    ).id;
  await tx.update(fallWarning).set({ orderId }).where(eq(fallWarning.id, warningId));
  return { warningId, orderId };
}

/** Closes the channel's open warning as fixed; returns it with the unit it names (the channel's unit when it opened). */
async function closeChannelWarning(tx: Db, boardId: number, ch: number, readings: number, now: Date): Promise<{ id: number; equipmentId: number | null }[]> {
  return tx
    .update(fallWarning)
    .set({ result: 'fixed', dealAt: now, dealtBy: SYSTEM_ACTOR, note: serverText('text.normalAgain', { n: readings }) })
    .where(and(eq(fallWarning.detectId, boardId), eq(fallWarning.kind, 'channel'), eq(fallWarning.channel, ch), isNull(fallWarning.result)))
    .returning({ id: fallWarning.id, equipmentId: fallWarning.equipmentId });
}

/**
 * The conditions under way whose time has come with no new reading (docs/alarms.md "Conditioning"):
 * a board that sends rarely held a fault past its on-delay, or read normal past its off-delay, at
 * its last reading. Judged on the channels' last values at `now`, for the online, live boards; the
 * alarm's time is `now`. For the device jobs' sweep; returns what it opened and closed.
 */
export async function sweepConditions(app: FastifyInstance, now: Date = new Date()): Promise<ReadingOutcome> {
  const closeAfter = Math.max(1, await app.settings.get('detect.closeAfterNormal'));
  const total: ReadingOutcome = { opened: [], closed: [], orders: [] };
  const boards = (
    await app.database.db.execute(sql`
      SELECT DISTINCT c.detect_id AS id FROM fall_detect_channel c JOIN fall_detect d ON d.id = c.detect_id
       WHERE (c.pending_since IS NOT NULL OR c.normal_since IS NOT NULL) AND d.online AND d.archived_at IS NULL
       ORDER BY 1`)
  ).rows.map((r: unknown) => Number((r as { id: number }).id));
  for (const boardId of boards) {
    let moved = 0;
    let projectId: number | undefined;
    const outcome = await app.database.db.transaction(async (tx) => {
      const out: ReadingOutcome = { opened: [], closed: [], orders: [] };
      const [board] = await tx
        .select({ projectId: fallDetect.projectId, boardName: fallDetect.boardName, boardNameEn: fallDetect.boardNameEn, online: fallDetect.online, lastSeen: fallDetect.lastSeen })
        .from(fallDetect)
        .where(eq(fallDetect.id, boardId))
        .for('update');
      // Gone offline, or a reading newer than this sweep's time already decided.
      if (!board?.online || (board.lastSeen && board.lastSeen.getTime() > now.getTime())) return out;
      projectId = board.projectId;
      const [project] = await tx.select({ autoOrder: fallProject.autoOrder }).from(fallProject).where(eq(fallProject.id, board.projectId));
      const named: (number | null)[] = [];
      for (const channel of await conditionedChannels(tx, boardId)) {
        if (!channel.pendingSince && !channel.normalSince) continue;
        const reading = { switch: channel.switchValue as 0 | 1, analog: channel.analogValue };
        const step = conditionStep(channel, reading, channel, channel.conditioning, now, closeAfter, false);
        if (step.open || step.close) await applyStep(tx, { board, autoOrder: !!project?.autoOrder, channel, reading, step, closeAfter, now, outcome: out, named });
      }
      if (out.opened.length || out.closed.length) moved = (await recomputeEquipmentState(tx, [...(await equipmentOfBoards(tx, [boardId])), ...named], now)).length;
      return out;
    });
    if (outcome.opened.length || outcome.closed.length) {
      await publishReading(app, boardId, projectId, outcome, moved > 0);
      total.opened.push(...outcome.opened);
      total.closed.push(...outcome.closed);
      total.orders.push(...outcome.orders);
    }
  }
  return total;
}

/**
 * Boards silent for OFFLINE_PERIODS poll periods (never heard from: counted from creation) go
 * offline, with their units, and get one "offline" warning. For a scheduled job; returns the warnings opened.
 */
export async function checkOffline(app: FastifyInstance): Promise<number[]> {
  let changed = 0;
  const opened = await app.database.db.transaction(async (tx) => {
    // An archived board is expected to be silent: it raises no offline warning.
    const silent = sql`${fallDetect.archivedAt} IS NULL AND coalesce(${fallDetect.lastSeen}, ${fallDetect.createdAt}) < now() - make_interval(secs => ${fallDetect.pollSeconds} * ${OFFLINE_PERIODS})`;
    const gone = await tx.update(fallDetect).set({ online: false }).where(and(eq(fallDetect.online, true), silent)).returning({ id: fallDetect.id });
    // Their units are offline now (unless a fault still holds them broken).
    changed = (await recomputeEquipmentState(tx, await equipmentOfBoards(tx, gone.map((b) => b.id)))).length;
    // Their channels' open alarms are suppressed by the board's offline warning (docs/alarms.md).
    const suppressed = await suppressOfflineChannels(tx, gone.map((b) => b.id));
    await logSuppression(tx, gone.map((b) => boardSuppressionLog('boardOffline', b.id, suppressed.filter((w) => w.detectId === b.id).map((w) => w.id))));
    const res = await tx.execute(sql`
      INSERT INTO fall_warning (info, kind, level, project_id, detect_id, suppressed_by)
      SELECT '[[text.offline]]' || jsonb_build_object('board', ${fallDetect.boardName}, 'boardEn', ${fallDetect.boardNameEn}, 'seconds', ${fallDetect.pollSeconds} * ${OFFLINE_PERIODS})::text,
             'offline', 'warning', ${fallDetect.projectId}, ${fallDetect.id}, ${projectSuppressionSql(fallDetect.projectId)}
        FROM ${fallDetect} WHERE ${silent}
      ON CONFLICT (detect_id, kind, COALESCE(channel, 0)) WHERE result IS NULL DO NOTHING
      RETURNING id`);
    return (res.rows as { id: number }[]).map((r) => Number(r.id));
  });
  if (opened.length) {
    await publishLive(app, { topic: 'board' });
    await publishLive(app, { topic: 'warning' });
  }
  if (changed) await publishLive(app, { topic: 'equipment' });
  return opened;
}

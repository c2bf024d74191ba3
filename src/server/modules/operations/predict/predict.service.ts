import { and, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES, type OrderStatus } from '@shared/contracts/order';
import { serverText } from '@shared/server-text';
import type { Database, Db } from '../../../db/client';
import { fallChannelRisk, fallOrder, sysLog } from '../../../db/schema';
import { labelAfterChannel, SYSTEM_ACTOR } from '../detect';
import { recomputeEquipmentState } from '../equipment';
import { insertOrder, timeRules } from '../orders';
import { assessChannel, RECOVER_SCORE, WINDOW_DAYS, type Assessment, type DayFeature, type Finding } from './detector';

/**
 * The predictive detector's run (job predict.scan, docs/predictive.md): summarises the complete days
 * of the per-hour trend not summarised yet (fall_channel_day), assesses every live channel on its
 * last WINDOW_DAYS days, and moves the findings (fall_channel_risk) and their preventive orders:
 *  - a finding on a channel without an open one opens a risk and a preventive order, or joins the
 *    open preventive order of its unit (at most one per unit; per channel when it has no unit);
 *  - its order completed or closed by a person: resolved (the channel is then assessed only on the
 *    days after that: the repair starts it afresh; likewise after a fault);
 *  - the fault came first (a fault in the trend or a warning on the channel since): faulted, the
 *    order stays for the repair;
 *  - the score fell under RECOVER_SCORE while the order is still only submitted: recovered, and the
 *    order closes itself with a note (when no other open finding holds it).
 * Orders go through the orders repository (numbering, counts, the unit's state); the run is written
 * to the operation log when it changed anything.
 */

const DAY_MS = 86_400_000;
const OPEN_ORDER: readonly OrderStatus[] = OPEN_ORDER_STATUSES;
/** An order whose finding is at most this many days from the range limit is urgent. */
const HIGH_PRIORITY_ETA_DAYS = 2;

export interface ScanResult {
  /** Days summarised into fall_channel_day in this run. */
  summarised: number;
  channels: number;
  opened: number;
  /** Preventive orders created (a finding that joins its unit's open order creates none). */
  orders: number;
  recovered: number;
  faulted: number;
  resolved: number;
}

export const dayNumber = (at: Date) => Math.floor(at.getTime() / DAY_MS);
const dayIso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** `HH:MM-HH:MM[, …]` (a project's daily_show_time) as minutes of the day; wrong pieces are ignored. */
export function showWindows(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(/(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})/g)) {
    const [a, b] = [Number(m[1]) * 60 + Number(m[2]), Number(m[3]) * 60 + Number(m[4])];
    if (a < 1440 && b <= 1440 && a !== b) out.push([a, b]);
  }
  return out;
}

/**
 * Which UTC hours lie wholly inside the show windows (show) and wholly outside (idle), as bit masks
 * (bit h = the hour starting h:00 UTC); an hour a show starts or ends in is neither and is left out
 * of levels and excursions. Show times are the server's local time (`offsetMinutes` east of UTC).
 */
export function hourMasks(text: string, offsetMinutes = -new Date().getTimezoneOffset()): { show: number; idle: number } {
  const windows = showWindows(text);
  const inShow = (minute: number) => windows.some(([a, b]) => (a < b ? minute >= a && minute < b : minute >= a || minute < b));
  let show = 0;
  let idle = 0;
  for (let h = 0; h < 24; h++) {
    const start = (((h * 60 + offsetMinutes) % 1440) + 1440) % 1440;
    let n = 0;
    for (let m = 0; m < 60; m++) if (inShow((start + m) % 1440)) n++;
    if (n === 60) show |= 1 << h;
    if (n === 0) idle |= 1 << h;
  }
  return { show, idle };
}

/**
 * Summarises each complete day after the last one summarised (at most the detector's window) up to
 * the day before `now`, from the per-hour trend: one row per channel and day.
 */
export async function summariseDays(database: Database, now: Date): Promise<number> {
  const lastDay = dayNumber(now) - 1;
  const [{ upto }] = await database.query<{ upto: number | null }>(`SELECT (max(day) - DATE '1970-01-01')::int AS upto FROM fall_channel_day`);
  const from = Math.max(upto === null ? -Infinity : Number(upto) + 1, lastDay - WINDOW_DAYS + 1);
  if (from > lastDay) return 0;
  const projects = await database.query<{ id: number; show: string }>(`SELECT id, daily_show_time AS show FROM fall_project`);
  const masks = projects.map((p) => hourMasks(p.show));
  for (let day = from; day <= lastDay; day++) {
    await database.query(
      `WITH proj AS (SELECT * FROM unnest($1::int[], $2::int[], $3::int[]) AS p(id, show_mask, idle_mask)),
       cells AS (
         SELECT t.detect_id, t.ch, t.sum / t.count AS avg, t.max - t.min AS spread, t.faults, c.analog_max - c.analog_min AS span,
                (coalesce(p.show_mask, 0) >> extract(hour FROM t.bucket AT TIME ZONE 'UTC')::int) & 1 = 1 AS show,
                (coalesce(p.idle_mask, 16777215) >> extract(hour FROM t.bucket AT TIME ZONE 'UTC')::int) & 1 = 1 AS idle
           FROM detect_trend t
           JOIN fall_detect d ON d.id = t.detect_id
           JOIN fall_detect_channel c ON c.detect_id = t.detect_id AND c.ch = t.ch
           LEFT JOIN proj p ON p.id = d.project_id
          WHERE t.grain = 'h' AND t.bucket >= $4::timestamptz AND t.bucket < $4::timestamptz + interval '1 day' AND t.count > 0),
       med AS (
         SELECT detect_id, ch, coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY spread) FILTER (WHERE show OR idle), 0) AS spread
           FROM cells GROUP BY detect_id, ch)
       INSERT INTO fall_channel_day (detect_id, ch, day, hours, faults, show_level, idle_level, spread, excursions)
       SELECT c.detect_id, c.ch, $4::date, count(*), sum(c.faults),
              percentile_cont(0.5) WITHIN GROUP (ORDER BY c.avg) FILTER (WHERE c.show),
              percentile_cont(0.5) WITHIN GROUP (ORDER BY c.avg) FILTER (WHERE c.idle),
              m.spread,
              count(*) FILTER (WHERE (c.show OR c.idle) AND c.spread > 2 * m.spread + 0.05 * c.span)
         FROM cells c JOIN med m ON m.detect_id = c.detect_id AND m.ch = c.ch
        GROUP BY c.detect_id, c.ch, m.spread
       ON CONFLICT (detect_id, ch, day) DO UPDATE SET hours = EXCLUDED.hours, faults = EXCLUDED.faults, show_level = EXCLUDED.show_level,
              idle_level = EXCLUDED.idle_level, spread = EXCLUDED.spread, excursions = EXCLUDED.excursions`,
      [projects.map((p) => p.id), masks.map((m) => m.show), masks.map((m) => m.idle), dayIso(day)],
    );
  }
  return lastDay - from + 1;
}

interface ChannelRow {
  detectId: number;
  ch: number;
  label: string;
  labelEn: string;
  equipmentId: number | null;
  lo: number;
  hi: number;
  result: string;
  projectId: number;
  board: string;
  boardEn: string;
  widen: number;
}

const channelKey = (detectId: number, ch: number) => detectId * 64 + ch;

/** Every live channel's assessment on the days up to the day before `now`. */
export async function assessFleet(database: Database, now: Date): Promise<{ channel: ChannelRow; assessment: Assessment }[]> {
  const lastDay = dayNumber(now) - 1;
  // One row a channel, its days as text: PGlite hands rows over one by one, and 14 rows a channel cost
  // ten times what one row of text does. A channel repaired (its finding resolved by a completed order,
  // or faulted and so repaired) starts afresh: the days up to the repair's day are the unit before it,
  // and read again they would open a new finding and order at the next run, hour after hour.
  const rows = await database.query<{ k: number; days: string }>(
    `SELECT d.detect_id * 64 + d.ch AS k,
            string_agg(concat_ws(',', d.day - DATE '1970-01-01', d.hours, d.faults, coalesce(d.show_level::text, ''), coalesce(d.idle_level::text, ''), d.spread, d.excursions), ';' ORDER BY d.day) AS days
       FROM fall_channel_day d
       LEFT JOIN (SELECT detect_id, ch, max(closed_at) AS repaired FROM fall_channel_risk WHERE status IN ('resolved', 'faulted') GROUP BY detect_id, ch) r
         ON r.detect_id = d.detect_id AND r.ch = d.ch
      WHERE d.day > $1::date AND d.day <= $2::date AND (r.repaired IS NULL OR d.day > (r.repaired AT TIME ZONE 'UTC')::date)
      GROUP BY d.detect_id, d.ch`,
    [dayIso(lastDay - WINDOW_DAYS), dayIso(lastDay)],
  );
  const level = (s: string) => (s === '' ? null : Number(s));
  const days = new Map<number, DayFeature[]>();
  for (const r of rows) {
    days.set(
      Number(r.k),
      r.days.split(';').map((d) => {
        const [day, hours, faults, show, idle, spread, exc] = d.split(',');
        return { day: Number(day), hours: Number(hours), faults: Number(faults), showLevel: level(show), idleLevel: level(idle), spread: Number(spread), excursions: Number(exc) };
      }),
    );
  }
  const channels = await database.query<ChannelRow>(
    `SELECT c.detect_id AS "detectId", c.ch, c.label, c.label_en AS "labelEn", c.equipment_id AS "equipmentId", c.analog_min AS lo, c.analog_max AS hi,
            c.result, d.project_id AS "projectId", d.board_name AS board, d.board_name_en AS "boardEn", coalesce(b.widen, 1) AS widen
       FROM fall_detect_channel c
       JOIN fall_detect d ON d.id = c.detect_id AND d.archived_at IS NULL
       JOIN fall_project p ON p.id = d.project_id AND p.archived_at IS NULL
       LEFT JOIN fall_channel_baseline b ON b.detect_id = c.detect_id AND b.ch = c.ch`,
  );
  const out: { channel: ChannelRow; assessment: Assessment }[] = [];
  for (const channel of channels) {
    const history = days.get(channelKey(channel.detectId, channel.ch));
    if (!history) continue;
    out.push({ channel, assessment: assessChannel({ lo: channel.lo, hi: channel.hi, widen: channel.widen, days: history }, lastDay) });
  }
  return out;
}

/** The reason as stored: the finding's numbers plus the board and channel names, so the text reads alone. */
function reasonText(channel: ChannelRow, finding: Finding): { params: Record<string, number | string>; text: string } {
  const params = {
    board: channel.board,
    boardEn: channel.boardEn,
    ch: channel.ch,
    label: labelAfterChannel(channel.label, channel.ch),
    labelEn: labelAfterChannel(channel.labelEn, channel.ch),
    ...finding.params,
  };
  return { params, text: serverText(finding.reasonKey, params) };
}

interface OpenRisk {
  id: number;
  detectId: number;
  ch: number;
  equipmentId: number | null;
  orderId: number | null;
  orderStatus: string | null;
  orderName: string | null;
  detectedAt: Date;
}

/** Open findings whose channel faulted since they were opened: a fault in the trend, or a warning on the channel. */
async function faultedSince(database: Database, now: Date): Promise<Set<number>> {
  const rows = await database.query<{ id: number }>(
    `SELECT r.id FROM fall_channel_risk r
      WHERE r.status = 'open' AND (
        EXISTS (SELECT 1 FROM detect_trend t WHERE t.grain IN ('h', 'm') AND t.detect_id = r.detect_id AND t.ch = r.ch
                   AND t.bucket >= date_trunc('hour', r.detected_at) AND t.bucket < $1::timestamptz AND t.faults > 0)
        OR EXISTS (SELECT 1 FROM fall_warning w WHERE w.detect_id = r.detect_id AND w.channel = r.ch AND w.at >= r.detected_at AND w.at < $1::timestamptz))`,
    [now.toISOString()],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

const projectedAt = (finding: Finding, now: Date) => (finding.etaDays === null ? null : new Date((dayNumber(now) + finding.etaDays) * DAY_MS));

async function closeRisks(tx: Db, ids: number[], status: 'recovered' | 'faulted' | 'resolved', now: Date): Promise<void> {
  if (!ids.length) return;
  await tx.update(fallChannelRisk).set({ status, closedAt: now, updatedAt: now }).where(and(inArray(fallChannelRisk.id, ids), eq(fallChannelRisk.status, 'open')));
}

/**
 * The open preventive orders new findings join, keyed by unit (`u<equipment>`) and, for channels
 * without a unit, by channel (`c<key>`): one query each for the whole run.
 */
/** A preventive plan's order (docs/maintenance.md "Preventive plans") is planned work, not a finding's: findings never join it. */
const notPlanned = sql`NOT EXISTS (SELECT 1 FROM fall_pm_occurrence p WHERE p.order_id = ${fallOrder.id})`;

async function openPreventiveOrders(tx: Db, channels: ChannelRow[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const units = [...new Set(channels.flatMap((c) => (c.equipmentId ? [c.equipmentId] : [])))];
  const bare = channels.filter((c) => !c.equipmentId).map((c) => channelKey(c.detectId, c.ch));
  if (units.length) {
    const rows = await tx
      .select({ id: fallOrder.id, equipmentId: fallOrder.equipmentId })
      .from(fallOrder)
      .where(and(inArray(fallOrder.equipmentId, units), eq(fallOrder.source, 'preventive'), inArray(fallOrder.status, OPEN_ORDER), notPlanned))
      .orderBy(fallOrder.id);
    for (const r of rows) if (!out.has(`u${r.equipmentId}`)) out.set(`u${r.equipmentId}`, r.id);
  }
  if (bare.length) {
    const res = await tx.execute(
      sql`SELECT o.id, r.detect_id * 64 + r.ch AS k FROM fall_channel_risk r JOIN fall_order o ON o.id = r.order_id
           WHERE r.detect_id * 64 + r.ch = ANY(${`{${bare.join(',')}}`}::int[]) AND o.source = 'preventive' AND o.status = ANY(${`{${OPEN_ORDER.join(',')}}`}::text[])
             AND NOT EXISTS (SELECT 1 FROM fall_pm_occurrence p WHERE p.order_id = o.id)
           ORDER BY o.id`,
    );
    for (const r of res.rows as unknown as { id: number; k: number }[]) if (!out.has(`c${Number(r.k)}`)) out.set(`c${Number(r.k)}`, Number(r.id));
  }
  return out;
}

/**
 * Opens the findings' risks and preventive orders in the run's transaction: the risks first (a
 * channel another run opened meanwhile is skipped by the one-open-per-channel index, and gets no
 * order), then one order per unit not holding an open preventive one, through the orders
 * repository, later findings of the same unit joining it.
 */
async function openRisks(
  tx: Db,
  findings: { channel: ChannelRow; finding: Finding }[],
  now: Date,
): Promise<{ opened: number[]; created: number; units: (number | null)[] }> {
  if (!findings.length) return { opened: [], created: 0, units: [] };
  const reasons = findings.map(({ channel, finding }) => reasonText(channel, finding));
  const inserted = await tx
    .insert(fallChannelRisk)
    .values(
      findings.map(({ channel, finding }, i) => ({
        detectId: channel.detectId,
        ch: channel.ch,
        projectId: channel.projectId,
        equipmentId: channel.equipmentId,
        kind: finding.kind,
        reasonKey: finding.reasonKey,
        reasonParams: reasons[i].params,
        score: finding.score,
        projectedAt: projectedAt(finding, now),
        detectedAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: fallChannelRisk.id, detectId: fallChannelRisk.detectId, ch: fallChannelRisk.ch });
  const riskOf = new Map(inserted.map((r) => [channelKey(r.detectId, r.ch), r.id]));
  const kept = findings.flatMap((f, i) => {
    const riskId = riskOf.get(channelKey(f.channel.detectId, f.channel.ch));
    return riskId === undefined ? [] : [{ ...f, reason: reasons[i], riskId }];
  });
  const orderOf = await openPreventiveOrders(
    tx,
    kept.map((f) => f.channel),
  );
  const rules = await timeRules();
  const riskIds: number[] = [];
  const orderIds: number[] = [];
  const units: (number | null)[] = [];
  for (const { channel, finding, reason, riskId } of kept) {
    const unit = channel.equipmentId ? `u${channel.equipmentId}` : `c${channelKey(channel.detectId, channel.ch)}`;
    let orderId = orderOf.get(unit);
    if (orderId === undefined) {
      orderId = (
        await insertOrder(
          tx,
          {
            name: reason.text,
            description: reason.text,
            submitter: SYSTEM_ACTOR,
            submittedAt: now,
            projectId: channel.projectId,
            equipmentId: channel.equipmentId,
            priority: finding.etaDays !== null && finding.etaDays <= HIGH_PRIORITY_ETA_DAYS ? 'high' : 'normal',
            source: 'preventive',
          },
          rules,
        )
      ).id;
      orderOf.set(unit, orderId);
      units.push(channel.equipmentId);
    }
    riskIds.push(riskId);
    orderIds.push(orderId);
  }
  await tx.execute(
    sql`UPDATE fall_channel_risk r SET order_id = x.order_id
          FROM unnest(${`{${riskIds.join(',')}}`}::int[], ${`{${orderIds.join(',')}}`}::int[]) AS x(id, order_id) WHERE r.id = x.id`,
  );
  return { opened: orderIds, created: units.length, units };
}

/**
 * The trend came back: the findings recover, and an order closes itself when it is still only
 * submitted and every open finding it held recovered in this run (one that faulted keeps it for the
 * repair). Returns the orders closed and their units.
 */
async function recoverRisks(tx: Db, recovering: OpenRisk[], open: OpenRisk[], now: Date): Promise<{ orders: number[]; units: (number | null)[] }> {
  if (!recovering.length) return { orders: [], units: [] };
  await closeRisks(
    tx,
    recovering.map((r) => r.id),
    'recovered',
    now,
  );
  const recovered = new Set(recovering.map((r) => r.id));
  const held = new Set(open.filter((r) => r.orderId !== null && !recovered.has(r.id)).map((r) => r.orderId));
  const orders = new Map<number, string>();
  for (const r of recovering) if (r.orderId !== null && !held.has(r.orderId)) orders.set(r.orderId, serverText('text.risk.recovered', { reason: r.orderName ?? '' }));
  if (!orders.size) return { orders: [], units: [] };
  const closed = (
    await tx.execute(
      sql`UPDATE fall_order o SET status = 'closed', closed_at = ${now.toISOString()}, updated_at = ${now.toISOString()}, description = x.description
            FROM json_to_recordset(${JSON.stringify([...orders].map(([id, description]) => ({ id, description })))}::json) AS x(id int, description text)
           WHERE o.id = x.id AND o.status = 'submitted'
       RETURNING o.id, o.equipment_id AS "equipment_id"`,
    )
  ).rows as unknown as { id: number; equipment_id: number | null }[];
  return { orders: closed.map((r) => Number(r.id)), units: closed.map((r) => (r.equipment_id === null ? null : Number(r.equipment_id))) };
}

/** One run of the job as of `now` (the job passes the clock; the bench and tests a simulated day): the days not summarised yet, then the detector. */
export async function scanChannels(database: Database, now = new Date()): Promise<ScanResult> {
  const summarised = await summariseDays(database, now);
  return { ...(await detectRisks(database, now)), summarised };
}

/** The detector over the fleet's summarised days, and what its findings do to the risks and orders. */
export async function detectRisks(database: Database, now: Date): Promise<ScanResult> {
  const summarised = 0;
  const assessed = await assessFleet(database, now);
  const byChannel = new Map(assessed.map((a) => [channelKey(a.channel.detectId, a.channel.ch), a]));
  const result: ScanResult = { summarised, channels: assessed.length, opened: 0, orders: 0, recovered: 0, faulted: 0, resolved: 0 };
  const log = { opened: [] as number[], closedOrders: [] as number[], faulted: [] as number[], recovered: [] as number[], resolved: [] as number[] };

  const open = await database.query<OpenRisk>(
    `SELECT r.id, r.detect_id AS "detectId", r.ch, r.equipment_id AS "equipmentId", r.order_id AS "orderId", o.status AS "orderStatus", o.name AS "orderName", r.detected_at AS "detectedAt"
       FROM fall_channel_risk r LEFT JOIN fall_order o ON o.id = r.order_id WHERE r.status = 'open' ORDER BY r.id`,
  );
  const faulted = open.length ? await faultedSince(database, now) : new Set<number>();
  const hadOpen = new Set(open.map((r) => channelKey(r.detectId, r.ch)));
  const recovering: OpenRisk[] = [];
  const rescored: { id: number; score: number; projectedAt: Date | null }[] = [];
  for (const risk of open) {
    const key = channelKey(risk.detectId, risk.ch);
    if (risk.orderId === null || risk.orderStatus === 'completed' || risk.orderStatus === 'closed') log.resolved.push(risk.id);
    else if (faulted.has(risk.id)) log.faulted.push(risk.id);
    else if ((byChannel.get(key)?.assessment.score ?? 0) < RECOVER_SCORE && risk.orderStatus === 'submitted') {
      recovering.push(risk);
      log.recovered.push(risk.id);
    } else {
      const finding = byChannel.get(key)?.assessment.finding;
      if (finding) rescored.push({ id: risk.id, score: finding.score, projectedAt: projectedAt(finding, now) });
    }
  }
  // Closed this run (faulted, resolved, recovered): not opened again in the same breath.
  const toOpen = assessed.flatMap(({ channel, assessment: { finding } }) =>
    finding && channel.result === 'normal' && !hadOpen.has(channelKey(channel.detectId, channel.ch)) ? [{ channel, finding }] : [],
  );
  if (!toOpen.length && !rescored.length && !open.length) return result;

  // One transaction for the run's changes, each kind of change one statement where it can be; the
  // units whose orders opened or closed recomputed once at the end.
  await database.db.transaction(async (tx) => {
    await closeRisks(tx, log.resolved, 'resolved', now);
    await closeRisks(tx, log.faulted, 'faulted', now);
    const recovered = await recoverRisks(tx, recovering, open, now);
    log.closedOrders.push(...recovered.orders);
    if (rescored.length) {
      await tx.execute(
        sql`UPDATE fall_channel_risk r SET score = x.score, projected_at = x."projectedAt", updated_at = ${now.toISOString()}
              FROM json_to_recordset(${JSON.stringify(rescored)}::json) AS x(id int, score float8, "projectedAt" timestamptz)
             WHERE r.id = x.id`,
      );
    }
    const opened = await openRisks(tx, toOpen, now);
    log.opened.push(...opened.opened);
    Object.assign(result, {
      opened: opened.opened.length,
      orders: opened.created,
      recovered: log.recovered.length,
      faulted: log.faulted.length,
      resolved: log.resolved.length,
    });
    await recomputeEquipmentState(tx, [...recovered.units, ...opened.units], now);
    if (result.opened + result.recovered + result.faulted + result.resolved > 0) {
      await tx.insert(sysLog).values({
        userId: null,
        username: SYSTEM_ACTOR,
        module: 'ball/fallorder',
        menuCode: 'fall-order',
        action: 'predict',
        target: '',
        statusCode: 200,
        success: true,
        params: { ...result, orders: log.opened, closedOrders: log.closedOrders, faultedRisks: log.faulted, recoveredRisks: log.recovered, resolvedRisks: log.resolved },
        at: now,
      });
    }
  });
  return result;
}

/** For the screens (riskui): the same reason text a finding's order carries. */
export const riskReason = (reasonKey: string, params: Record<string, number | string>) => serverText(reasonKey as Parameters<typeof serverText>[0], params);

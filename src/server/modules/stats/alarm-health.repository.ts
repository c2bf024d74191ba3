import { sql, type SQL } from 'drizzle-orm';
import {
  CHATTER_ALARMS,
  CHATTER_SECONDS,
  FLOOD_ALARMS,
  HEALTH_BUCKET_MINUTES,
  HEALTH_TOP_SOURCES,
  STALE_HOURS,
  type AlarmHealth,
  type AlarmHealthQuery,
  type AlarmHealthRow,
  type AlarmHealthUnit,
  type HealthFigure,
  type HealthSuppressionCause,
  type HealthUnitFigure,
} from '@shared/contracts/alarm-health';
import type { Database } from '../../db/client';
import { scopeCondition, type DataScope } from '../../lib/data-scope';
import { dayEnd, dayStart } from './stat-filters.service';

/**
 * The alarm system's health (docs/alarms.md "Health"), computed from the warning journal and nothing
 * else: every fall_warning row raised in the range is one alarm. The range runs from its first day's
 * first instant (UTC) to its last day's end, or to now when that is earlier; alarm times are bucketed
 * in HEALTH_BUCKET_MINUTES from its start. The figures and their drill-downs share one query
 * (`journal`), so a figure's rows are exactly what it counts.
 */

export type HealthRange = AlarmHealthQuery & { scope: DataScope };

const BUCKET_SECONDS = HEALTH_BUCKET_MINUTES * 60;

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** The range's bounds: start, and end (never before start). */
function bounds(q: HealthRange): SQL {
  return sql`SELECT ${dayStart(q.from)} AS s, greatest(${dayStart(q.from)}, least(${dayEnd(q.to)}, now())) AS e`;
}

/** Which warnings the journal holds: those raised in the range, or those open now (the 'shelvedNow' figure). */
type Extent = 'range' | 'open';
const extentOf = (figure: HealthFigure): Extent => (figure === 'shelvedNow' ? 'open' : 'range');

/** An operation-log row of `module`/`action` whose params' `list` names the alarm. */
const loggedIn = (module: string, action: string, list: string) =>
  sql`EXISTS (SELECT 1 FROM sys_log l WHERE l.module = ${module} AND l.action = ${action} AND jsonb_typeof(l.params -> ${list}) = 'array' AND l.params -> ${list} @> to_jsonb(a.id::bigint))`;

/**
 * The alarms a suppression cause held at any time: the cause the row keeps (now, or when it closed),
 * or the operation log naming it — suppressed by a board gone offline, a unit set out of service or a
 * maintenance window's start, released by the board's return, the unit's or the window's end, or
 * taking the cause when its shelving ended.
 */
function suppressedCondition(cause: HealthSuppressionCause): SQL {
  const own = sql`a.suppressed_by = ${cause}`;
  const unshelvedInto = sql`EXISTS (SELECT 1 FROM sys_log l WHERE l.module = 'ball/fallwarning' AND l.action = 'unshelve' AND l.target = a.id::text AND l.params ->> 'now' = ${cause})`;
  switch (cause) {
    case 'board_offline':
      return sql`(${own} OR ${unshelvedInto} OR ${loggedIn('ball/falldetect', 'boardOffline', 'suppressed')} OR ${loggedIn('ball/falldetect', 'boardOnline', 'released')})`;
    case 'maintenance':
      return sql`(${own} OR ${unshelvedInto} OR ${loggedIn('ball/fallalarmwindow', 'windowStart', 'suppressed')} OR ${loggedIn('ball/fallalarmwindow', 'windowEnd', 'released')})`;
    case 'out_of_service':
      return sql`(${own} OR ${unshelvedInto} OR ${loggedIn('ball/falleqinfo', 'outOfService', 'suppressed')} OR ${loggedIn('ball/falleqinfo', 'inService', 'released')})`;
  }
}

/** Shelved at any time: shelved now or when it closed, a shelver kept on the row, or a shelve in the operation log. */
const shelvedCondition = sql`(a.suppressed_by = 'shelved' OR a.shelved_by <> '' OR EXISTS (SELECT 1 FROM sys_log l WHERE l.module = 'ball/fallwarning' AND l.action = 'shelve' AND l.target = a.id::text))`;

/**
 * Every alarm of the range, with its bucket, its source (board and channel, 0 = the board itself),
 * whether it is part of chattering (CHATTER_ALARMS of its source within CHATTER_SECONDS: it lies in a
 * window of that length that ends at an alarm of its source with that many in it) and whether it
 * stood longer than STALE_HOURS.
 */
function journal(q: HealthRange, extent: Extent = 'range'): SQL {
  const own = scopeCondition(q.scope, sql`w.project_id`);
  const within = extent === 'open' ? sql`w.result IS NULL` : sql`w.at >= r.s AND w.at < r.e`;
  return sql`
    r AS (${bounds(q)}),
    raw AS (
      SELECT w.id, w.at, w.level, w.kind, w.info, w.project_id, w.detect_id, coalesce(w.detect_id, 0) AS src_board, coalesce(w.channel, 0)::int AS src_ch,
             w.ack_at, w.deal_at, w.result, w.suppressed_by, w.shelved_by,
             floor(extract(epoch FROM w.at - r.s) / ${BUCKET_SECONDS})::int AS b,
             count(*) OVER (PARTITION BY coalesce(w.detect_id, 0), coalesce(w.channel, 0) ORDER BY w.at
                            RANGE BETWEEN make_interval(secs => ${CHATTER_SECONDS}) PRECEDING AND CURRENT ROW) AS burst,
             coalesce(w.deal_at, now()) - w.at > make_interval(hours => ${STALE_HOURS}) AS stale
        FROM fall_warning w, r
       WHERE ${within}
         ${q.projectId ? sql`AND w.project_id = ${q.projectId}` : sql``}
         ${own ? sql`AND ${own}` : sql``}
    ),
    a AS (
      SELECT raw.*,
             max(burst) OVER (PARTITION BY src_board, src_ch ORDER BY at
                              RANGE BETWEEN CURRENT ROW AND make_interval(secs => ${CHATTER_SECONDS}) FOLLOWING) >= ${CHATTER_ALARMS} AS chattering
        FROM raw
    )`;
}

/** The alarms a figure counts (its drill-down). */
function figureCondition(figure: HealthFigure, key: string | undefined): SQL {
  switch (figure) {
    case 'all':
      return sql`true`;
    case 'bucket':
      return sql`a.b = ${Number(key)}`;
    case 'flood':
      return sql`a.b IN (SELECT b FROM a GROUP BY b HAVING count(*) > ${FLOOD_ALARMS})`;
    case 'source': {
      const [board, ch] = (key ?? '0:0').split(':').map(Number);
      return sql`a.src_board = ${board} AND a.src_ch = ${ch}`;
    }
    case 'chattering':
      return sql`a.chattering`;
    case 'stale':
      return sql`a.stale`;
    case 'level':
      return sql`a.level = ${key ?? ''}`;
    case 'acked':
      return sql`a.ack_at IS NOT NULL`;
    case 'shelved':
      return shelvedCondition;
    case 'shelvedNow':
      return sql`a.result IS NULL AND a.suppressed_by = 'shelved'`;
    case 'suppressed':
      return suppressedCondition((key ?? 'board_offline') as HealthSuppressionCause);
  }
}

/**
 * Units out of service (the unit's columns now; the operation log for the past): 'outOfServiceNow'
 * the live units whose out_of_service_at is set; 'outOfService' those out at any moment of the range —
 * an outOfService log row before its end whose unit did not come back (the next inService row of the
 * unit) before its start, or out now since before its end.
 */
function unitsOut(q: HealthRange, figure: HealthUnitFigure): SQL {
  const own = scopeCondition(q.scope, sql`e.project_id`);
  const scoped = sql`e.archived_at IS NULL ${q.projectId ? sql`AND e.project_id = ${q.projectId}` : sql``} ${own ? sql`AND ${own}` : sql``}`;
  if (figure === 'outOfServiceNow') return sql`SELECT e.id FROM fall_eq_info e WHERE e.out_of_service_at IS NOT NULL AND ${scoped}`;
  return sql`
    WITH r AS (${bounds(q)})
    SELECT e.id FROM fall_eq_info e, r
     WHERE ${scoped}
       AND ((e.out_of_service_at IS NOT NULL AND e.out_of_service_at < r.e)
         OR EXISTS (SELECT 1 FROM sys_log o
                     WHERE o.module = 'ball/falleqinfo' AND o.action = 'outOfService' AND o.target = e.id::text AND o.at < r.e
                       AND NOT EXISTS (SELECT 1 FROM sys_log i
                                        WHERE i.module = 'ball/falleqinfo' AND i.action = 'inService' AND i.target = o.target AND i.at > o.at AND i.at <= r.s)))`;
}

/** Runs of consecutive flood buckets in a sparse series (bucket index, count), in order. */
export function floodEpisodes(series: { bucket: number; count: number }[]): { first: number; last: number; alarms: number }[] {
  const out: { first: number; last: number; alarms: number }[] = [];
  for (const p of series) {
    if (p.count <= FLOOD_ALARMS) continue;
    const cur = out[out.length - 1];
    if (cur && cur.last === p.bucket - 1) {
      cur.last = p.bucket;
      cur.alarms += p.count;
    } else out.push({ first: p.bucket, last: p.bucket, alarms: p.count });
  }
  return out;
}

export class AlarmHealthRepository {
  constructor(private readonly database: Database) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    return (await this.database.db.execute(query)).rows as T[];
  }

  async health(q: HealthRange): Promise<AlarmHealth> {
    const [range] = await this.rows<{ s: string; e: string }>(sql`${bounds(q)}`);
    const start = iso(range.s)!;
    const end = iso(range.e)!;
    const buckets = Math.ceil((Date.parse(end) - Date.parse(start)) / (BUCKET_SECONDS * 1000));
    const [series, sources, levels, [totals], [suppression], [shelvedNow], [units]] = await Promise.all([
      this.rows<{ bucket: number; count: number }>(sql`WITH ${journal(q)} SELECT b AS bucket, count(*)::int AS count FROM a GROUP BY b ORDER BY b`),
      this.rows<{ board: number; ch: number; count: number; boardName: string | null; boardNameEn: string | null; project: string; projectEn: string }>(sql`
        WITH ${journal(q)}, top AS (
          SELECT src_board, src_ch, count(*)::int AS count, min(project_id) AS project_id FROM a GROUP BY src_board, src_ch
           ORDER BY count(*) DESC, src_board, src_ch LIMIT ${HEALTH_TOP_SOURCES})
        SELECT top.src_board AS board, top.src_ch AS ch, top.count, d.board_name AS "boardName", d.board_name_en AS "boardNameEn",
               coalesce(pd.name, p.name, '') AS project, coalesce(nullif(pd.name_en, ''), pd.name, nullif(p.name_en, ''), p.name, '') AS "projectEn"
          FROM top LEFT JOIN fall_detect d ON d.id = top.src_board
          LEFT JOIN fall_project pd ON pd.id = d.project_id LEFT JOIN fall_project p ON p.id = top.project_id
         ORDER BY top.count DESC, top.src_board, top.src_ch`),
      this.rows<{ level: string; count: number }>(sql`WITH ${journal(q)} SELECT level, count(*)::int AS count FROM a GROUP BY level ORDER BY level`),
      this.rows<{ total: number; chatteringSources: number; chatteringAlarms: number; stale: number; acked: number; ackMedian: number | null; ackP90: number | null }>(sql`
        WITH ${journal(q)}
        SELECT count(*)::int AS total,
               count(DISTINCT (src_board, src_ch)) FILTER (WHERE chattering)::int AS "chatteringSources",
               count(*) FILTER (WHERE chattering)::int AS "chatteringAlarms",
               count(*) FILTER (WHERE stale)::int AS stale,
               count(*) FILTER (WHERE ack_at IS NOT NULL)::int AS acked,
               (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ack_at - at)) FILTER (WHERE ack_at IS NOT NULL))::float8 AS "ackMedian",
               (percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM ack_at - at)) FILTER (WHERE ack_at IS NOT NULL))::float8 AS "ackP90"
          FROM a`),
      this.rows<{ shelved: number; board_offline: number; maintenance: number; out_of_service: number }>(sql`
        WITH ${journal(q)}
        SELECT count(*) FILTER (WHERE ${shelvedCondition})::int AS shelved,
               count(*) FILTER (WHERE ${suppressedCondition('board_offline')})::int AS board_offline,
               count(*) FILTER (WHERE ${suppressedCondition('maintenance')})::int AS maintenance,
               count(*) FILTER (WHERE ${suppressedCondition('out_of_service')})::int AS out_of_service
          FROM a`),
      this.rows<{ n: number }>(sql`WITH ${journal(q, 'open')} SELECT count(*)::int AS n FROM a WHERE ${figureCondition('shelvedNow', undefined)}`),
      this.rows<{ now: number; range: number }>(sql`SELECT (SELECT count(*) FROM (${unitsOut(q, 'outOfServiceNow')}) x)::int AS now, (SELECT count(*) FROM (${unitsOut(q, 'outOfService')}) x)::int AS range`),
    ]);
    const total = totals.total;
    const episodes = floodEpisodes(series);
    const floodBuckets = episodes.reduce((n, e) => n + e.last - e.first + 1, 0);
    const peak = series.reduce<{ bucket: number; count: number } | null>((best, p) => (!best || p.count > best.count ? p : best), null);
    const top = sources.map((s) => ({
      key: `${s.board}:${s.ch}`,
      detectId: s.board || null,
      channel: s.ch,
      board: s.boardName ?? '',
      boardEn: s.boardNameEn || s.boardName || '',
      project: s.project,
      projectEn: s.projectEn,
      count: s.count,
      share: total ? s.count / total : 0,
    }));
    const round = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);
    return {
      from: q.from,
      to: q.to,
      start,
      end,
      buckets,
      total,
      avgPerBucket: buckets ? total / buckets : 0,
      peakPerBucket: peak?.count ?? 0,
      peakBucket: peak?.bucket ?? null,
      floodBuckets,
      floodShare: buckets ? floodBuckets / buckets : 0,
      floodEpisodes: episodes,
      floodAlarms: episodes.reduce((n, e) => n + e.alarms, 0),
      top,
      topShare: total ? top.reduce((n, s) => n + s.count, 0) / total : 0,
      chatteringSources: totals.chatteringSources,
      chatteringAlarms: totals.chatteringAlarms,
      stale: totals.stale,
      byLevel: Object.fromEntries(levels.map((l) => [l.level, l.count])),
      acked: totals.acked,
      ackMedianSeconds: round(totals.ackMedian),
      ackP90Seconds: round(totals.ackP90),
      series,
      shelved: suppression.shelved,
      shelvedNow: shelvedNow.n,
      suppressed: { board_offline: suppression.board_offline, maintenance: suppression.maintenance, out_of_service: suppression.out_of_service },
      outOfServiceNow: units.now,
      outOfService: units.range,
    };
  }

  /** The units behind a units figure, a page of them by name, and their number (the figure). */
  async units(q: HealthRange & { figure: HealthUnitFigure; page: number; limit: number }): Promise<{ total: number; rows: AlarmHealthUnit[] }> {
    const ids = unitsOut(q, q.figure);
    const [[{ total }], rows] = await Promise.all([
      this.rows<{ total: number }>(sql`SELECT count(*)::int AS total FROM (${ids}) x`),
      this.unitPage(q, q.figure, q.limit, (q.page - 1) * q.limit),
    ]);
    return { total, rows };
  }

  /** A page of the units of a units figure (an export reads them all this way). */
  async unitPage(q: HealthRange, figure: HealthUnitFigure, limit: number, offset: number): Promise<AlarmHealthUnit[]> {
    const rows = await this.rows<Record<string, unknown>>(sql`
      SELECT e.id, e.name, coalesce(nullif(e.name_en, ''), e.name) AS "nameEn", p.name AS project, coalesce(nullif(p.name_en, ''), p.name) AS "projectEn",
             e.out_of_service_at AS "outOfServiceAt", e.out_of_service_until AS "outOfServiceUntil", e.out_of_service_reason AS reason, e.out_of_service_by AS by
        FROM fall_eq_info e JOIN fall_project p ON p.id = e.project_id
       WHERE e.id IN (${unitsOut(q, figure)})
       ORDER BY e.name, e.id
       LIMIT ${limit} OFFSET ${offset}`);
    return rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      nameEn: String(r.nameEn),
      project: String(r.project),
      projectEn: String(r.projectEn),
      outOfServiceAt: iso(r.outOfServiceAt),
      outOfServiceUntil: iso(r.outOfServiceUntil),
      reason: String(r.reason ?? ''),
      by: String(r.by ?? ''),
    }));
  }

  /** The alarms behind a figure, a page of them in time order, and their number (the figure). */
  async figureRows(q: HealthRange & { figure: HealthFigure; key?: string; page: number; limit: number }): Promise<{ total: number; rows: AlarmHealthRow[] }> {
    const where = figureCondition(q.figure, q.key);
    const [[{ total }], rows] = await Promise.all([
      this.rows<{ total: number }>(sql`WITH ${journal(q, extentOf(q.figure))} SELECT count(*)::int AS total FROM a WHERE ${where}`),
      this.page(q, where, q.limit, (q.page - 1) * q.limit, extentOf(q.figure)),
    ]);
    return { total, rows };
  }

  /** A page of the alarms matching `where` (an export reads them all this way). */
  async page(q: HealthRange, where: SQL, limit: number, offset: number, extent: Extent = 'range'): Promise<AlarmHealthRow[]> {
    const rows = await this.rows<Record<string, unknown>>(sql`
      WITH ${journal(q, extent)}
      SELECT a.id, a.at, a.level, a.kind, a.info, a.detect_id AS "detectId", a.src_ch AS channel,
             d.board_name AS board, coalesce(nullif(d.board_name_en, ''), d.board_name) AS "boardEn",
             p.name AS project, coalesce(nullif(p.name_en, ''), p.name) AS "projectEn", a.ack_at AS "ackAt", a.deal_at AS "dealAt", a.result
        FROM a JOIN fall_project p ON p.id = a.project_id LEFT JOIN fall_detect d ON d.id = a.detect_id
       WHERE ${where}
       ORDER BY a.at, a.id
       LIMIT ${limit} OFFSET ${offset}`);
    return rows.map((r) => ({
      id: Number(r.id),
      at: iso(r.at)!,
      level: String(r.level),
      kind: String(r.kind),
      info: String(r.info),
      detectId: r.detectId === null ? null : Number(r.detectId),
      channel: r.kind === 'channel' ? Number(r.channel) : null,
      board: (r.board as string | null) ?? null,
      boardEn: (r.boardEn as string | null) ?? null,
      project: String(r.project),
      projectEn: String(r.projectEn),
      ackAt: iso(r.ackAt),
      dealAt: iso(r.dealAt),
      result: (r.result as string | null) ?? null,
    }));
  }

  /** The condition of a figure (the export's sheets). */
  static condition = figureCondition;
  static extent = extentOf;
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { publishLive } from '../../../live';

/**
 * Readings that should have arrived and did not (issue 37: a broker account in the shared
 * subscription took its share of every board's readings, the network drops some, a board stops),
 * per board (docs/devices.md "Missing readings").
 *
 * Where they are counted: between every two consecutive stored readings of a board (by reading
 * time), a gap lacks
 * - `sequence`: the numbers the board's own counter skipped (`seq` of its signed reading, HTTP and
 *   MQTT), when both readings carry one and the counter went up by a step their time apart can
 *   account for;
 * - `period`: otherwise (a polled or demo board, a counter that started again), the poll periods
 *   that passed with nothing beyond one and its slack (detect_missed_in, migration 0055).
 * Gaps that lack any are stored (detect_gap) by the ingest, in the batch that stores a reading and
 * under its board's row lock, for the readings around it: every write path (HTTP push, MQTT, the
 * Modbus poll, the demo boards, the simulator through either) passes there. A late reading that
 * fills a gap splits it again; a repeat (a redelivery, a retained message) is not stored and
 * changes nothing. A board silent now lacks, besides, what its period says since its last reading
 * (`silent`, computed when read: the offline check's own figure).
 *
 * What is shown: the readings missing over the last MISSING_WINDOW_MINUTES, the same SQL for the
 * boards list, the board's dialog, the walls and the metric, so each adds up the same rows.
 */
export const MISSING_WINDOW_MINUTES = 60;
const WINDOW = `interval '${MISSING_WINDOW_MINUTES} minutes'`;
/** A counter step beyond this many readings a period (and as many again) is a counter that jumped: judged by the period instead. */
const MOST_PER_PERIOD = 10;
/** Boards named one by one in the log per check; beyond it one line counts the rest. */
const LOG_BOARDS = 20;

/**
 * Recomputes the gaps around readings just stored: for each board, from the stored reading before
 * its earliest to the one after its latest. Called by the ingest inside its batch transaction,
 * after the boards' rows are locked, so two batches never judge one board's readings at once.
 */
export async function recordGaps(tx: Db, readings: { boardId: number; at: Date }[]): Promise<void> {
  if (!readings.length) return;
  const spans = new Map<number, { b: number; lo: number; hi: number }>();
  for (const r of readings) {
    const t = r.at.getTime();
    const s = spans.get(r.boardId);
    if (!s) spans.set(r.boardId, { b: r.boardId, lo: t, hi: t });
    else {
      s.lo = Math.min(s.lo, t);
      s.hi = Math.max(s.hi, t);
    }
  }
  const json = JSON.stringify([...spans.values()].map((s) => ({ b: s.b, lo: new Date(s.lo).toISOString(), hi: new Date(s.hi).toISOString() })));
  // One statement: the old gaps of each span removed (a data-modifying CTE runs whatever reads it),
  // the span's pairs of readings judged again and those lacking readings stored.
  await tx.execute(sql`
    WITH s AS (
      SELECT (x->>'b')::int AS b, (x->>'lo')::timestamptz AS lo, (x->>'hi')::timestamptz AS hi FROM jsonb_array_elements(${json}::jsonb) AS x
    ), e AS (
      SELECT s.b, d.poll_seconds AS p,
             coalesce((SELECT max(r.at) FROM detect_reading r WHERE r.detect_id = s.b AND r.at < s.lo), s.lo) AS lo,
             coalesce((SELECT min(r.at) FROM detect_reading r WHERE r.detect_id = s.b AND r.at > s.hi), s.hi) AS hi
        FROM s JOIN fall_detect d ON d.id = s.b
    ), gone AS (
      DELETE FROM detect_gap g USING e WHERE g.detect_id = e.b AND g.after_at >= e.lo AND g.after_at < e.hi
    ), pairs AS (
      -- Each board's readings in its span, through its index (never a scan of the raw table).
      SELECT e.b, e.p, x.after_at, x.before_at, x.after_seq, x.before_seq
        FROM e CROSS JOIN LATERAL (
          SELECT lag(r.at) OVER w AS after_at, r.at AS before_at, lag(r.seq) OVER w AS after_seq, r.seq AS before_seq
            FROM detect_reading r WHERE r.detect_id = e.b AND r.at >= e.lo AND r.at <= e.hi
          WINDOW w AS (ORDER BY r.at)
        ) x
    ), judged AS (
      SELECT b, after_at, before_at, after_seq, before_seq, extract(epoch FROM before_at - after_at)::float8 AS secs, p,
             (after_seq IS NOT NULL AND before_seq IS NOT NULL AND before_seq > after_seq
              AND before_seq - after_seq - 1 <= ${MOST_PER_PERIOD} * (ceil(extract(epoch FROM before_at - after_at) / greatest(p, 1)) + 1)) AS counted
        FROM pairs WHERE after_at IS NOT NULL
    )
    INSERT INTO detect_gap (detect_id, after_at, before_at, kind, missed, after_seq, before_seq)
    SELECT b, after_at, before_at, kind, missed, after_seq, before_seq
      FROM (SELECT j.*, CASE WHEN counted THEN 'sequence' ELSE 'period' END AS kind,
                   CASE WHEN counted THEN (before_seq - after_seq - 1)::int ELSE detect_missed_in(secs, p) END AS missed
              FROM judged j) k
     WHERE missed > 0`);
}

/** SQL: the readings board `d` (a fall_detect row) lacks by the gaps found in the window, all or of one kind. */
function gapsSql(d: string, kind?: 'sequence' | 'period'): string {
  return `(SELECT coalesce(sum(g.missed), 0)::int FROM detect_gap g WHERE g.detect_id = ${d}.id AND g.before_at > now() - ${WINDOW}${kind ? ` AND g.kind = '${kind}'` : ''})`;
}

/** SQL: the readings board `d` lacks by its silence since its last reading, the part of it inside the window (0: never heard). */
function silentSql(d: string): string {
  const since = `extract(epoch FROM now() - ${d}.last_seen)::float8`;
  return `(CASE WHEN ${d}.last_seen IS NULL THEN 0 ELSE detect_missed_in(${since}, ${d}.poll_seconds) - detect_missed_in(${since} - ${MISSING_WINDOW_MINUTES * 60}, ${d}.poll_seconds) END)`;
}

/** SQL: the readings board `d` lacks over the last hour (gaps found, and its silence now); 0 for an archived board. What every screen and the metric show. */
export function missedSql(d: string): string {
  return `(CASE WHEN ${d}.archived_at IS NOT NULL THEN 0 ELSE ${gapsSql(d)} + ${silentSql(d)} END)`;
}

export interface FleetMissing {
  sequence: number;
  period: number;
  silent: number;
  /** Boards lacking any. */
  boards: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The fleet's missing readings, for the metrics plugin (which builds on no module). */
    missingReadings: { fleet(): Promise<FleetMissing> };
  }
}

/** Decorates the app with its fleet's missing readings (app.missingReadings). */
export const missingPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('missingReadings', { fleet: () => fleetMissing(app) });
});

/** The fleet's live boards added up: the readings they lack over the last hour by kind, and how many boards lack any (the metric). */
export async function fleetMissing(app: FastifyInstance): Promise<FleetMissing> {
  const [row] = await app.database.query<FleetMissing>(`
    SELECT coalesce(sum(s), 0)::int AS sequence, coalesce(sum(p), 0)::int AS period, coalesce(sum(t), 0)::int AS silent,
           count(*) FILTER (WHERE s + p + t > 0)::int AS boards
      FROM (SELECT ${gapsSql('d', 'sequence')} AS s, ${gapsSql('d', 'period')} AS p, ${silentSql('d')} AS t
              FROM fall_detect d WHERE d.archived_at IS NULL) x`);
  return row;
}

/**
 * The missing-readings check (device jobs, with the offline check): a board whose readings begin
 * to go missing is marked (fall_detect.missing_since) and named once in the log — board, project,
 * how many, since when: one line per board when its gaps begin, not one per reading — and one line
 * again when none are missing any more. Gaps older than the raw readings are purged. Returns the
 * boards that began and stopped lacking readings.
 */
export async function checkMissing(app: FastifyInstance): Promise<{ began: number[]; ended: number[] }> {
  const rows = await app.database.query<{ id: number; projectId: number; boardNo: string; missed: number; since: Date | string | null; marked: boolean }>(`
    SELECT id, "projectId", "boardNo", missed, coalesce(gap_from, last_seen) AS since, marked
      FROM (SELECT d.id, d.project_id AS "projectId", d.board_no AS "boardNo", d.last_seen, d.missing_since IS NOT NULL AS marked, ${missedSql('d')} AS missed,
                   (SELECT min(g.after_at) FROM detect_gap g WHERE g.detect_id = d.id AND g.before_at > now() - ${WINDOW}) AS gap_from
              FROM fall_detect d WHERE d.archived_at IS NULL OR d.missing_since IS NOT NULL) x
     WHERE (missed > 0) <> marked`);
  const began: number[] = [];
  const ended: number[] = [];
  let unnamed = 0;
  for (const r of rows) {
    if (r.missed > 0) {
      const since = r.since ? new Date(r.since) : new Date();
      const set = await app.database.query(`UPDATE fall_detect SET missing_since = $2 WHERE id = $1 AND missing_since IS NULL RETURNING id`, [r.id, since.toISOString()]);
      if (!set.length) continue;
      began.push(r.id);
      // Names, never keys: the board's id and number, its project.
      if (began.length <= LOG_BOARDS) app.log.warn({ board: r.id, boardNo: r.boardNo, project: r.projectId, missed: r.missed, since: since.toISOString() }, 'board readings missing');
      else unnamed += 1;
    } else {
      const cleared = await app.database.query(`UPDATE fall_detect SET missing_since = NULL WHERE id = $1 AND missing_since IS NOT NULL RETURNING id`, [r.id]);
      if (!cleared.length) continue;
      ended.push(r.id);
      if (ended.length <= LOG_BOARDS) app.log.info({ board: r.id, boardNo: r.boardNo, project: r.projectId }, 'board readings complete again');
    }
  }
  if (unnamed) app.log.warn({ boards: unnamed }, 'more boards with readings missing (not named one by one)');
  const hours = Math.max(1, await app.settings.get('detect.rawRetentionHours'));
  await app.database.query(`DELETE FROM detect_gap WHERE before_at < now() - make_interval(hours => $1::int)`, [hours]);
  if (began.length || ended.length) await publishLive(app, { topic: 'board' });
  return { began, ended };
}

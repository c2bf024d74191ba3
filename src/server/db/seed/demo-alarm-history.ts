import { eq, inArray } from 'drizzle-orm';
import { serverText } from '@shared/server-text';
import type { WeeklySlot } from '@shared/local-time';
import type { Database } from '../client';
import { fallAlarmWindow, fallEqInfo, fallWarning, sysUser } from '../schema';
import { prng } from './site-plan';
import { labelAfterChannel, OFFLINE_PERIODS, SYSTEM_ACTOR } from '../../modules/operations/detect/readings';
import { boardSuppressionLog, logSuppression, type SuppressionLog } from '../../modules/operations/warnings';
import { windowIntervals } from '../../modules/operations/warnings/windows';

/**
 * The demo's alarm history for the alarm system's health (docs/alarms.md "Health", "What the demo
 * shows"): two years of a control room that is a good citizen of EEMUA 191, with something to show —
 * - a bad actor: a pool's level float switch that began chattering four months ago (bursts of 3–5
 *   alarms within a minute, each clearing by itself within seconds), the loudest source of the fleet;
 * - one upset: a power dip at one installation, a single flood of alarms in one 10-minute period;
 * - bursts of shelving: a unit's alarms parked by an operator with a reason, some unshelved by the
 *   sweep at their end, some cleared while shelved; one open alarm shelved now;
 * - two units out of service: one now (since nine days), one for three weeks half a year ago;
 * - maintenance windows: a weekly cleaning window of one installation and two past winter drain-downs
 *   of another, with the alarms they held;
 * - boards offline and back, their channels' alarms suppressed by the board's absence meanwhile.
 * Rows are written as the live paths write them (readings.ts, suppression.ts, suppression.routes.ts):
 * the same texts, the same columns, the operation-log rows through the same `logSuppression`, so the
 * health figures compute from them as from live ones. Multi-row inserts: the first start stays fast.
 */

type Row = typeof fallWarning.$inferInsert;
/** A log row whose warning ids are written once the warnings have theirs (indexes into the rows). */
type PendingLog = Omit<SuppressionLog, 'params' | 'target'> & { target?: number; params: Record<string, unknown>; lists?: Record<string, number[]>; targetRow?: number };

interface Channel {
  detectId: number;
  ch: number;
  equipmentId: number | null;
  result: string;
  projectId: number;
  boardName: string;
  boardNameEn: string;
  label: string;
  labelEn: string;
  device: string | null;
  timeZone: string;
  pollSeconds: number;
  latitude: number | null;
  /** No open warning holds its unit (a unit to take out of service without suppressing one). */
  unitQuiet: boolean;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Operation-log rows per INSERT: well under the 65,535 parameters of one statement. */
const CHUNK = 1000;

const SHELVE_REASONS = [
  '已知故障，备件在途 Known fault, part on order',
  '现场维修中 Technician working on it',
  '演出期间误报，演出后复查 Nuisance during the show, check afterwards',
  '等待供应商上门 Waiting for the supplier’s visit',
];

export interface DemoAlarmHistory {
  alarms: number;
  logs: number;
  /** The bad actor's source (board id and channel) and its alarms, for the seed's progress line. */
  badActor: { detectId: number; ch: number; alarms: number };
}

export async function seedDemoAlarmHistory(database: Database, first: number, last: number, now = new Date()): Promise<DemoAlarmHistory> {
  const rnd = prng(38_191);
  const t0 = now.getTime();
  const channels = (
    await database.query<Channel>(
      `SELECT c.detect_id AS "detectId", c.ch, c.equipment_id AS "equipmentId", c.result, b.project_id AS "projectId", b.board_name AS "boardName",
              b.board_name_en AS "boardNameEn", c.label, c.label_en AS "labelEn", d.name_en AS device, p.time_zone AS "timeZone", b.poll_seconds AS "pollSeconds",
              p.latitude, NOT EXISTS (SELECT 1 FROM fall_warning w WHERE w.equipment_id = c.equipment_id AND w.result IS NULL) AS "unitQuiet"
         FROM fall_detect_channel c JOIN fall_detect b ON b.id = c.detect_id JOIN fall_project p ON p.id = b.project_id
         LEFT JOIN fall_eq_info e ON e.id = c.equipment_id LEFT JOIN fall_device d ON d.id = e.device_id
        WHERE b.project_id BETWEEN $1 AND $2 AND b.online AND c.equipment_id IS NOT NULL
        ORDER BY b.id, c.ch`,
      [first, last],
    )
  ).map((c) => ({ ...c, detectId: Number(c.detectId), projectId: Number(c.projectId), equipmentId: c.equipmentId === null ? null : Number(c.equipmentId) }));
  const users = await database.db.select({ id: sysUser.id, username: sysUser.username }).from(sysUser).where(inArray(sysUser.username, ['operator', 'manager']));
  const userId = (name: string) => users.find((u) => u.username === name)?.id ?? null;
  const person = (name: 'operator' | 'manager') => ({ userId: userId(name), username: name, method: 'POST', path: '/api/ball/fallwarning/shelve', ip: '127.0.0.1' });

  const rows: Row[] = [];
  const logs: PendingLog[] = [];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  // Channels that read normal now (an open warning is only theirs whose channel reads faulty), by board.
  const quiet = channels.filter((c) => c.result === 'normal');
  const byBoard = new Map<number, Channel[]>();
  for (const c of quiet) byBoard.set(c.detectId, [...(byBoard.get(c.detectId) ?? []), c]);
  const used = new Set<number>();
  /** A board none of the scripts used yet, with at least `n` quiet channels. */
  const freshBoard = (n: number, where: (c: Channel) => boolean = () => true) => {
    const list = [...byBoard.entries()].filter(([id, cs]) => !used.has(id) && cs.length >= n && where(cs[0]));
    const [id, cs] = list[Math.floor(rnd() * list.length)];
    used.add(id);
    return cs;
  };

  /** A channel alarm as readings.ts opens it: its switch fault text, raised at `at`, sounding since. */
  const alarm = (c: Channel, at: number, o: { level?: string; ack?: number | null; close?: number | null; cause?: string | null; shelved?: { by: string; until: number; reason: string } }): number => {
    const label = labelAfterChannel(c.label, c.ch);
    const labelEn = labelAfterChannel(c.labelEn, c.ch);
    rows.push({
      at: new Date(at),
      soundingSince: new Date(at),
      info: serverText('text.switchFault', { board: c.boardName, boardEn: c.boardNameEn, ch: c.ch, label, labelEn }),
      kind: 'channel',
      level: o.level ?? 'warning',
      projectId: c.projectId,
      detectId: c.detectId,
      channel: c.ch,
      equipmentId: c.equipmentId,
      ackAt: o.ack ? new Date(o.ack) : null,
      ackBy: o.ack ? 'operator' : '',
      dealAt: o.close ? new Date(o.close) : null,
      result: o.close ? 'fixed' : null,
      dealtBy: o.close ? SYSTEM_ACTOR : '',
      note: o.close ? serverText('text.normalAgain', { n: 3 }) : '',
      suppressedBy: o.cause ?? null,
      shelvedBy: o.shelved?.by ?? '',
      shelvedUntil: o.shelved ? new Date(o.shelved.until) : null,
      shelveReason: o.shelved?.reason ?? '',
    });
    return rows.length - 1;
  };
  const ackAfter = (at: number) => at + Math.round((40 + rnd() * rnd() * 1500) * 1000);

  // The bad actor: the level float switch of one pool, chattering since 120 days, worst in the last weeks.
  const float = quiet.find((c) => c.device === 'Water level sensor') ?? quiet[0];
  used.add(float.detectId);
  const badRows: number[] = [];
  for (let day = 120; day >= 1; day -= 1 + Math.floor(rnd() * (day > 40 ? 4 : 2))) {
    let at = t0 - day * DAY + Math.round((1 + rnd() * 20) * HOUR);
    for (let k = 0, n = 3 + Math.floor(rnd() * 3); k < n; k++) {
      // Clears by itself within seconds; now and then an operator acknowledges one before it does.
      const close = at + Math.round((3 + rnd() * 8) * 1000);
      badRows.push(alarm(float, at, { ack: rnd() < 0.2 ? at + 2_000 : null, close }));
      at = close + Math.round((4 + rnd() * 8) * 1000);
    }
  }
  // The operator shelved the chattering switch's alarm three times in the last weeks (it cleared while shelved).
  for (const i of badRows.slice(-14).filter((_, k) => k % 5 === 0)) {
    const r = rows[i];
    const at = r.at!.getTime() + 1_500;
    const until = at + 240 * MINUTE;
    Object.assign(rows[i], { suppressedBy: 'shelved', shelvedBy: 'operator', shelvedUntil: new Date(until), shelveReason: SHELVE_REASONS[0] });
    logs.push({ ...person('operator'), module: 'ball/fallwarning', action: 'shelve', at: new Date(at), targetRow: i, params: { reason: SHELVE_REASONS[0], until: new Date(until).toISOString(), minutes: 240 } });
  }

  // The upset: a power dip at one installation, its boards' channels tripping within four minutes (one flood period).
  const dipProject = quiet.find((c) => (byBoard.get(c.detectId)?.length ?? 0) >= 6 && !used.has(c.detectId))!.projectId;
  const dipAt = Math.floor((t0 - 300 * DAY) / HOUR) * HOUR + 21 * MINUTE;
  const dip = quiet.filter((c) => c.projectId === dipProject && c.detectId !== float.detectId).slice(0, 14);
  for (const [k, c] of dip.entries()) {
    const at = dipAt + k * 15_000 + Math.round(rnd() * 10_000);
    alarm(c, at, { level: 'critical', ack: at + 90_000 + k * 5_000, close: at + Math.round((6 + rnd() * 20) * MINUTE) });
  }
  for (const c of dip) used.add(c.detectId);

  // Bursts of shelving: a unit's board trips two or three alarms, an operator parks them with a reason.
  const bursts = [2, 5, 11, 19, 33, 58, 90, 141, 188, 240, 320, 410, 530, 650];
  for (const day of bursts) {
    const cs = freshBoard(3).slice(0, 2 + Math.floor(rnd() * 2));
    const at = t0 - day * DAY + Math.round((8 + rnd() * 12) * HOUR);
    const minutes = pick([60, 120, 240]);
    const reason = pick(SHELVE_REASONS);
    const shelveAt = at + Math.round((2 + rnd() * 3) * MINUTE);
    const until = shelveAt + minutes * MINUTE;
    for (const [k, c] of cs.entries()) {
      const raised = at + k * 20_000;
      // Cleared while shelved (the row keeps the shelving), or still standing at its end: unshelved by the sweep, then fixed.
      const clearsShelved = rnd() < 0.5;
      const close = clearsShelved ? shelveAt + Math.round(rnd() * (until - shelveAt - MINUTE)) : until + Math.round((10 + rnd() * 50) * MINUTE);
      const i = alarm(c, raised, { ack: raised + 60_000, close, cause: clearsShelved ? 'shelved' : null, shelved: { by: 'operator', until, reason } });
      logs.push({ ...person('operator'), module: 'ball/fallwarning', action: 'shelve', at: new Date(shelveAt), targetRow: i, params: { reason, until: new Date(until).toISOString(), minutes, ...(c.equipmentId ? { equipmentId: c.equipmentId } : {}) } });
      if (!clearsShelved) {
        logs.push({ userId: null, username: SYSTEM_ACTOR, module: 'ball/fallwarning', action: 'unshelve', at: new Date(until + 20_000), targetRow: i,
          params: { reason: serverText('text.shelveExpired'), until: new Date(until).toISOString(), shelvedBy: 'operator', shelveReason: reason, now: null } });
      }
    }
  }

  // Two units out of service: one since nine days (until in twelve), one for three weeks half a year ago.
  const spells: { equipmentId: number; from: number; to: number }[] = [];
  const service = (o: { out: number; back: number | null; reason: string }) => {
    const cs = freshBoard(2, (x) => x.unitQuiet);
    const c = cs[0];
    spells.push({ equipmentId: c.equipmentId!, from: o.out, to: o.back ?? t0 + DAY });
    const pending: number[] = [];
    if (o.back !== null) {
      // Alarming when it was taken out: suppressed by it, released on its return (fixed an hour later).
      pending.push(alarm(c, o.out - 2 * HOUR, { ack: o.out - 2 * HOUR + 5 * MINUTE, close: o.back + HOUR }));
    }
    logs.push({ ...person('manager'), path: '/api/ball/fallwarning/service', module: 'ball/falleqinfo', action: 'outOfService', target: c.equipmentId!, at: new Date(o.out),
      params: { reason: o.reason, until: o.back === null ? new Date(t0 + 12 * DAY).toISOString() : null }, lists: { suppressed: pending } });
    // Its channels still read and trip meanwhile: opened suppressed by it, no order, cleared quietly.
    const end = o.back ?? t0;
    for (let at = o.out + 1.5 * DAY; at < end - HOUR; at += (2 + rnd() * 3) * DAY) {
      alarm(pick(cs), Math.round(at), { close: Math.round(at + (5 + rnd() * 40) * MINUTE), cause: 'out_of_service' });
    }
    if (o.back !== null) {
      logs.push({ ...person('manager'), path: '/api/ball/fallwarning/service', module: 'ball/falleqinfo', action: 'inService', target: c.equipmentId!, at: new Date(o.back),
        params: { outOfServiceReason: o.reason, until: null }, lists: { released: pending } });
    }
    return c.equipmentId!;
  };
  const outNow = service({ out: t0 - 9 * DAY, back: null, reason: '更换水泵机械密封 Pump seal replacement' });
  service({ out: t0 - 200 * DAY, back: t0 - 179 * DAY, reason: '水池渗漏，排空修补 Pool leak, drained for repair' });
  await database.db
    .update(fallEqInfo)
    .set({ outOfServiceAt: new Date(t0 - 9 * DAY), outOfServiceUntil: new Date(t0 + 12 * DAY), outOfServiceReason: '更换水泵机械密封 Pump seal replacement', outOfServiceBy: 'manager' })
    .where(eq(fallEqInfo.id, outNow));

  // Maintenance windows: a weekly pool cleaning (Tuesdays 06:00–09:00 local, for a year), and two past winter drain-downs.
  const cleanCs = freshBoard(3);
  // The drained one is a northern installation, winterised like its operating calendar (demo-calendar.ts).
  const winterCs = freshBoard(3, (c) => c.projectId !== cleanCs[0].projectId && (c.latitude ?? 0) >= 39);
  const year = now.getUTCFullYear() - (now.getUTCMonth() >= 2 ? 0 : 1);
  const windows = await database.db
    .insert(fallAlarmWindow)
    .values([
      { projectId: cleanCs[0].projectId, name: '每周清洗 Weekly pool cleaning', kind: 'weekly', slots: [{ days: [2], start: '06:00', end: '09:00' }] satisfies WeeklySlot[], reason: '清洗时液位与水泵报警属正常 Level and pump alarms are expected while cleaning', createdBy: 'manager', createdAt: new Date(t0 - 365 * DAY) },
      { projectId: winterCs[0].projectId, name: `冬季停运期 Winter lay-up ${year - 1}`, kind: 'dates', dateFrom: `${year - 2}-12-01`, dateTo: `${year - 1}-02-28`, reason: '排空防冻 Drained against frost', createdBy: 'manager', createdAt: new Date(t0 - 700 * DAY) },
      { projectId: winterCs[0].projectId, name: `冬季停运期 Winter lay-up ${year}`, kind: 'dates', dateFrom: `${year - 1}-12-01`, dateTo: `${year}-02-28`, reason: '排空防冻 Drained against frost', createdBy: 'manager', createdAt: new Date(t0 - 380 * DAY) },
    ])
    .returning({ id: fallAlarmWindow.id, projectId: fallAlarmWindow.projectId, kind: fallAlarmWindow.kind, slots: fallAlarmWindow.slots, dateFrom: fallAlarmWindow.dateFrom, dateTo: fallAlarmWindow.dateTo });
  const held: { projectId: number; from: number; to: number }[] = [];
  for (const [w, cs] of [[windows[0], cleanCs], [windows[1], winterCs], [windows[2], winterCs]] as const) {
    const occurrences = windowIntervals(w, cs[0].timeZone, t0 - (w.kind === 'weekly' ? 365 : 740) * DAY, t0).filter((o) => o.end <= t0);
    for (const [k, o] of occurrences.entries()) {
      held.push({ projectId: w.projectId, from: o.start, to: o.end });
      // Now and then an alarm stands when the window starts (suppressed by it, released at its end, fixed after).
      const standing = k % 9 === 4 ? [alarm(cs[0], o.start - 40 * MINUTE, { ack: o.start - 35 * MINUTE, close: o.end + 30 * MINUTE })] : [];
      logs.push({ userId: null, username: SYSTEM_ACTOR, module: 'ball/fallalarmwindow', action: 'windowStart', target: w.projectId, at: new Date(o.start + 20_000),
        params: { window: w.id, until: new Date(o.end).toISOString() }, lists: { suppressed: standing } });
      // The cleaning crew trips the level switch now and then; a drained pool's channels trip during the winter.
      const tripped = w.kind === 'weekly' ? (rnd() < 0.35 ? 1 : 0) : 4 + Math.floor(rnd() * 3);
      for (let i = 0; i < tripped; i++) {
        const at = Math.round(o.start + (0.1 + rnd() * 0.8) * (o.end - o.start));
        alarm(pick(cs), at, { close: Math.min(o.end - MINUTE, at + Math.round((5 + rnd() * 60) * MINUTE)), cause: 'maintenance' });
      }
      logs.push({ userId: null, username: SYSTEM_ACTOR, module: 'ball/fallalarmwindow', action: 'windowEnd', target: w.projectId, at: new Date(o.end + 20_000),
        params: { window: w.id }, lists: { released: standing } });
    }
  }

  // Boards offline and back: an offline alarm each, the channel alarms standing meanwhile suppressed by it.
  const absent: { detectId: number; from: number; to: number }[] = [];
  for (const day of [3, 16, 47, 96, 170, 260, 380, 470, 600, 700]) {
    const cs = freshBoard(2);
    const c = cs[0];
    const silent = t0 - day * DAY + Math.round((6 + rnd() * 14) * HOUR);
    const off = silent + OFFLINE_PERIODS * c.pollSeconds * 1000;
    const back = off + Math.round((20 + rnd() * 200) * MINUTE);
    absent.push({ detectId: c.detectId, from: silent, to: back });
    rows.push({
      at: new Date(off), soundingSince: new Date(off), kind: 'offline', level: 'warning', projectId: c.projectId, detectId: c.detectId,
      info: serverText('text.offline', { board: c.boardName, boardEn: c.boardNameEn, seconds: c.pollSeconds * OFFLINE_PERIODS }),
      ackAt: new Date(off + 3 * MINUTE), ackBy: 'operator', dealAt: new Date(back), result: 'fixed', dealtBy: SYSTEM_ACTOR, note: serverText('text.backOnline'),
    });
    // One channel still faulty on its return (released, fixed later); one normal by then (cleared while suppressed).
    const faulty = alarm(c, silent - 20 * MINUTE, { ack: silent - 15 * MINUTE, close: back + Math.round((30 + rnd() * 90) * MINUTE) });
    const cleared = alarm(cs[1], silent - 5 * MINUTE, { close: back + 15_000, cause: 'board_offline' });
    logs.push({ ...boardSuppressionLog('boardOffline', c.detectId, [], new Date(off)), lists: { suppressed: [faulty, cleared] } });
    logs.push({ ...boardSuppressionLog('boardOnline', c.detectId, [], new Date(back)), lists: { released: [faulty] } });
  }

  // The ordinary nights: now and then a unit trips, an operator acknowledges it, it is put right (a silent board trips nothing).
  for (let at = t0 - 729 * DAY; at < t0 - HOUR; at += Math.round((2 + rnd() * 8) * HOUR)) {
    const c = pick(quiet);
    if (c.detectId === float.detectId || absent.some((a) => a.detectId === c.detectId && at >= a.from && at <= a.to)) continue;
    alarm(c, at, { level: rnd() < 0.2 ? 'critical' : 'warning', ack: ackAfter(at), close: at + Math.round((10 + rnd() * rnd() * 600) * MINUTE) });
  }

  // Written in time order in one statement (their ids drawn first, so the log can name them).
  const order = rows.map((_, i) => i).sort((x, y) => rows[x].at!.getTime() - rows[y].at!.getTime());
  const drawn = await database.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('fall_warning', 'id'))::int AS id FROM generate_series(1, $1::int) ORDER BY 1`, [rows.length]);
  const ids = new Array<number>(rows.length);
  order.forEach((i, k) => (ids[i] = Number(drawn[k].id)));
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const records = order.map((i) => {
    const r = rows[i];
    return {
      id: ids[i], at: iso(r.at), sounding_since: iso(r.soundingSince), info: r.info, kind: r.kind, level: r.level, project_id: r.projectId, detect_id: r.detectId,
      channel: r.channel ?? null, equipment_id: r.equipmentId ?? null, ack_at: iso(r.ackAt), ack_by: r.ackBy ?? '', deal_at: iso(r.dealAt), result: r.result ?? null,
      dealt_by: r.dealtBy ?? '', note: r.note ?? '', suppressed_by: r.suppressedBy ?? null, shelved_by: r.shelvedBy ?? '', shelved_until: iso(r.shelvedUntil), shelve_reason: r.shelveReason ?? '',
    };
  });
  await database.query(
    `INSERT INTO fall_warning (id, at, sounding_since, info, kind, level, project_id, detect_id, channel, equipment_id, ack_at, ack_by, deal_at, result, dealt_by, note, suppressed_by, shelved_by, shelved_until, shelve_reason)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id int, at timestamptz, sounding_since timestamptz, info text, kind varchar, level varchar, project_id int, detect_id int,
       channel smallint, equipment_id int, ack_at timestamptz, ack_by varchar, deal_at timestamptz, result varchar, dealt_by varchar, note text, suppressed_by varchar,
       shelved_by varchar, shelved_until timestamptz, shelve_reason varchar)`,
    [JSON.stringify(records)],
  );
  // Chattering as readings.ts counts it when it opens one (chatterSql): the bad actor's alarms within 60 s of each other.
  await database.query(
    `UPDATE fall_warning w SET chatter = k.n FROM (
       SELECT id, count(*) OVER (ORDER BY at RANGE BETWEEN interval '60 seconds' PRECEDING AND CURRENT ROW) AS n
         FROM fall_warning WHERE detect_id = $1 AND channel = $2 AND kind = 'channel') k
      WHERE w.id = k.id AND k.n >= 3`,
    [float.detectId, float.ch],
  );

  // What opened while a cause held opened suppressed by it, as readings.ts opens it (suppressionOf): a
  // unit out of service first, else its project in a maintenance window — the older journal's rows too.
  for (const s of spells) {
    await database.query(`UPDATE fall_warning SET suppressed_by = 'out_of_service' WHERE equipment_id = $1 AND at > $2 AND at < $3 AND suppressed_by IS NULL`, [s.equipmentId, new Date(s.from).toISOString(), new Date(s.to).toISOString()]);
  }
  for (const h of held) {
    await database.query(`UPDATE fall_warning SET suppressed_by = 'maintenance' WHERE project_id = $1 AND at >= $2 AND at < $3 AND suppressed_by IS NULL AND result IS NOT NULL`, [h.projectId, new Date(h.from).toISOString(), new Date(h.to).toISOString()]);
  }

  // One open alarm shelved now: a known fault of a unit under repair, parked for four hours twenty minutes ago.
  const [open] = await database.query<{ id: number }>(
    `SELECT w.id FROM fall_warning w WHERE w.kind = 'channel' AND w.result IS NULL AND w.suppressed_by IS NULL AND w.project_id BETWEEN $1 AND $2 ORDER BY w.id LIMIT 1`,
    [first, last],
  );
  if (open) {
    const at = t0 - 20 * MINUTE;
    const until = at + 240 * MINUTE;
    await database.db.update(fallWarning).set({ suppressedBy: 'shelved', shelvedBy: 'operator', shelvedUntil: new Date(until), shelveReason: SHELVE_REASONS[0] }).where(eq(fallWarning.id, Number(open.id)));
    logs.push({ ...person('operator'), module: 'ball/fallwarning', action: 'shelve', target: Number(open.id), at: new Date(at), params: { reason: SHELVE_REASONS[0], until: new Date(until).toISOString(), minutes: 240 } });
  }

  const written: SuppressionLog[] = logs
    .sort((x, y) => x.at!.getTime() - y.at!.getTime())
    .map(({ lists, targetRow, ...l }) => ({
      ...l,
      target: targetRow !== undefined ? ids[targetRow] : l.target!,
      params: { ...l.params, ...Object.fromEntries(Object.entries(lists ?? {}).map(([k, list]) => [k, list.map((i) => ids[i])])) },
    }));
  for (let k = 0; k < written.length; k += CHUNK) await logSuppression(database.db, written.slice(k, k + CHUNK));
  return { alarms: rows.length, logs: written.length, badActor: { detectId: float.detectId, ch: float.ch, alarms: badRows.length } };
}

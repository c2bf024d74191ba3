import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { serverText } from '@shared/server-text';
import type { SuppressedBy } from '@shared/contracts/warning';
import type { Db } from '../../../db/client';
import { fallAlarmWindow, fallEqInfo, fallProject, fallWarning, sysLog } from '../../../db/schema';
import { publishLive } from '../../../live';
import { windowAt, type StoredWindow } from './windows';

/**
 * Suppression (docs/alarms.md "Shelving", "Out of service", "Suppression by cause"): an open warning
 * whose `suppressed_by` is set does not sound, is not on the walls' alarm strip and does not
 * escalate; it stays open and is counted as open everywhere. Three causes:
 * - 'shelved': a person parked it until `shelved_until` (at most alarm.shelveMaxMinutes);
 * - 'out_of_service': its unit is out of service (fall_eq_info.out_of_service_at);
 * - 'board_offline': its board went offline (the offline warning of the board stands for it);
 * - 'maintenance': its project is in an alarm maintenance window (fall_project.alarm_window_id, windows.ts).
 * When a cause ends, `restingSuppression` gives each warning the cause that still holds, if any.
 */

/** Who ends what ran out by itself (readings.ts and warnings.service.ts write the same name). */
const SYSTEM_ACTOR = 'system';

/**
 * The suppression a warning opened now for a channel wired to `equipmentId` of `projectId` starts
 * with: its unit out of service, else its project in a maintenance window, or none. For readings.ts,
 * where a channel's warning is opened.
 */
export async function suppressionOf(tx: Db, equipmentId: number | null, projectId: number): Promise<SuppressedBy | null> {
  if (equipmentId) {
    const [unit] = await tx.select({ at: fallEqInfo.outOfServiceAt }).from(fallEqInfo).where(eq(fallEqInfo.id, equipmentId));
    if (unit?.at) return 'out_of_service';
  }
  const [project] = await tx.select({ window: fallProject.alarmWindowId }).from(fallProject).where(eq(fallProject.id, projectId));
  return project?.window ? 'maintenance' : null;
}

/** The same for a warning an INSERT … SELECT opens (a board's offline warning): 'maintenance' while its project is in a window. */
export const projectSuppressionSql = (projectId: SQL | unknown) =>
  sql`(SELECT CASE WHEN p.alarm_window_id IS NOT NULL THEN 'maintenance' END FROM fall_project p WHERE p.id = ${projectId})`;

/**
 * The cause that still holds for an open warning once another one ended: its unit out of service,
 * else (a channel warning) its board offline, else none. A shelving never comes back by itself.
 */
const restingSuppression = sql`CASE
  WHEN EXISTS (SELECT 1 FROM fall_eq_info e WHERE e.id = fall_warning.equipment_id AND e.out_of_service_at IS NOT NULL) THEN 'out_of_service'
  WHEN fall_warning.kind = 'channel' AND EXISTS (SELECT 1 FROM fall_detect d WHERE d.id = fall_warning.detect_id AND NOT d.online) THEN 'board_offline'
  WHEN EXISTS (SELECT 1 FROM fall_project p WHERE p.id = fall_warning.project_id AND p.alarm_window_id IS NOT NULL) THEN 'maintenance'
  ELSE NULL END`;

/**
 * Open warnings matching `where` whose suppression `cause` ended take the cause that still holds;
 * those that alarm again sound from `now` (sounding_since: their escalation's steps count from it,
 * docs/escalation.md "Suppressed alarms"). Every release of a suppression goes through here.
 */
async function release(tx: Db, where: SQL, cause: SuppressedBy, now: Date, extra: Record<string, unknown> = {}): Promise<{ id: number; projectId: number; suppressedBy: string | null }[]> {
  return tx
    .update(fallWarning)
    .set({
      suppressedBy: sql`${restingSuppression}`,
      soundingSince: sql`CASE WHEN (${restingSuppression}) IS NULL THEN ${now.toISOString()}::timestamptz ELSE ${fallWarning.soundingSince} END`,
      ...extra,
    })
    .where(and(where, isNull(fallWarning.result), eq(fallWarning.suppressedBy, cause)))
    .returning({ id: fallWarning.id, projectId: fallWarning.projectId, suppressedBy: fallWarning.suppressedBy });
}

/**
 * A board gone offline (checkOffline): its channels' open warnings that alarm are suppressed by
 * 'board_offline' — the board's one offline warning stands for them. Returns them with their board
 * (the operation log's `boardOffline` row of each board names its own).
 */
export async function suppressOfflineChannels(tx: Db, boardIds: number[]): Promise<{ id: number; detectId: number }[]> {
  if (!boardIds.length) return [];
  const rows = await tx
    .update(fallWarning)
    .set({ suppressedBy: 'board_offline' })
    .where(and(inArray(fallWarning.detectId, boardIds), eq(fallWarning.kind, 'channel'), isNull(fallWarning.result), isNull(fallWarning.suppressedBy)))
    .returning({ id: fallWarning.id, detectId: fallWarning.detectId });
  return rows.map((r) => ({ id: r.id, detectId: r.detectId! }));
}

/**
 * A board heard again (applyReading): the warnings of its channels that read faulty in this reading
 * alarm again (the same warnings, no new ones); those reading normal stay suppressed until their
 * normal readings close them, so a board's return raises no flood of alarms about to clear.
 * Returns every warning whose board-offline suppression ended, with the cause it took (null: it alarms again).
 */
export async function releaseReturnedChannels(tx: Db, boardId: number, faultyChannels: number[], now: Date): Promise<{ id: number; suppressedBy: string | null }[]> {
  if (!faultyChannels.length) return [];
  const rows = await release(tx, and(eq(fallWarning.detectId, boardId), eq(fallWarning.kind, 'channel'), inArray(fallWarning.channel, faultyChannels))!, 'board_offline', now);
  return rows.map((r) => ({ id: r.id, suppressedBy: r.suppressedBy }));
}

/**
 * The operation-log rows of boards gone offline (`boardOffline`, naming the warnings suppressed) or
 * heard again (`boardOnline`, naming every warning whose board-offline suppression ended), so the
 * alarm health counts an alarm a board's absence held even once its `suppressed_by` is cleared.
 */
export function boardSuppressionLog(action: 'boardOffline' | 'boardOnline', boardId: number, ids: number[], at?: Date): SuppressionLog {
  return { userId: null, username: SYSTEM_ACTOR, module: 'ball/falldetect', action, target: boardId, params: action === 'boardOffline' ? { suppressed: ids } : { released: ids }, ...(at ? { at } : {}) };
}

export interface ShelveOptions {
  until: Date;
  by: string;
  reason: string;
}

/** Shelves the open warnings matching `where` that no other cause suppresses (a shelved one is shelved anew, to the new end). */
export async function shelveWarnings(tx: Db, where: SQL, o: ShelveOptions): Promise<{ id: number; projectId: number }[]> {
  return tx
    .update(fallWarning)
    .set({ suppressedBy: 'shelved', shelvedUntil: o.until, shelvedBy: o.by, shelveReason: o.reason })
    .where(and(where, isNull(fallWarning.result), or(isNull(fallWarning.suppressedBy), eq(fallWarning.suppressedBy, 'shelved'))))
    .returning({ id: fallWarning.id, projectId: fallWarning.projectId });
}

/**
 * Ends the shelving of the open warnings matching `where`: each takes the cause that still holds,
 * or alarms again — unacknowledged, so it sounds again on every wall while its fault stands (a fault
 * that cleared while shelved has closed its warning already).
 */
export async function unshelveWarnings(tx: Db, where: SQL, now: Date): Promise<{ id: number; projectId: number; suppressedBy: string | null }[]> {
  return release(tx, where, 'shelved', now, { ackAt: null, ackBy: '' });
}

/** Projects entering a maintenance window: their open warnings that alarm are suppressed by 'maintenance'. */
export async function suppressProjects(tx: Db, projectIds: number[]): Promise<{ id: number; projectId: number }[]> {
  if (!projectIds.length) return [];
  return tx
    .update(fallWarning)
    .set({ suppressedBy: 'maintenance' })
    .where(and(inArray(fallWarning.projectId, projectIds), isNull(fallWarning.result), isNull(fallWarning.suppressedBy)))
    .returning({ id: fallWarning.id, projectId: fallWarning.projectId });
}

/** Projects whose maintenance window ended: their warnings it suppressed alarm again (or take a cause that still holds). */
export async function releaseProjects(tx: Db, projectIds: number[], now: Date): Promise<{ id: number; projectId: number; suppressedBy: string | null }[]> {
  if (!projectIds.length) return [];
  return release(tx, inArray(fallWarning.projectId, projectIds), 'maintenance', now);
}

/** A unit set out of service: its open warnings that alarm are suppressed by it. */
export async function suppressUnit(tx: Db, equipmentId: number): Promise<number[]> {
  const rows = await tx
    .update(fallWarning)
    .set({ suppressedBy: 'out_of_service' })
    .where(and(eq(fallWarning.equipmentId, equipmentId), isNull(fallWarning.result), isNull(fallWarning.suppressedBy)))
    .returning({ id: fallWarning.id });
  return rows.map((r) => r.id);
}

/** A unit back in service: its warnings that the unit's state suppressed alarm again (or take their board's offline). */
export async function releaseUnit(tx: Db, equipmentId: number, now: Date): Promise<{ id: number; projectId: number; suppressedBy: string | null }[]> {
  return release(tx, eq(fallWarning.equipmentId, equipmentId), 'out_of_service', now);
}

/** A unit back in service, by hand or at its end: the columns cleared, its warnings released. */
export async function returnToService(tx: Db, equipmentId: number, now: Date): Promise<{ released: { id: number; projectId: number; suppressedBy: string | null }[]; projectId: number } | null> {
  const [unit] = await tx
    .update(fallEqInfo)
    .set({ outOfServiceAt: null, outOfServiceUntil: null })
    .where(and(eq(fallEqInfo.id, equipmentId), isNotNull(fallEqInfo.outOfServiceAt)))
    .returning({ projectId: fallEqInfo.projectId });
  if (!unit) return null;
  return { released: await releaseUnit(tx, equipmentId, now), projectId: unit.projectId };
}

/** One operation-log row of a suppression change (shelve, unshelve, out of service, back in service, a maintenance window's start and end, a board offline and back). */
export interface SuppressionLog {
  userId: number | null;
  username: string;
  module: 'ball/fallwarning' | 'ball/falleqinfo' | 'ball/fallalarmwindow' | 'ball/falldetect';
  action: 'shelve' | 'unshelve' | 'outOfService' | 'inService' | 'windowStart' | 'windowEnd' | 'boardOffline' | 'boardOnline';
  target: number;
  method?: string;
  path?: string;
  ip?: string;
  /** What the log shows: the reason and the end (`until`), and what else the change names. */
  params: Record<string, unknown>;
  /** When it happened: now, unless a history is written after the fact (the demo seed). */
  at?: Date;
}

/** Writes suppression changes to the operation log (sys_log), one row per warning or unit: who, reason, end. */
export async function logSuppression(tx: Db, rows: SuppressionLog[]): Promise<void> {
  if (!rows.length) return;
  await tx.insert(sysLog).values(
    rows.map((r) => ({
      userId: r.userId,
      username: r.username.slice(0, 64),
      module: r.module,
      menuCode: r.module === 'ball/fallalarmwindow' ? 'fall-alarmwindow' : 'fall-detect',
      action: r.action,
      target: String(r.target),
      method: r.method ?? '',
      path: r.path ?? '',
      ip: r.ip ?? '',
      statusCode: 200,
      success: true,
      params: r.params,
      ...(r.at ? { at: r.at } : {}),
    })),
  );
}

/**
 * Brings every project's window state to `now`: projects a window holds get it (and their alarms are
 * suppressed), projects whose window ended lose it (and their alarms sound again, or take a cause
 * that still holds). Archived projects and windows hold none. Returns the projects that moved.
 */
export async function applyWindows(tx: Db, now: Date): Promise<{ entered: number[]; left: number[]; moved: number[] }> {
  const rows = await tx
    .select({
      id: fallAlarmWindow.id,
      projectId: fallAlarmWindow.projectId,
      kind: fallAlarmWindow.kind,
      slots: fallAlarmWindow.slots,
      dateFrom: fallAlarmWindow.dateFrom,
      dateTo: fallAlarmWindow.dateTo,
      timeZone: fallProject.timeZone,
    })
    .from(fallAlarmWindow)
    .innerJoin(fallProject, eq(fallProject.id, fallAlarmWindow.projectId))
    .where(and(isNull(fallAlarmWindow.archivedAt), isNull(fallProject.archivedAt)));
  const byProject = new Map<number, { timeZone: string; windows: StoredWindow[] }>();
  for (const r of rows) {
    const entry = byProject.get(r.projectId) ?? { timeZone: r.timeZone, windows: [] };
    entry.windows.push(r);
    byProject.set(r.projectId, entry);
  }
  const held = new Map<number, { id: number; until: number }>();
  for (const [projectId, { timeZone, windows }] of byProject) {
    const at = windowAt(windows, timeZone, now.getTime());
    if (at) held.set(projectId, at);
  }
  // The projects whose stored state differs from what holds now (locked, so two sweeps do not both move one).
  const stored = await tx
    .select({ id: fallProject.id, windowId: fallProject.alarmWindowId, until: fallProject.alarmWindowUntil })
    .from(fallProject)
    .where(or(sql`${fallProject.alarmWindowId} IS NOT NULL`, held.size ? inArray(fallProject.id, [...held.keys()]) : sql`false`))
    .for('update', { skipLocked: true });
  const entered: number[] = [];
  const left: number[] = [];
  const moved: number[] = [];
  for (const p of stored) {
    const holds = held.get(p.id);
    if ((p.windowId ?? null) === (holds?.id ?? null) && (p.until?.getTime() ?? null) === (holds?.until ?? null)) continue;
    await tx.update(fallProject).set({ alarmWindowId: holds?.id ?? null, alarmWindowUntil: holds ? new Date(holds.until) : null }).where(eq(fallProject.id, p.id));
    moved.push(p.id);
    if (holds && !p.windowId) entered.push(p.id);
    if (!holds && p.windowId) left.push(p.id);
  }
  const suppressed = await suppressProjects(tx, entered);
  const released = await releaseProjects(tx, left, now);
  await logSuppression(tx, [
    ...entered.map((projectId) => ({
      userId: null,
      username: SYSTEM_ACTOR,
      module: 'ball/fallalarmwindow' as const,
      action: 'windowStart' as const,
      target: projectId,
      params: { window: held.get(projectId)!.id, until: new Date(held.get(projectId)!.until).toISOString(), suppressed: suppressed.filter((w) => w.projectId === projectId).map((w) => w.id) },
    })),
    ...left.map((projectId) => ({
      userId: null,
      username: SYSTEM_ACTOR,
      module: 'ball/fallalarmwindow' as const,
      action: 'windowEnd' as const,
      target: projectId,
      params: { window: stored.find((p) => p.id === projectId)?.windowId ?? null, released: released.filter((w) => w.projectId === projectId && w.suppressedBy === null).map((w) => w.id) },
    })),
  ]);
  return { entered, left, moved };
}

/**
 * The device jobs' sweep: maintenance windows start and end (windows.ts), shelvings past their end
 * and units past their out-of-service end come back by themselves (by 'system', in the operation log), and what still stands alarms again.
 * `now` is a parameter for the tests. Returns the warnings unshelved and the units back in service.
 */
export async function sweepSuppression(app: FastifyInstance, now: Date = new Date()): Promise<{ unshelved: number[]; returned: number[]; windows: { entered: number[]; left: number[]; moved: number[] } }> {
  const projects = new Set<number>();
  const result = await app.database.db.transaction(async (tx) => {
    // Maintenance windows first: a shelving that ends inside a window is released into it.
    const windows = await applyWindows(tx, now);
    for (const projectId of windows.moved) projects.add(projectId);
    const due = await tx
      .select({ id: fallWarning.id, until: fallWarning.shelvedUntil, reason: fallWarning.shelveReason, by: fallWarning.shelvedBy })
      .from(fallWarning)
      .where(and(isNull(fallWarning.result), eq(fallWarning.suppressedBy, 'shelved'), lte(fallWarning.shelvedUntil, now)))
      .for('update', { skipLocked: true });
    const unshelved = due.length ? await unshelveWarnings(tx, inArray(fallWarning.id, due.map((d) => d.id)), now) : [];
    for (const w of unshelved) projects.add(w.projectId);
    const byId = new Map(due.map((d) => [d.id, d]));
    await logSuppression(
      tx,
      unshelved.map((w) => ({
        userId: null,
        username: SYSTEM_ACTOR,
        module: 'ball/fallwarning',
        action: 'unshelve',
        target: w.id,
        params: { reason: serverText('text.shelveExpired'), until: byId.get(w.id)?.until?.toISOString() ?? null, shelvedBy: byId.get(w.id)?.by ?? '', shelveReason: byId.get(w.id)?.reason ?? '', now: w.suppressedBy },
      })),
    );

    const ended = await tx
      .select({ id: fallEqInfo.id, until: fallEqInfo.outOfServiceUntil, reason: fallEqInfo.outOfServiceReason })
      .from(fallEqInfo)
      .where(and(isNotNull(fallEqInfo.outOfServiceAt), lte(fallEqInfo.outOfServiceUntil, now)))
      .for('update', { skipLocked: true });
    const returned: number[] = [];
    for (const unit of ended) {
      const back = await returnToService(tx, unit.id, now);
      if (!back) continue;
      returned.push(unit.id);
      projects.add(back.projectId);
      await logSuppression(tx, [
        {
          userId: null,
          username: SYSTEM_ACTOR,
          module: 'ball/falleqinfo',
          action: 'inService',
          target: unit.id,
          params: { reason: serverText('text.serviceEnded'), until: unit.until?.toISOString() ?? null, outOfServiceReason: unit.reason, released: back.released.filter((w) => w.suppressedBy === null).map((w) => w.id) },
        },
      ]);
    }
    return { unshelved: unshelved.map((w) => w.id), returned, windows };
  });
  for (const projectId of projects) await publishLive(app, { topic: 'warning', projectId });
  if (result.returned.length) await publishLive(app, { topic: 'equipment' });
  return result;
}

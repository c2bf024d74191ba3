import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { addDays, localDate } from '@shared/local-time';
import { OPEN_ORDER_STATUSES } from '@shared/contracts/order';
import type { PmCalendar, PmDueRow, PmMeter, PmSeason, PmTarget, PmTrigger } from '@shared/contracts/pm-plan';
import type { Db } from '../../../db/client';
import { fallCalendarEntry, fallChecklist, fallEqInfo, fallOrder, fallPmMeter, fallPmOccurrence, fallPmPlan, fallProject } from '../../../db/schema';
import { insertOrder } from '../orders';
import { nextCalendarDue, nextSeasonDue, type ClosedSeason, type LastOccurrence, type NextDue } from './pm-schedule';

/** Who opens a plan's orders (the submitter of every preventive order a plan opens). */
export const PLAN_ACTOR = 'system';
/** How often the device jobs sweep the plans: a meter's order opens within this of its limit being passed (the brief: within one hour). */
export const PLAN_SWEEP_SECONDS = 300;
/** A silence between two readings counts at most this long as running: the board said nothing meanwhile. */
export const METER_GAP_MAX_MS = 10 * 60_000;
/** Raw readings a meter reads per sweep at most; the rest at the next sweep. */
const METER_BATCH = 20_000;

export interface Plan {
  id: number;
  projectId: number;
  name: string;
  nameEn: string;
  target: PmTarget;
  equipmentId: number | null;
  deviceId: number | null;
  checklistId: number | null;
  priority: string;
  leadDays: number;
  trigger: PmTrigger;
  rule: Record<string, unknown>;
  createdAt: Date;
  timeZone: string;
}

/** A unit a plan covers: its id as the occurrences key it (0 for the project itself) and the order's unit. */
export interface Covered {
  unitKey: number;
  equipmentId: number | null;
  name: string | null;
  nameEn: string | null;
}

const OPEN = OPEN_ORDER_STATUSES as readonly string[];

async function livePlans(db: Db, where?: ReturnType<typeof eq>): Promise<Plan[]> {
  const rows = await db
    .select({
      id: fallPmPlan.id, projectId: fallPmPlan.projectId, name: fallPmPlan.name, nameEn: fallPmPlan.nameEn, target: fallPmPlan.target,
      equipmentId: fallPmPlan.equipmentId, deviceId: fallPmPlan.deviceId, checklistId: fallPmPlan.checklistId, priority: fallPmPlan.priority,
      leadDays: fallPmPlan.leadDays, trigger: fallPmPlan.trigger, rule: fallPmPlan.rule, createdAt: fallPmPlan.createdAt, timeZone: fallProject.timeZone,
    })
    .from(fallPmPlan)
    .innerJoin(fallProject, eq(fallProject.id, fallPmPlan.projectId))
    .where(and(isNull(fallPmPlan.archivedAt), isNull(fallProject.archivedAt), where))
    .orderBy(asc(fallPmPlan.id));
  return rows as Plan[];
}

/**
 * What a plan covers: a unit plan its unit; a device-model plan every live unit of that model in its
 * project, one order each; a project plan the project itself, one order with no unit (winterising a
 * fountain is one job for the site).
 */
export async function coveredBy(db: Db, plan: Plan): Promise<Covered[]> {
  if (plan.target === 'project') return [{ unitKey: 0, equipmentId: null, name: null, nameEn: null }];
  const unit = fallEqInfo;
  const rows = await db
    .select({ id: unit.id, name: unit.name, nameEn: unit.nameEn })
    .from(unit)
    .where(
      and(
        eq(unit.projectId, plan.projectId),
        isNull(unit.archivedAt),
        plan.target === 'unit' ? eq(unit.id, plan.equipmentId ?? 0) : eq(unit.deviceId, plan.deviceId ?? 0),
      ),
    )
    .orderBy(asc(unit.id));
  return rows.map((r) => ({ unitKey: r.id, equipmentId: r.id, name: r.name, nameEn: r.nameEn }));
}

/** The last occurrence of a plan per unit it covers, with its order's state. */
async function lastOccurrences(db: Db, planId: number, timeZone: string): Promise<Map<number, LastOccurrence & { orderId: number | null; orderNumber: string | null }>> {
  const rows = await db
    .select({
      unitKey: fallPmOccurrence.unitKey, dueDate: fallPmOccurrence.dueDate, orderId: fallOrder.id, orderNumber: fallOrder.number, status: fallOrder.status,
      completedAt: fallOrder.completedAt, closedAt: fallOrder.closedAt,
    })
    .from(fallPmOccurrence)
    .leftJoin(fallOrder, eq(fallOrder.id, fallPmOccurrence.orderId))
    .where(eq(fallPmOccurrence.planId, planId))
    .orderBy(asc(fallPmOccurrence.unitKey), desc(fallPmOccurrence.dueDate), desc(fallPmOccurrence.id));
  const out = new Map<number, LastOccurrence & { orderId: number | null; orderNumber: string | null }>();
  for (const r of rows) {
    if (out.has(r.unitKey)) continue;
    const done = r.completedAt ?? r.closedAt;
    out.set(r.unitKey, {
      dueDate: r.dueDate,
      open: r.status !== null && OPEN.includes(r.status),
      doneDate: done ? localDate(done.getTime(), timeZone) : null,
      orderId: r.orderId,
      orderNumber: r.orderNumber,
    });
  }
  return out;
}

async function closedSeasons(db: Db, projectId: number): Promise<ClosedSeason[]> {
  const rows = await db
    .select({ dateFrom: fallCalendarEntry.dateFrom, dateTo: fallCalendarEntry.dateTo })
    .from(fallCalendarEntry)
    .where(and(eq(fallCalendarEntry.projectId, projectId), eq(fallCalendarEntry.kind, 'season'), isNull(fallCalendarEntry.archivedAt)));
  return rows.flatMap((r) => (r.dateFrom && r.dateTo ? [{ dateFrom: r.dateFrom, dateTo: r.dateTo }] : []));
}

function nextDue(plan: Plan, last: LastOccurrence | null, today: string, seasons: readonly ClosedSeason[]): NextDue {
  if (plan.trigger === 'calendar') return nextCalendarDue(plan.rule as unknown as PmCalendar, last, today);
  if (plan.trigger === 'season') return nextSeasonDue(plan.rule as unknown as PmSeason, seasons, last, today);
  return { due: null, waiting: null };
}

/**
 * Opens one occurrence and its order, in one transaction: the occurrence is inserted first and
 * `on conflict do nothing` on (plan, unit, due), so of two sweeps at once (two instances on one
 * PostgreSQL) the second waits on the unique index and inserts nothing, and opens no order.
 */
async function openOccurrence(db: Db, plan: Plan, unit: Covered, due: string, dueDate: string, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [occ] = await tx
      .insert(fallPmOccurrence)
      .values({ planId: plan.id, unitKey: unit.unitKey, equipmentId: unit.equipmentId, due, dueDate })
      .onConflictDoNothing()
      .returning({ id: fallPmOccurrence.id });
    if (!occ) return null;
    // An archived template is not carried: the order opens without a checklist rather than not at all.
    const [template] = plan.checklistId
      ? await tx.select({ id: fallChecklist.id }).from(fallChecklist).where(and(eq(fallChecklist.id, plan.checklistId), isNull(fallChecklist.archivedAt)))
      : [];
    const label = plan.nameEn ? `${plan.name} / ${plan.nameEn}` : plan.name;
    const order = await insertOrder(tx, {
      name: `${plan.name} · ${dueDate}`.slice(0, 600),
      description: `保养计划 Preventive plan: ${label} · ${due.startsWith('#') ? `计量 meter ${due}` : `到期 due ${dueDate}`}`,
      submitter: PLAN_ACTOR,
      // Submitted when the sweep found it due (to the second), never after the clock.
      submittedAt: new Date(Math.floor(Math.min(now.getTime(), Date.now()) / 1000) * 1000),
      projectId: plan.projectId,
      equipmentId: unit.equipmentId,
      priority: plan.priority,
      source: 'preventive',
      checklistId: template?.id ?? null,
    });
    await tx.update(fallPmOccurrence).set({ orderId: order.id }).where(eq(fallPmOccurrence.id, occ.id));
    return order.id;
  });
}

/** Is the unit running by this reading? Null when the reading does not carry the channel. */
function runningOf(rule: PmMeter, s: number | null, a: number | null): boolean | null {
  if (rule.signal === 'switch') return s === null ? null : s === 1;
  return a === null ? null : a > (rule.runAbove ?? 0);
}

/**
 * Counts a meter plan on from the board's raw readings since it last counted (detect_reading, kept
 * detect.rawRetentionHours), in one transaction holding its count's row: run-hours add the time
 * from each running reading to the next (a silence at most METER_GAP_MAX_MS), starts each reading
 * that runs after one that did not. Each time the count reaches the limit an occurrence `#<cycle>`
 * opens its order (dated the local day the limit was passed) and the count starts again from 0.
 */
export async function countMeter(db: Db, plan: Plan, now: Date): Promise<number[]> {
  const rule = plan.rule as unknown as PmMeter;
  const [unit] = await coveredBy(db, plan);
  if (!unit) return [];
  const orders: number[] = [];
  await db.transaction(async (tx) => {
    const opened: { cycle: number; at: Date }[] = [];
    await tx.insert(fallPmMeter).values({ planId: plan.id, countedTo: plan.createdAt, value: rule.initial ?? 0 }).onConflictDoNothing();
    const [meter] = await tx.select().from(fallPmMeter).where(eq(fallPmMeter.planId, plan.id)).for('update');
    const readings = (
      await tx.execute(
        sql`SELECT at, switches[${rule.ch}]::int AS s, analogs[${rule.ch}]::float8 AS a FROM detect_reading
             WHERE detect_id = ${rule.detectId} AND at > ${meter.countedTo.toISOString()}::timestamptz AND at <= ${now.toISOString()}::timestamptz
             ORDER BY at LIMIT ${METER_BATCH}`,
      )
    ).rows as { at: Date | string; s: number | null; a: number | null }[];
    let { value, cycle, running } = meter;
    let prevAt = meter.countedTo.getTime();
    for (const r of readings) {
      const at = new Date(r.at).getTime();
      const run = runningOf(rule, r.s === null ? null : Number(r.s), r.a === null ? null : Number(r.a));
      if (run === null) continue;
      if (rule.kind === 'hours' && running) value += Math.min(at - prevAt, METER_GAP_MAX_MS) / 3_600_000;
      if (rule.kind === 'starts' && run && !running) value += 1;
      running = run;
      prevAt = at;
      if (value >= rule.limit) {
        opened.push({ cycle, at: new Date(at) });
        cycle += 1;
        value = 0;
      }
    }
    if (readings.length) {
      await tx.update(fallPmMeter).set({ value, cycle, running, countedTo: new Date(prevAt), updatedAt: now }).where(eq(fallPmMeter.planId, plan.id));
    }
    // In the count's transaction: a count moved on always has its orders.
    for (const o of opened) {
      const id = await openOccurrence(tx, plan, unit, `#${o.cycle}`, localDate(o.at.getTime(), plan.timeZone), now);
      if (id !== null) orders.push(id);
    }
  });
  return orders;
}

/**
 * The plans' sweep (device jobs, every PLAN_SWEEP_SECONDS): each live plan of a live project opens
 * the order of its next due date for each unit it covers once the day its lead says has come (the
 * project's local date), and each meter plan counts on. Returns the orders opened.
 */
export async function sweepPlans(db: Db, now: Date = new Date()): Promise<number[]> {
  const opened: number[] = [];
  for (const plan of await livePlans(db)) {
    if (plan.trigger === 'meter') {
      opened.push(...(await countMeter(db, plan, now)));
      continue;
    }
    const today = localDate(now.getTime(), plan.timeZone);
    const seasons = plan.trigger === 'season' ? await closedSeasons(db, plan.projectId) : [];
    const last = await lastOccurrences(db, plan.id, plan.timeZone);
    for (const unit of await coveredBy(db, plan)) {
      const { due } = nextDue(plan, last.get(unit.unitKey) ?? null, today, seasons);
      if (!due || addDays(due, -plan.leadDays) > today) continue;
      const id = await openOccurrence(db, plan, unit, due, due, now);
      if (id !== null) opened.push(id);
    }
  }
  return opened;
}

/** What a project's plans have due next, per unit covered: the soonest first, meters (no date) last by how near their limit. */
export async function dueNext(db: Db, projectId: number, now: Date = new Date()): Promise<PmDueRow[]> {
  const rows: PmDueRow[] = [];
  const plans = await livePlans(db, eq(fallPmPlan.projectId, projectId));
  const seasons = plans.some((p) => p.trigger === 'season') ? await closedSeasons(db, projectId) : [];
  const meters = plans.length
    ? await db.select().from(fallPmMeter).where(inArray(fallPmMeter.planId, plans.map((p) => p.id)))
    : [];
  for (const plan of plans) {
    const today = localDate(now.getTime(), plan.timeZone);
    const last = await lastOccurrences(db, plan.id, plan.timeZone);
    const rule = plan.rule;
    for (const unit of await coveredBy(db, plan)) {
      const prev = last.get(unit.unitKey) ?? null;
      const next = nextDue(plan, prev, today, seasons);
      const meter = plan.trigger === 'meter' ? (meters.find((m) => m.planId === plan.id)?.value ?? (rule as unknown as PmMeter).initial ?? 0) : null;
      rows.push({
        planId: plan.id,
        planName: plan.name,
        planNameEn: plan.nameEn,
        trigger: plan.trigger,
        calendar: plan.trigger === 'calendar' ? (rule as unknown as PmCalendar) : null,
        meter: plan.trigger === 'meter' ? (rule as unknown as PmMeter) : null,
        season: plan.trigger === 'season' ? (rule as unknown as PmSeason) : null,
        leadDays: plan.leadDays,
        equipmentId: unit.equipmentId,
        equipmentName: unit.name,
        equipmentNameEn: unit.nameEn,
        dueDate: next.due,
        opensOn: next.due ? addDays(next.due, -plan.leadDays) : null,
        meterValue: meter === null ? null : Math.round(meter * 100) / 100,
        openOrderId: prev?.open ? prev.orderId : null,
        openOrderNumber: prev?.open ? prev.orderNumber : null,
        waiting: next.waiting,
      });
    }
  }
  const meterShare = (r: PmDueRow) => (r.meter && r.meterValue !== null ? r.meterValue / r.meter.limit : 0);
  return rows.sort((a, b) => {
    if (a.dueDate && b.dueDate) return a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.planId - b.planId;
    if (a.dueDate || b.dueDate) return a.dueDate ? -1 : 1;
    return meterShare(b) - meterShare(a) || a.planId - b.planId;
  });
}

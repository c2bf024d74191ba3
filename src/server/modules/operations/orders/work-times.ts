import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { fallReport } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import type { Settings } from '../../../lib/settings';

/**
 * The time rules of orders and reports (docs/invariants.md), in one place: the order and report
 * routes, the device loop and the seeds' tests call these; migration 0014 keeps the ones a row can be
 * checked on as CHECK constraints and triggers, and lists stored rows that break any of them
 * (work_time_issues). Each refusal is a 400 whose message names the field.
 */

/** Minutes a time may lie ahead of the server clock when the setting cannot be read. */
export const DEFAULT_CLOCK_SKEW_MINUTES = 5;
const MS_PER_HOUR = 3_600_000;

/** "Now" and the clock skew allowed for "not in the future" (setting orders.clockSkewMinutes). */
export interface TimeRules {
  now: Date;
  skewMs: number;
}

export async function timeRules(settings?: Settings, now = new Date()): Promise<TimeRules> {
  const minutes = settings ? await settings.get('orders.clockSkewMinutes') : DEFAULT_CLOCK_SKEW_MINUTES;
  return { now, skewMs: Math.max(0, Number.isFinite(minutes) ? minutes : DEFAULT_CLOCK_SKEW_MINUTES) * 60_000 };
}

const refuse = (field: string, key: string) => badRequest(key, { [field]: key });
const inFuture = (at: Date, rules: TimeRules) => at.getTime() > rules.now.getTime() + rules.skewMs;

/** An order's own times: submitted not in the future, completed (when it is) not before submission nor in the future. */
export function checkOrderTimes(order: { submittedAt: Date; completedAt?: Date | null }, rules: TimeRules): void {
  if (inFuture(order.submittedAt, rules)) throw refuse('submittedAt', 'v.submittedInFuture');
  if (order.completedAt) {
    if (order.completedAt < order.submittedAt) throw refuse('submittedAt', 'v.submittedAfterWork');
    if (inFuture(order.completedAt, rules)) throw refuse('completedAt', 'v.completedInFuture');
  }
}

/**
 * A report against its order: repair and completion not before the order's submission nor in the
 * future, completion not before repair, and a duration that is not negative and fits between the
 * repair time and the completion (or now, for a report without one).
 */
export function checkReportTimes(
  order: { submittedAt: Date },
  report: { repairAt: Date; completedAt?: Date | null; durationHours?: number | null },
  rules: TimeRules,
): void {
  const { repairAt, completedAt } = report;
  const duration = report.durationHours ?? 0;
  if (repairAt < order.submittedAt) throw refuse('repairAt', 'v.repairBeforeSubmission');
  if (inFuture(repairAt, rules)) throw refuse('repairAt', 'v.repairInFuture');
  if (completedAt) {
    if (completedAt < order.submittedAt) throw refuse('completedAt', 'v.completedBeforeSubmission');
    if (completedAt < repairAt) throw refuse('completedAt', 'v.completedBeforeRepair');
    if (inFuture(completedAt, rules)) throw refuse('completedAt', 'v.completedInFuture');
  }
  if (duration < 0) throw refuse('durationHours', 'v.durationNegative');
  const end = completedAt ?? rules.now;
  if (duration * MS_PER_HOUR > end.getTime() - repairAt.getTime() + rules.skewMs) throw refuse('durationHours', 'v.durationTooLong');
}

/**
 * A new submission time for an order that already has reports or a completion: not after any of
 * them (the other side of "a report is not before its order's submission").
 */
export async function checkSubmissionAgainstWork(tx: Db, orderId: number, submittedAt: Date, completedAt: Date | null): Promise<void> {
  if (completedAt && completedAt < submittedAt) throw refuse('submittedAt', 'v.submittedAfterWork');
  const [first] = await tx
    .select({ at: sql<string | null>`min(least(${fallReport.repairAt}, coalesce(${fallReport.completedAt}, ${fallReport.repairAt})))` })
    .from(fallReport)
    .where(and(eq(fallReport.orderId, orderId), isNull(fallReport.dataIssue)));
  if (first?.at && new Date(first.at) < submittedAt) throw refuse('submittedAt', 'v.submittedAfterWork');
}

import { eq, sql } from 'drizzle-orm';
import { FINAL_BILL_STATES } from '@shared/contracts/app';
import type { Db } from '../../db/client';
import { appBill, appBillRecord, appUser } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/** Serialises bill numbering across connections and instances for the length of one insert transaction. */
const BILL_NUMBER_LOCK = 770_601;

/** `BL-YYYYMMDD-` of the server's local day. */
export function billNumberPrefix(at: Date): string {
  const y = at.getFullYear();
  const m = String(at.getMonth() + 1).padStart(2, '0');
  const d = String(at.getDate()).padStart(2, '0');
  return `BL-${y}${m}${d}-`;
}

/**
 * The next bill number of today (`BL-YYYYMMDD-NNNN`). Call inside the insert's transaction: the
 * advisory lock is held until it commits, so a concurrent save waits and then sees this number.
 */
export async function nextBillNumber(tx: Db, now = new Date()): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${BILL_NUMBER_LOCK})`);
  const prefix = billNumberPrefix(now);
  const res = await tx.execute(
    sql`SELECT coalesce(max(split_part(${appBill.number}, '-', 3)::int), 0)::int AS n
          FROM ${appBill} WHERE ${appBill.number} LIKE ${prefix + '%'}`,
  );
  const n = Number((res.rows[0] as { n: number }).n) + 1;
  return prefix + String(n).padStart(4, '0');
}

/** The customer must exist. */
export async function checkCustomer(tx: Db, userId: number): Promise<void> {
  const [row] = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.id, userId));
  if (!row) throw badRequest('v.invalid', { userId: 'v.invalid' });
}

/** A settled bill keeps its state, and a change must change something. */
export function checkTransition(from: string, to: string): void {
  if (FINAL_BILL_STATES.includes(from)) throw badRequest('err.billFinal', { billState: 'err.billFinal' });
  if (from === to) throw badRequest('err.billSameState', { billState: 'err.billSameState' });
}

/** One line of the bill's history, written in the transaction that changed the state. */
export async function recordState(tx: Db, r: { billId: number; fromState: string | null; toState: string; byUser: string; reason?: string }): Promise<void> {
  await tx.insert(appBillRecord).values({ billId: r.billId, fromState: r.fromState, toState: r.toState, byUser: r.byUser, reason: r.reason ?? '' });
}

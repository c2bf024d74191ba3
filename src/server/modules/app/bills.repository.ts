import { eq } from 'drizzle-orm';
import { FINAL_BILL_STATES } from '@shared/contracts/app';
import type { Db } from '../../db/client';
import { appBill, appBillRecord, appUser } from '../../db/schema';
import { nextDailyNumber, type DailyNumbering } from '../../lib/daily-number';
import { badRequest } from '../../lib/errors';

const BILL_NUMBERS: DailyNumbering = { tag: 'BL', table: appBill, column: appBill.number, lock: 770_601 };

/** The next bill number of today, `BL-YYYYMMDD-NNNN`; inside the insert's transaction. */
export const nextBillNumber = (tx: Db, now = new Date()) => nextDailyNumber(tx, BILL_NUMBERS, now);

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

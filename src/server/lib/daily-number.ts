import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** Numbers of the form `TAG-YYYYMMDD-NNNN` that start again at 0001 each day (orders, bills). */
export interface DailyNumbering {
  tag: string;
  table: PgTable;
  column: PgColumn;
  /** Advisory lock that serialises the numbering across connections and instances. */
  lock: number;
}

/** `TAG-YYYYMMDD-` of the server's local day. */
export function dailyNumberPrefix(tag: string, at: Date): string {
  const y = at.getFullYear();
  const m = String(at.getMonth() + 1).padStart(2, '0');
  const d = String(at.getDate()).padStart(2, '0');
  return `${tag}-${y}${m}${d}-`;
}

/**
 * The next number of today. Call inside the insert's transaction: the advisory lock is held until
 * it commits, so a concurrent save waits and then sees this number.
 */
export async function nextDailyNumber(tx: Db, { tag, table, column, lock }: DailyNumbering, now = new Date()): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${lock})`);
  const prefix = dailyNumberPrefix(tag, now);
  const res = await tx.execute(
    sql`SELECT coalesce(max(split_part(${column}, '-', 3)::int), 0)::int AS n
          FROM ${table} WHERE ${column} LIKE ${prefix + '%'}`,
  );
  const n = Number((res.rows[0] as { n: number }).n) + 1;
  return prefix + String(n).padStart(4, '0');
}

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
 * The next number of today: one past the last handed out (daily_number, 0051), never one given
 * before, whatever was deleted since — the day's highest existing number plus one gave a deleted
 * newest order's number to the next. It is also past the day's highest existing number (rows
 * written with their number by the seed or an import, or made before 0051). Call inside the insert's transaction: the counter's
 * row stays locked until it commits, so a concurrent save waits and then takes the next.
 */
export async function nextDailyNumber(tx: Db, { tag, table, column, lock }: DailyNumbering, now = new Date()): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${lock})`);
  const prefix = dailyNumberPrefix(tag, now);
  const day = prefix.slice(tag.length + 1, -1);
  const res = await tx.execute(
    sql`INSERT INTO daily_number (tag, day, last)
        VALUES (${tag}, ${day}, (SELECT coalesce(max(split_part(${column}, '-', 3)::int), 0)::int FROM ${table} WHERE ${column} LIKE ${prefix + '%'}) + 1)
        ON CONFLICT (tag, day) DO UPDATE SET last = greatest(daily_number.last + 1, EXCLUDED.last)
        RETURNING last`,
  );
  const n = Number((res.rows[0] as { last: number }).last);
  return prefix + String(n).padStart(4, '0');
}

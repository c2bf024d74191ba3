import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Locale } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { caseOver } from '../db/schema/stored-text-sql';

/**
 * Text the server stores as a message key with parameters (`[[key]]{json}`, src/shared/server-text.ts)
 * rendered inside a query, so a search matches what the screen shows — an automatic order's name,
 * a job's name — in either language, and not the stored key. The catalogue texts of the keys the
 * server stores in names (`text.*`, `job.*`) become a CASE over the key, their placeholders filled
 * from the parameters: `{board}` takes `boardEn` in English when it is not empty, as renderText does.
 * Parameters are read from the JSON text by pattern, never cast, so a malformed one reads as empty
 * instead of failing the query. A parameter that is itself a stored message stays as stored.
 */
const STORED_PREFIXES = ['text.', 'job.'];

const STORED_KEYS = Object.keys(MESSAGES).filter((key) => STORED_PREFIXES.some((p) => key.startsWith(p)));
const cache = new Map<Locale, string>();

/** The CASE expression for a locale over every stored key (built once per locale). */
function template(locale: Locale): string {
  let t = cache.get(locale);
  if (t === undefined) {
    t = caseOver(STORED_KEYS, locale);
    cache.set(locale, t);
  }
  return t;
}

/** The column's value as a reader of `locale` sees it. */
export function renderedSql(col: PgColumn | SQL, locale: Locale): SQL {
  const [head, ...rest] = template(locale).split('__COL__');
  return sql.join([sql.raw(head), ...rest.flatMap((piece) => [sql`${col}`, sql.raw(piece)])], sql``);
}

/**
 * The column, stored as a message, reads in either language like `pattern` (a LIKE pattern, matched
 * case-insensitively). Plain text is not looked at: the caller matches that itself, with its index.
 */
export function storedTextLike(col: PgColumn | SQL, pattern: string): SQL {
  return sql`(${col} LIKE '[[%' AND (lower(${renderedSql(col, 'cn')}) LIKE lower(${pattern}) OR lower(${renderedSql(col, 'en')}) LIKE lower(${pattern})))`;
}

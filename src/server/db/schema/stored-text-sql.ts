import type { Locale } from '@shared/constants';
import { MESSAGES } from '@shared/messages';

/**
 * SQL text that renders a stored message (`[[key]]{json}`, src/shared/server-text.ts) as a reader
 * sees it: a CASE over the key, the catalogue text's placeholders filled from the parameters
 * (`{board}` takes `boardEn` in English when it is not empty, as renderText does). Parameters are
 * read from the JSON text by pattern, never cast, so a malformed one reads as empty instead of
 * failing the query; a parameter that is itself a stored message stays as stored. Only immutable
 * functions, so it can generate a column. Here, beside the tables, because a generated column of
 * the schema is written with it (and the migration generator copies this folder alone).
 */
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** One parameter of the stored form: a JSON string or number after `"name":` (jsonb's text has a space there). */
function param(name: string): string {
  const asString = literal(`"${name}":\\s*"((?:[^"\\\\]|\\\\.)*)"`);
  const asNumber = literal(`"${name}":\\s*(-?[0-9][0-9.eE+-]*)`);
  return `coalesce(substring(__COL__ from ${asString}), substring(__COL__ from ${asNumber}), '')`;
}

function filled(text: string, locale: Locale): string {
  const parts = text.split(/\{(\w+)\}/);
  const out: string[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) out.push(literal(part));
      return;
    }
    const plain = param(part);
    out.push(locale === 'en' ? `(CASE WHEN ${param(`${part}En`)} <> '' THEN ${param(`${part}En`)} ELSE ${plain} END)` : plain);
  });
  return out.length ? `(${out.join(' || ')})` : `''`;
}

/** The CASE expression over `keys` for a locale, with `__COL__` where the column goes. */
export function caseOver(keys: string[], locale: Locale): string {
  const whens = keys.map((key) => `WHEN ${literal(key)} THEN ${filled(MESSAGES[key as keyof typeof MESSAGES][locale], locale)}`);
  return `(CASE substring(__COL__ from '^\\[\\[([A-Za-z0-9_.-]+)\\]\\]') ${whens.join(' ')} ELSE __COL__ END)`;
}

/**
 * The messages an automatic order's name is written with (its warning's text: readings.ts, the
 * predictive scan's reasons: predict.service.ts,
 * demo seed). `fall_order.name_shown` is generated from them (migration 0034): a message added here
 * or reworded needs a migration that generates the column again — migration-gen.test.ts sees the
 * Drizzle schema differ from the snapshot until then.
 */
export const ORDER_NAME_KEYS = ['text.switchFault', 'text.analogOut', 'text.offline', 'text.seedFault', 'text.seedFaultPast', 'text.seedOffline', 'text.risk.drift', 'text.risk.flicker', 'text.risk.step', 'text.checklistFailed'];

/**
 * SQL text of the generated column `name_shown` of fall_order: the name as both languages read it,
 * lower-cased, Chinese then English on two lines, for a search by what the screen shows; empty for
 * a plain name (searched as it is). Only immutable functions (a generated column's rule).
 */
export function shownNamesSql(column: string): string {
  const one = (locale: Locale) => `lower(${caseOver(ORDER_NAME_KEYS, locale)})`;
  return `CASE WHEN ${column} LIKE '[[%' THEN ${one('cn')} || chr(10) || ${one('en')} ELSE '' END`.split('__COL__').join(column);
}


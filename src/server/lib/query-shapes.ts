import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * A list's query built once per shape. Drizzle writes a select's SQL anew on every call (each of
 * its ~30 columns, the joins, the order), which was ~0.28 ms of CPU an order-list page, more than
 * the rest of the handler together (docs/decisions.md "A list near a hand-written one"). What varies
 * between two calls of the same list is mostly the values: here the condition is written on its own
 * (a few chunks), its text with the parameters as $1…$n is the shape, and a query built once for the
 * shape — the condition as that text with placeholders — runs with the call's values. The database
 * then also sees one statement text per shape, which both engines keep prepared.
 */

const dialect = new PgDialect();

/** A condition's shape (its SQL text, parameters numbered) and the values of this call, by placeholder name. */
export interface ConditionShape {
  text: string;
  values: Record<string, unknown>;
  /** The condition as the shape's text with placeholders p1…pn (what a query built for the shape runs). */
  template(): SQL | undefined;
}

/**
 * The shape of `condition`, or null when it cannot be told from its text (a placeholder already in
 * it, a `$n` the parameters do not account for): such a call is built as it comes.
 */
export function conditionShape(condition: SQL | undefined): ConditionShape | null {
  if (!condition) return { text: '', values: {}, template: () => undefined };
  const { sql: text, params } = dialect.sqlToQuery(condition);
  // [text, n, text, n, …, text]: the numbers must be the parameters, 1…n in order, each once.
  const parts = text.split(/\$(\d+)/);
  if ((parts.length - 1) / 2 !== params.length) return null;
  const values: Record<string, unknown> = {};
  for (let i = 0; i < params.length; i++) {
    if (parts[2 * i + 1] !== String(i + 1) || params[i] instanceof Placeholder) return null;
    values[`p${i + 1}`] = params[i];
  }
  return {
    text,
    values,
    template: () => sql.join(parts.map((part, i) => (i % 2 ? sql.placeholder(`p${part}`) : sql.raw(part)))),
  };
}

/** Queries built for shapes, the least recently used dropped past `limit`. */
export class ShapeCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly limit = 100) {}

  get(key: string, build: () => T): T {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const made = build();
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, made);
    return made;
  }

  get size(): number {
    return this.entries.size;
  }
}

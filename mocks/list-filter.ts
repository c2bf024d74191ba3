import { CODE } from '@shared/constants';
import { fail, paged } from './envelope';

/**
 * How a mock list applies one filter of its query model: `'text'` — the row's field of that name
 * contains it (any case), `'equal'` — the row's field of that name equals it, `{ anyOf }` — one of
 * those fields contains it (a keyword), or a test of its own.
 */
export type FilterRule<Row> = 'text' | 'equal' | { anyOf: readonly (keyof Row & string)[] } | ((row: Row, value: unknown) => boolean);

/** What a list request carries besides its filters: paging, sorting, archived rows (the handler's own), export options. */
const NOT_FILTERS = new Set(['page', 'limit', 'sort', 'order', 'archived', 'columns', 'format']);
const given = (value: unknown) => value !== undefined && value !== null && value !== '';
const text = (value: unknown) => String(value ?? '').toLowerCase();

function matches<Row>(row: Row, key: string, rule: FilterRule<Row>, value: unknown): boolean {
  const field = (row as Record<string, unknown>)[key];
  if (rule === 'text') return text(field).includes(text(value));
  if (rule === 'equal') return String(field) === String(value);
  if (typeof rule === 'function') return rule(row, value);
  return rule.anyOf.some((name) => text((row as Record<string, unknown>)[name]).includes(text(value)));
}

/**
 * Filters mock rows by every filter a list request gives, as the server would (the screens send what
 * their query forms hold). A filter with no rule is answered 400 naming it — never silently ignored,
 * so a screen's filter the mock cannot apply shows at once instead of an unfiltered list.
 */
export function filterList<Row>(rows: readonly Row[], query: Record<string, unknown>, rules: Readonly<Record<string, FilterRule<Row>>>): Row[] | { unsupported: string } {
  const active = Object.entries(query).filter(([key, value]) => !NOT_FILTERS.has(key) && given(value));
  const unsupported = active.find(([key]) => !Object.hasOwn(rules, key));
  if (unsupported) return { unsupported: unsupported[0] };
  return rows.filter((row) => active.every(([key, value]) => matches(row, key, rules[key], value)));
}

/** One page of `filterList`, or the 400 naming the filter it cannot apply. */
export function pagedList<Row>(rows: readonly Row[], query: Record<string, unknown>, rules: Readonly<Record<string, FilterRule<Row>>>) {
  const hits = filterList(rows, query, rules);
  if ('unsupported' in hits) return fail(CODE.badRequest, `The offline mock does not filter by '${hits.unsupported}'`);
  return paged(hits, Number(query.page ?? 1), Number(query.limit ?? 10));
}

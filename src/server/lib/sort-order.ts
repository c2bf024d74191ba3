import type { AppInstance } from '../app-instance';
import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { sortOrderSchema, sortedAnswer } from '@shared/contracts/common';
import { ok } from './crud';
import { badRequest } from './errors';

export interface SortRouteOptions {
  /** The route, e.g. `/sys/menu/sort`. */
  url: string;
  /** The permission that edits the rows (their `#update`). */
  permission: string;
  table: PgTable;
  id: PgColumn;
  /** The sort number's column, and its property on the table (drizzle sets by property). */
  sort: PgColumn;
  sortKey: string;
  /** Rows put in order together share this column's value (a menu's parent, an entry's type); without it, all rows are one group. */
  group?: PgColumn;
}

/**
 * The drag-sort of a list whose order matters: the ids of one group of siblings in their new order
 * (all of them, or the ones on one page of a list), in one transaction. The rows swap their sort
 * numbers among themselves, so rows left out (other pages) keep their place around them; where the
 * numbers do not tell the rows apart (equal, as new rows get 0), they are numbered from the lowest.
 * Unknown ids, or ids of different groups, are a 400 and nothing changes.
 */
export function registerSortRoute(app: AppInstance, o: SortRouteOptions): void {
  app.post(o.url, { schema: { body: sortOrderSchema, response: { 200: sortedAnswer } }, config: { permission: o.permission } }, async (request) => {
    const { ids } = request.body;
    await app.database.db.transaction(async (tx) => {
      const rows = await tx.select({ id: o.id, group: o.group ?? o.id, sort: o.sort }).from(o.table).where(inArray(o.id, ids));
      if (rows.length !== ids.length) throw badRequest('v.option', { ids: 'v.option' });
      if (o.group && new Set(rows.map((r) => String(r.group))).size > 1) throw badRequest('v.sortSiblings', { ids: 'v.sortSiblings' });
      const slots = rows.map((r) => Number(r.sort)).sort((a, b) => a - b);
      const distinct = slots.every((v, i) => i === 0 || v > slots[i - 1]);
      for (const [i, id] of ids.entries()) await tx.update(o.table).set({ [o.sortKey]: distinct ? slots[i] : slots[0] + i }).where(eq(o.id, id));
    });
    return ok({ sorted: ids.length });
  });
}

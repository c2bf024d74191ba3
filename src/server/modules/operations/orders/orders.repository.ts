import { and, asc, desc, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ownEntry } from '../../../lib/crud';
import { storedTextLike } from '../../../lib/rendered-text';
import { ALL_PROJECTS, scopeCondition, type DataScope } from '../../../lib/data-scope';
import type { OrderQuery, OrderStatus } from '@shared/contracts/order';
import type { Db } from '../../../db/client';
import { fallEqInfo, fallOrder, fallOrderCount, fallProject } from '../../../db/schema';
import { nextDailyNumber, type DailyNumbering } from '../../../lib/daily-number';
import { badRequest } from '../../../lib/errors';
import { escapeLike } from '../../../lib/like';
import { assertLive } from '../archive/archive.service';
import { checkOrderTimes, timeRules, type TimeRules } from './work-times';
import { orderStatCondition, projectPlace, unitCategory, type SlaHours } from '../../stats/stat-filters.service';

/**
 * Orders at a million rows. Every sort has an index in the same column order (0004_orders.sql), so
 * a page is an index walk plus `limit` lookups. Totals avoid count(*) over the table:
 *  - no filter, or only a status filter: the per-status counter kept by triggers (exact);
 *  - any other filter: count at most TOTAL_CAP matching rows (an index range, exact when it stops
 *    short), and past the cap the planner's row estimate with `totalExact: false`.
 */
export const TOTAL_CAP = 5000;
const ORDER_NUMBERS: DailyNumbering = { tag: 'WO', table: fallOrder, column: fallOrder.number, lock: 770_501 };

const { priorityRank: _rank, createdBy: _by, ...orderColumns } = getTableColumns(fallOrder);
export const orderSelection = {
  ...orderColumns,
  projectName: fallProject.name, projectNameEn: fallProject.nameEn,
  equipmentName: fallEqInfo.name,
  equipmentNameEn: fallEqInfo.nameEn,
};

/** `WO-…` (any case), the start of an order number. */
const NUMBER_LIKE = /^wo-/i;

/** `sla`: the SLA hours, needed by the statistics drill-down's onTime and late (stat-filters.service needsSla). */
export function orderConditions(q: OrderQuery, sla: SlaHours | null = null, scope: DataScope = ALL_PROJECTS): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    scopeCondition(scope, fallOrder.projectId),
    orderStatCondition({ id: fallOrder.id, submittedAt: fallOrder.submittedAt }, q, sla),
    projectPlace(fallOrder.projectId, q),
    unitCategory(fallOrder.equipmentId, q.category),
    q.projectId ? eq(fallOrder.projectId, q.projectId) : undefined,
    q.equipmentId ? eq(fallOrder.equipmentId, q.equipmentId) : undefined,
    q.status ? eq(fallOrder.status, q.status) : undefined,
    q.priority ? eq(fallOrder.priority, q.priority) : undefined,
    q.source ? eq(fallOrder.source, q.source) : undefined,
    q.submittedFrom ? gte(fallOrder.submittedAt, q.submittedFrom) : undefined,
    q.submittedTo ? lte(fallOrder.submittedAt, q.submittedTo) : undefined,
  ];
  if (q.keyword) {
    // A prefix search an index serves (text_pattern_ops): an order number when the keyword looks
    // like one, the name otherwise. One side only, so the planner can estimate it and keep to the
    // sort index when matches are many (an OR of both made it sort half the table). An automatic
    // order's name is a stored message: it is matched as the screen shows it, in either language
    // (its rows found by the same index, `[[` being their prefix).
    const k = escapeLike(q.keyword);
    parts.push(
      NUMBER_LIKE.test(q.keyword)
        ? sql`${fallOrder.number} LIKE ${k.toUpperCase() + '%'}`
        : sql`((lower(${fallOrder.name}) LIKE ${k.toLowerCase() + '%'} AND lower(${fallOrder.name}) NOT LIKE '[[%') OR (lower(${fallOrder.name}) LIKE '[[%' AND ${storedTextLike(fallOrder.name, k.toLowerCase() + '%')}))`,
    );
  }
  return and(...parts.filter((p): p is SQL => !!p));
}

const SORTS: Record<string, PgColumn[]> = {
  submittedAt: [fallOrder.submittedAt, fallOrder.id],
  number: [fallOrder.number],
  status: [fallOrder.status, fallOrder.submittedAt, fallOrder.id],
  priority: [fallOrder.priorityRank, fallOrder.submittedAt, fallOrder.id],
};

/** All keys in one direction, matching the index of that sort. */
export function orderOrdering(sort?: string, order?: 'asc' | 'desc'): SQL[] {
  const own = ownEntry(SORTS, sort);
  const cols = own ?? SORTS.submittedAt;
  const dir = own ? (order ?? 'desc') : 'desc';
  return cols.map((c) => (dir === 'asc' ? asc(c) : desc(c)));
}

export function selectOrders(db: Db) {
  return db
    .select(orderSelection)
    .from(fallOrder)
    .leftJoin(fallProject, eq(fallProject.id, fallOrder.projectId))
    .leftJoin(fallEqInfo, eq(fallEqInfo.id, fallOrder.equipmentId));
}

function onlyStatusFilter(q: OrderQuery): boolean {
  const { status: _s, ...rest } = q;
  return Object.values(rest).every((v) => v === undefined);
}

export async function countOrders(db: Db, q: OrderQuery, sla: SlaHours | null = null, scope: DataScope = ALL_PROJECTS): Promise<{ total: number; exact: boolean }> {
  // The kept counts are of every project's orders: a scoped caller's are counted.
  if (onlyStatusFilter(q) && scope.all) {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${fallOrderCount.n}), 0)::int` })
      .from(fallOrderCount)
      .where(q.status ? eq(fallOrderCount.status, q.status) : undefined);
    return { total: row.n, exact: true };
  }
  const where = orderConditions(q, sla, scope);
  const capped = await db.execute(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${fallOrder} WHERE ${where ?? sql`true`} LIMIT ${TOTAL_CAP + 1}) s`,
  );
  const n = Number((capped.rows[0] as { n: number }).n);
  if (n <= TOTAL_CAP) return { total: n, exact: true };
  const plan = await db.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${fallOrder} WHERE ${where ?? sql`true`}`);
  const raw = Object.values(plan.rows[0] as Record<string, unknown>)[0];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return { total: Math.max(TOTAL_CAP + 1, Math.round(parsed[0].Plan['Plan Rows'])), exact: false };
}

/** The next order number of today, `WO-YYYYMMDD-NNNN`; inside the insert's transaction. */
export const nextOrderNumber = (tx: Db, now = new Date()) => nextDailyNumber(tx, ORDER_NUMBERS, now);

/** Equipment, when given, must be installed in the order's project. */
export async function checkEquipment(tx: Db, projectId: number, equipmentId: number | null | undefined): Promise<void> {
  const [project] = await tx.select({ id: fallProject.id }).from(fallProject).where(eq(fallProject.id, projectId));
  if (!project) throw badRequest('v.invalid', { projectId: 'v.invalid' });
  await assertLive(tx, fallProject, projectId, 'projectId');
  if (!equipmentId) return;
  const [eq1] = await tx.select({ projectId: fallEqInfo.projectId }).from(fallEqInfo).where(eq(fallEqInfo.id, equipmentId));
  if (!eq1) throw badRequest('v.invalid', { equipmentId: 'v.invalid' });
  if (eq1.projectId !== projectId) throw badRequest('v.equipmentProject', { equipmentId: 'v.equipmentProject' });
  await assertLive(tx, fallEqInfo, equipmentId, 'equipmentId');
}

export interface NewOrder {
  name: string;
  description?: string;
  submitter?: string;
  contact?: string;
  submittedAt?: Date;
  files?: number[];
  projectId: number;
  equipmentId?: number | null;
  priority?: string;
  source?: 'manual' | 'warning';
  warningId?: number | null;
  createdBy?: number | null;
}

/**
 * Numbers and inserts one order; the caller's transaction also attaches its files. A given
 * submission time obeys the time rules (the routes pass the configured clock skew; the device loop
 * stamps its own clock and takes the default).
 */
export async function insertOrder(tx: Db, values: NewOrder, rules?: TimeRules): Promise<{ id: number; number: string }> {
  if (values.submittedAt) checkOrderTimes({ submittedAt: values.submittedAt }, rules ?? (await timeRules()));
  const number = await nextOrderNumber(tx);
  // Submitted now, to the whole second: the forms give times to the second at most, and a report
  // filed in the second its order was made must not read as before it (v.repairBeforeSubmission).
  const submittedAt = values.submittedAt ?? new Date(Math.floor(Date.now() / 1000) * 1000);
  const [row] = await tx
    .insert(fallOrder)
    .values({ ...values, submittedAt, number, status: 'submitted' satisfies OrderStatus })
    .returning({ id: fallOrder.id, number: fallOrder.number });
  return row;
}

import { sql, type SQL } from 'drizzle-orm';
import { fromCents, type PartsCost, type PartsCostMove, type PartsCostMovesQuery } from '@shared/contracts/parts-cost';
import type { Database } from '../../db/client';
import { scopeCondition, type DataScope } from '../../lib/data-scope';

const DAY_MS = 86_400_000;

export interface PartsCostRange {
  from: string;
  to: string;
  projectId?: number;
  scope?: DataScope;
}

/** The months (UTC, YYYY-MM) the days from–to touch, in order. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number);
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= last) return out;
    m += 1;
    if (m > 12) { m = 1; y += 1; }
  }
}

const num = (v: unknown): number => Number(v ?? 0);

/**
 * fall/stats parts cost (issue 39, docs/maintenance.md "Parts and stock"): the issue moves of a range
 * of UTC days — [from 00:00Z, to + 1 day 00:00Z) — in the stores of the caller's scope (and of
 * `projectId`), summed in cents by the database: cost = −quantity × round(unit cost × 100).
 */
export class PartsCostRepository {
  constructor(private readonly database: Database) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    return (await this.database.db.execute(query)).rows as T[];
  }

  /** The moves' conditions, over `m` (the move), `s` (its store) and `o` (its order). */
  private where(q: PartsCostRange & { orderId?: number; equipmentId?: number; month?: string }): SQL {
    const start = new Date(`${q.from}T00:00:00Z`).toISOString();
    const end = new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS).toISOString();
    const own = q.scope ? scopeCondition(q.scope, sql`s.project_id`) : undefined;
    return sql`m.kind = 'issue' AND m.at >= ${start}::timestamptz AND m.at < ${end}::timestamptz
      ${q.projectId ? sql`AND s.project_id = ${q.projectId}` : sql``}
      ${q.orderId ? sql`AND m.order_id = ${q.orderId}` : sql``}
      ${q.equipmentId ? sql`AND o.equipment_id = ${q.equipmentId}` : sql``}
      ${q.month ? sql`AND to_char(m.at AT TIME ZONE 'UTC', 'YYYY-MM') = ${q.month}` : sql``}
      ${own ? sql`AND ${own}` : sql``}`;
  }

  async partsCost(q: PartsCostRange): Promise<PartsCost> {
    const where = this.where(q);
    const cents = sql`sum(-m.quantity * round(m.unit_cost * 100))::bigint`;
    const from = sql`fall_stock_move m JOIN fall_store s ON s.id = m.store_id LEFT JOIN fall_order o ON o.id = m.order_id`;
    const orders = await this.rows<Record<string, unknown>>(sql`
      SELECT m.order_id, o.number, o.name, o.equipment_id, coalesce(e.name, '') AS equipment_name, coalesce(e.name_en, '') AS equipment_name_en, o.project_id,
             ${cents} AS cents, sum(-m.quantity)::int AS quantity, count(*)::int AS moves
        FROM ${from} LEFT JOIN fall_eq_info e ON e.id = o.equipment_id
       WHERE ${where} AND m.order_id IS NOT NULL
       GROUP BY m.order_id, o.number, o.name, o.equipment_id, e.name, e.name_en, o.project_id
       ORDER BY cents DESC, m.order_id`);
    const units = await this.rows<Record<string, unknown>>(sql`
      SELECT o.equipment_id, coalesce(e.name, '') AS name, coalesce(e.name_en, '') AS name_en, s.project_id, p.name AS project_name, p.name_en AS project_name_en,
             ${cents} AS cents, sum(-m.quantity)::int AS quantity, count(*)::int AS moves, count(DISTINCT m.order_id)::int AS orders
        FROM ${from} LEFT JOIN fall_eq_info e ON e.id = o.equipment_id JOIN fall_project p ON p.id = s.project_id
       WHERE ${where}
       GROUP BY o.equipment_id, e.name, e.name_en, s.project_id, p.name, p.name_en
       ORDER BY cents DESC, o.equipment_id NULLS LAST, s.project_id`);
    const months = await this.rows<Record<string, unknown>>(sql`
      SELECT to_char(m.at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, ${cents} AS cents, sum(-m.quantity)::int AS quantity, count(*)::int AS moves
        FROM ${from} WHERE ${where} GROUP BY 1 ORDER BY 1`);
    const [total] = await this.rows<Record<string, unknown>>(sql`
      SELECT coalesce(${cents}, 0) AS cents, coalesce(sum(-m.quantity), 0)::int AS quantity, count(*)::int AS moves, count(DISTINCT m.order_id)::int AS orders FROM ${from} WHERE ${where}`);
    const byMonth = new Map(months.map((r) => [String(r.month), r]));
    return {
      from: q.from,
      to: q.to,
      totals: { cost: fromCents(num(total.cents)), quantity: num(total.quantity), moves: num(total.moves), orders: num(total.orders) },
      orders: orders.map((r) => ({
        orderId: num(r.order_id), number: String(r.number), name: String(r.name), equipmentId: r.equipment_id === null ? null : num(r.equipment_id),
        equipmentName: String(r.equipment_name), equipmentNameEn: String(r.equipment_name_en), projectId: num(r.project_id),
        cost: fromCents(num(r.cents)), quantity: num(r.quantity), moves: num(r.moves),
      })),
      units: units.map((r) => ({
        equipmentId: r.equipment_id === null ? null : num(r.equipment_id), name: String(r.name), nameEn: String(r.name_en), projectId: num(r.project_id),
        projectName: String(r.project_name), projectNameEn: String(r.project_name_en), orders: num(r.orders),
        cost: fromCents(num(r.cents)), quantity: num(r.quantity), moves: num(r.moves),
      })),
      months: monthsOf(q.from, q.to).map((month) => {
        const r = byMonth.get(month);
        return { month, cost: fromCents(num(r?.cents)), quantity: num(r?.quantity), moves: num(r?.moves) };
      }),
    };
  }

  /** The issue moves behind a figure (an order's, a unit's, a month's or all), newest first. */
  async moves(q: PartsCostMovesQuery & { scope?: DataScope }): Promise<PartsCostMove[]> {
    const rows = await this.rows<Record<string, unknown>>(sql`
      SELECT m.id, m.part_id, sp.name AS part_name, sp.part_no, m.store_id, s.name AS store_name, s.name_en AS store_name_en, s.project_id, m.kind, m.quantity,
             m.unit_cost::float8 AS unit_cost, m.reason, m.order_id, o.number AS order_number, o.equipment_id AS order_equipment_id, m.report_id, m.at, m.by,
             (-m.quantity * round(m.unit_cost * 100))::bigint AS cents, to_char(m.at AT TIME ZONE 'UTC', 'YYYY-MM') AS month
        FROM fall_stock_move m JOIN fall_store s ON s.id = m.store_id JOIN fall_spare_part sp ON sp.id = m.part_id LEFT JOIN fall_order o ON o.id = m.order_id
       WHERE ${this.where(q)}
       ORDER BY m.at DESC, m.id DESC`);
    return rows.map((r) => ({
      id: num(r.id), partId: num(r.part_id), partName: String(r.part_name), partNo: String(r.part_no), storeId: num(r.store_id), storeName: String(r.store_name),
      storeNameEn: String(r.store_name_en), projectId: num(r.project_id), kind: 'issue' as const, quantity: num(r.quantity), unitCost: num(r.unit_cost), reason: String(r.reason),
      orderId: r.order_id === null ? null : num(r.order_id), orderNumber: r.order_number === null ? null : String(r.order_number),
      orderEquipmentId: r.order_equipment_id === null ? null : num(r.order_equipment_id), reportId: r.report_id === null ? null : num(r.report_id),
      at: new Date(r.at as string).toISOString(), by: String(r.by), cost: fromCents(num(r.cents)), month: String(r.month),
    }));
  }
}

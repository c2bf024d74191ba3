import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { fallOrder, fallProject, fallReport, fallSparePart } from './operations';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A store of spare parts (0067, docs/maintenance.md "Parts and stock"): a project's own store room
 * (a project may keep more than one, e.g. a plant room and a depot). Its stock and moves belong to
 * the project's data scope. Deleting a store with moves archives it.
 */
export const fallStore = pgTable('fall_store', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id').notNull().references(() => fallProject.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }).notNull().default(''),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  archivedAt: ts('archived_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('fall_store_project_idx').on(t.projectId)]);

/**
 * A part's count in one store: the sum of its moves there, kept by the stock service in the move's
 * transaction, never below zero (the check is the database's last word).
 */
export const fallStock = pgTable('fall_stock', {
  partId: integer('part_id').notNull().references(() => fallSparePart.id, { onDelete: 'cascade' }),
  storeId: integer('store_id').notNull().references(() => fallStore.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.partId, t.storeId] }), check('fall_stock_quantity_check', sql`${t.quantity} >= 0`), index('fall_stock_store_idx').on(t.storeId)]);

/**
 * One stock move (0067): a receipt (+), an issue to an order (−, from a report), or an adjustment
 * (±, with its reason). Never updated nor deleted by the application: the stock is their sum.
 */
export const fallStockMove = pgTable('fall_stock_move', {
  id: serial('id').primaryKey(),
  partId: integer('part_id').notNull().references(() => fallSparePart.id, { onDelete: 'cascade' }),
  storeId: integer('store_id').notNull().references(() => fallStore.id, { onDelete: 'cascade' }),
  kind: varchar('kind', { length: 16 }).notNull(),
  /** Signed: a receipt is positive, an issue negative, an adjustment either, never zero. */
  quantity: integer('quantity').notNull(),
  /** The part's unit cost when it moved. */
  unitCost: numeric('unit_cost', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  reason: varchar('reason', { length: 500 }).notNull().default(''),
  orderId: integer('order_id').references(() => fallOrder.id, { onDelete: 'restrict' }),
  reportId: integer('report_id').references(() => fallReport.id, { onDelete: 'restrict' }),
  at: ts('at').notNull().defaultNow(),
  by: varchar('by', { length: 64 }).notNull().default(''),
}, (t) => [
  check('fall_stock_move_kind_check', sql`${t.kind} IN ('receipt', 'issue', 'adjustment')`),
  check('fall_stock_move_quantity_check', sql`${t.quantity} <> 0 AND (${t.kind} <> 'receipt' OR ${t.quantity} > 0) AND (${t.kind} <> 'issue' OR ${t.quantity} < 0)`),
  index('fall_stock_move_part_idx').on(t.partId, t.storeId),
  index('fall_stock_move_order_idx').on(t.orderId),
  index('fall_stock_move_at_idx').on(t.at),
]);

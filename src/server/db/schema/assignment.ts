import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sysUser } from './identity';
import { fallOrder } from './operations';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every change of an order's assignee (0066, docs/maintenance.md "Assignment and notifications"):
 * who did it, from whom, to whom, when. Never updated.
 */
export const fallOrderAssignment = pgTable(
  'fall_order_assignment',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => fallOrder.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    toUserId: integer('to_user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    /** The user who assigned; null when the server did (a seed). */
    byUserId: integer('by_user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    /** The names as they were, so the history reads the same after a user is renamed or deleted. */
    fromName: varchar('from_name', { length: 64 }).notNull().default(''),
    toName: varchar('to_name', { length: 64 }).notNull().default(''),
    byName: varchar('by_name', { length: 64 }).notNull().default(''),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('fall_order_assignment_order_idx').on(t.orderId, t.at)],
);

/**
 * A user's in-app notifications (the back-office bell), each also sent by e-mail when the user has an
 * address: `assigned`, `due` (the due time nears), `reopened` (the fault returned during confirmation).
 * A `due` one is written once per order, user and due time (the unique index), so two instances
 * sweeping at once tell the assignee once.
 */
export const sysNotification = pgTable(
  'sys_notification',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    orderId: integer('order_id').notNull().references(() => fallOrder.id, { onDelete: 'cascade' }),
    /** The order's due time when it was written (what a `due` notification is about). */
    dueAt: ts('due_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
    /** pending (to send), sent, failed, none (no address or no mail server). */
    mailStatus: varchar('mail_status', { length: 16 }).notNull().default('pending'),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    /** When the next try may start (also the claim of the instance trying now). */
    mailNextAt: ts('mail_next_at').notNull().defaultNow(),
    mailError: text('mail_error').notNull().default(''),
  },
  (t) => [
    index('sys_notification_user_idx').on(t.userId, t.createdAt),
    index('sys_notification_mail_idx').on(t.mailNextAt).where(sql`mail_status = 'pending'`),
    uniqueIndex('sys_notification_due_once').on(t.orderId, t.userId, t.dueAt).where(sql`kind = 'due'`),
  ],
);

import { pgTable, bigserial, integer, varchar, char, timestamp } from 'drizzle-orm/pg-core';
import { sysSession } from './identity';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Short-lived tickets for URLs that cannot carry a header (0013_tickets.sql). */
export const sysTicket = pgTable('sys_ticket', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ticketHash: char('ticket_hash', { length: 64 }).notNull().unique(),
  sessionId: integer('session_id').notNull().references(() => sysSession.id, { onDelete: 'cascade' }),
  purpose: varchar('purpose', { length: 16 }).notNull(),
  target: varchar('target', { length: 64 }).notNull().default(''),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

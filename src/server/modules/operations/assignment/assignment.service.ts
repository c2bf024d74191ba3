import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Assignee, NotificationKind } from '@shared/contracts/assignment';
import { OPEN_ORDER_STATUSES, type OrderPriority } from '@shared/contracts/order';
import type { Db } from '../../../db/client';
import { fallOrder, fallOrderAssignment, sysNotification, sysUser } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import type { Settings } from '../../../lib/settings';
import { publishLive } from '../../../live';

/**
 * Assignment (docs/maintenance.md "Assignment and notifications"): an order's assignee is a user whose
 * data scope covers its project; its due time is its submission plus its priority's SLA hours; every
 * change of assignee is kept, and the assignee is told (a notification, then an e-mail).
 */

/**
 * The active users whose data scope covers `projectId`: a role of scope 'all', or a role scoped to
 * projects that lists it (as plugins/auth.ts readScope reads a session's scope). A user without a
 * role sees no project and is none.
 */
const ELIGIBLE = (projectId: number) => sql`
  ${sysUser.status} = 1 AND (${sysUser.expireAt} IS NULL OR ${sysUser.expireAt} > now())
  AND EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
               WHERE ur.user_id = ${sysUser.id}
                 AND (r.data_scope <> 'projects'
                      OR EXISTS (SELECT 1 FROM sys_role_project rp WHERE rp.role_id = r.id AND rp.project_id = ${projectId})))`;

export async function eligibleAssignees(db: Db, projectId: number): Promise<Assignee[]> {
  return db
    .select({ id: sysUser.id, username: sysUser.username, realName: sysUser.realName, realNameEn: sysUser.realNameEn })
    .from(sysUser)
    .where(ELIGIBLE(projectId))
    .orderBy(asc(sysUser.username));
}

/** `400 assigneeId` unless the user may be assigned an order of the project. */
export async function assertAssignable(tx: Db, projectId: number, userId: number): Promise<void> {
  const [row] = await tx.select({ id: sysUser.id }).from(sysUser).where(and(eq(sysUser.id, userId), ELIGIBLE(projectId)));
  if (!row) throw badRequest('v.assigneeOutOfScope', { assigneeId: 'v.assigneeOutOfScope' });
}

export type SlaHours = Record<OrderPriority, number>;

export async function slaHours(settings: Settings): Promise<SlaHours> {
  const [low, normal, high, urgent] = await Promise.all((['low', 'normal', 'high', 'urgent'] as const).map((p) => settings.get(`sla.hours.${p}`)));
  return { low, normal, high, urgent };
}

/** The due time of an order submitted at `submittedAt` with `priority` (an unknown priority counts as normal). */
export function dueAtOf(sla: SlaHours, priority: string, submittedAt: Date): Date {
  const hours = sla[priority as OrderPriority] ?? sla.normal;
  return new Date(submittedAt.getTime() + hours * 3_600_000);
}

const nameOf = (u: { realName: string; username: string } | undefined) => (u ? u.realName || u.username : '');

export interface AssignmentChange {
  orderId: number;
  from: number | null;
  to: number | null;
  /** The user who made the change; null for the server. */
  by: number | null;
  dueAt: Date | null;
  at?: Date;
}

/**
 * Stores a change of assignee the caller has already checked: sets it and the due time on the order,
 * keeps the change in the history and tells the new assignee. In the caller's transaction; returns
 * the user told (to publish to once committed), or null.
 */
export async function recordAssignment(tx: Db, change: AssignmentChange): Promise<number | null> {
  const at = change.at ?? new Date();
  await tx.update(fallOrder).set({ assigneeId: change.to, dueAt: change.dueAt, updatedAt: at }).where(eq(fallOrder.id, change.orderId));
  const ids = [change.from, change.to, change.by].filter((x): x is number => x !== null);
  const users = ids.length ? await tx.select({ id: sysUser.id, realName: sysUser.realName, username: sysUser.username }).from(sysUser).where(inArray(sysUser.id, ids)) : [];
  const user = (id: number | null) => users.find((u) => u.id === id);
  await tx.insert(fallOrderAssignment).values({
    orderId: change.orderId,
    fromUserId: change.from,
    toUserId: change.to,
    byUserId: change.by,
    fromName: nameOf(user(change.from)),
    toName: nameOf(user(change.to)),
    byName: change.by === null ? 'system' : nameOf(user(change.by)),
    at,
  });
  if (change.to === null) return null;
  await notify(tx, change.to, 'assigned', change.orderId, change.dueAt, at);
  return change.to;
}

/** One notification for a user; its e-mail is sent by the mail sweep (notification-mail.ts). */
export async function notify(tx: Db, userId: number, kind: NotificationKind, orderId: number, dueAt: Date | null, at = new Date()): Promise<void> {
  await tx.insert(sysNotification).values({ userId, kind, orderId, dueAt, createdAt: at, mailNextAt: at });
}

/** Tells the users' streams that their notifications changed (after the change is committed). */
export async function publishNotified(app: FastifyInstance, userIds: Iterable<number>): Promise<void> {
  for (const userId of new Set(userIds)) await publishLive(app, { topic: 'notification', userId });
}

/**
 * Orders sent back to repairing by the confirmation sweep (detect/confirmation.ts): their assignees
 * are told, in the sweep's transaction. Returns the users told.
 */
export async function notifyReopened(tx: Db, orderIds: number[], at = new Date()): Promise<number[]> {
  if (!orderIds.length) return [];
  const rows = await tx
    .select({ id: fallOrder.id, assigneeId: fallOrder.assigneeId, dueAt: fallOrder.dueAt })
    .from(fallOrder)
    .where(and(inArray(fallOrder.id, orderIds), isNotNull(fallOrder.assigneeId)));
  for (const r of rows) await notify(tx, r.assigneeId!, 'reopened', r.id, r.dueAt, at);
  return rows.map((r) => r.assigneeId!);
}

/**
 * The device jobs' sweep: every open assigned order whose due time is at most `orders.dueNoticeMinutes`
 * away (or past) tells its assignee once per due time. The unique index `sys_notification_due_once`
 * makes a second sweep, on this instance or another at the same moment, write nothing. Returns the
 * notifications written.
 */
export async function sweepDueOrders(app: FastifyInstance, now: Date = new Date()): Promise<number> {
  const lead = Math.max(0, await app.settings.get('orders.dueNoticeMinutes'));
  const horizon = new Date(now.getTime() + lead * 60_000);
  const written = (
    await app.database.db.execute(sql`
      INSERT INTO sys_notification (user_id, kind, order_id, due_at, created_at, mail_next_at)
      SELECT o.assignee_id, 'due', o.id, o.due_at, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        FROM fall_order o
       WHERE o.assignee_id IS NOT NULL AND o.due_at IS NOT NULL AND o.due_at <= ${horizon.toISOString()}::timestamptz
         AND o.status IN (${sql.join(OPEN_ORDER_STATUSES.map((s) => sql`${s}`), sql`, `)})
      ON CONFLICT (order_id, user_id, due_at) WHERE kind = 'due' DO NOTHING
      RETURNING user_id AS "userId"`)
  ).rows as { userId: number }[];
  await publishNotified(app, written.map((r) => Number(r.userId)));
  return written.length;
}

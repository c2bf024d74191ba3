import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emptyAnswer, envelopeOf } from '@shared/contracts/common';
import { assigneeQuerySchema, assigneeSchema, myOrderSchema, notificationListSchema, notificationReadSchema } from '@shared/contracts/assignment';
import { OPEN_ORDER_STATUSES } from '@shared/contracts/order';
import { RESOURCES } from '@shared/resources';
import { NOTIFICATION_LIST_LIMIT } from '@shared/constants';
import { fallEqInfo, fallOrder, fallProject, sysNotification } from '../../../db/schema';
import { ok } from '../../../lib/crud';
import { assertInScope, scopeCondition, scopeOf } from '../../../lib/data-scope';
import { notFound } from '../../../lib/errors';
import type { AppInstance } from '../../../app-instance';
import { eligibleAssignees, publishNotified } from './assignment.service';

/** The assign picker, My orders and the notification bell (docs/maintenance.md "Assignment and notifications"). */
export async function assignmentRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;

  // The users an order of the project may be assigned to: the order dialog's picker offers these only.
  app.get(
    `${RESOURCES.order.api}/assignees`,
    { schema: { querystring: assigneeQuerySchema, response: { 200: envelopeOf(z.array(assigneeSchema)) } }, config: { permission: 'fall-order#assign' } },
    async (request) => {
      const { projectId } = request.query;
      assertInScope(request, projectId);
      return ok(await eligibleAssignees(db, projectId));
    },
  );

  // The caller's open orders: overdue first (the most overdue at the top), then by due time; those without one last.
  app.get(`${RESOURCES.myOrder.api}/list`, { schema: { response: { 200: envelopeOf(z.array(myOrderSchema)) } }, config: { permission: 'fall-my-order#list' } }, async (request) => {
    const rows = await db
      .select({
        id: fallOrder.id,
        number: fallOrder.number,
        name: fallOrder.name,
        status: fallOrder.status,
        priority: fallOrder.priority,
        projectId: fallOrder.projectId,
        projectName: fallProject.name,
        projectNameEn: fallProject.nameEn,
        equipmentName: fallEqInfo.name,
        equipmentNameEn: fallEqInfo.nameEn,
        submittedAt: fallOrder.submittedAt,
        dueAt: fallOrder.dueAt,
        overdue: sql<boolean>`coalesce(${fallOrder.dueAt} < now(), false)`,
      })
      .from(fallOrder)
      .leftJoin(fallProject, eq(fallProject.id, fallOrder.projectId))
      .leftJoin(fallEqInfo, eq(fallEqInfo.id, fallOrder.equipmentId))
      .where(and(eq(fallOrder.assigneeId, request.auth!.userId!), inArray(fallOrder.status, [...OPEN_ORDER_STATUSES]), scopeCondition(scopeOf(request), fallOrder.projectId)))
      .orderBy(sql`${fallOrder.dueAt} ASC NULLS LAST`, fallOrder.id);
    return ok(rows.map((r) => ({ ...r, status: r.status as (typeof OPEN_ORDER_STATUSES)[number], priority: r.priority as 'normal' })));
  });

  // The bell: a user reads and marks their own notifications only (another's is 404).
  app.get('/sys/notification/list', { schema: { response: { 200: envelopeOf(notificationListSchema) } }, config: { permission: 'login' } }, async (request) => {
    const userId = request.auth!.userId!;
    const rows = await db
      .select({
        id: sysNotification.id,
        kind: sysNotification.kind,
        orderId: sysNotification.orderId,
        orderNumber: fallOrder.number,
        orderName: fallOrder.name,
        dueAt: sysNotification.dueAt,
        createdAt: sysNotification.createdAt,
        readAt: sysNotification.readAt,
      })
      .from(sysNotification)
      .innerJoin(fallOrder, eq(fallOrder.id, sysNotification.orderId))
      .where(eq(sysNotification.userId, userId))
      .orderBy(desc(sysNotification.createdAt), desc(sysNotification.id))
      .limit(NOTIFICATION_LIST_LIMIT);
    const [{ unread }] = await db.select({ unread: count() }).from(sysNotification).where(and(eq(sysNotification.userId, userId), isNull(sysNotification.readAt)));
    return ok({ rows: rows.map((r) => ({ ...r, kind: r.kind as 'assigned' })), unread });
  });

  app.post('/sys/notification/read', { schema: { body: notificationReadSchema, response: { 200: emptyAnswer } }, config: { permission: 'login', log: false } }, async (request) => {
    const userId = request.auth!.userId!;
    const [row] = await db
      .update(sysNotification)
      .set({ readAt: sql`coalesce(${sysNotification.readAt}, now())` })
      .where(and(eq(sysNotification.id, request.body.id), eq(sysNotification.userId, userId)))
      .returning({ id: sysNotification.id });
    if (!row) throw notFound();
    await publishNotified(app, [userId]);
    return ok(null);
  });

  app.post('/sys/notification/readAll', { schema: { response: { 200: emptyAnswer } }, config: { permission: 'login', log: false } }, async (request) => {
    const userId = request.auth!.userId!;
    await db.update(sysNotification).set({ readAt: new Date() }).where(and(eq(sysNotification.userId, userId), isNull(sysNotification.readAt)));
    await publishNotified(app, [userId]);
    return ok(null);
  });
}

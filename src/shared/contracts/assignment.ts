import { z } from 'zod';
import { instantText } from './common';
import { refId } from './work-fields';
import { ORDER_PRIORITIES, ORDER_STATUSES } from './order';

/** Assignment and notifications (docs/maintenance.md "Assignment and notifications"). */

/** GET /ball/fallorder/assignees?projectId=: the users an order of the project may be assigned to. */
export const assigneeQuerySchema = z.strictObject({ projectId: refId() });
export const assigneeSchema = z.object({ id: z.number(), username: z.string(), realName: z.string(), realNameEn: z.string() });
export type Assignee = z.output<typeof assigneeSchema>;

/** GET /ball/myorder/list: the caller's open orders, overdue first, then by due time. */
export const myOrderSchema = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  status: z.enum(ORDER_STATUSES),
  priority: z.enum(ORDER_PRIORITIES),
  projectId: z.number(),
  projectName: z.string().nullable(),
  projectNameEn: z.string().nullable(),
  equipmentName: z.string().nullable(),
  equipmentNameEn: z.string().nullable(),
  submittedAt: instantText(),
  dueAt: instantText().nullable(),
  overdue: z.boolean(),
});
export type MyOrder = z.output<typeof myOrderSchema>;

/** What a notification tells: assigned to you, its due time nears, the fault returned during confirmation. */
export const NOTIFICATION_KINDS = ['assigned', 'due', 'reopened'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  orderId: z.number(),
  orderNumber: z.string(),
  orderName: z.string(),
  dueAt: instantText().nullable(),
  createdAt: instantText(),
  readAt: instantText().nullable(),
});
export type Notification = z.output<typeof notificationSchema>;

/** GET /sys/notification/list: the caller's latest notifications and how many are unread. */
export const notificationListSchema = z.object({ rows: z.array(notificationSchema), unread: z.number().int() });
export type NotificationList = z.output<typeof notificationListSchema>;

/** POST /sys/notification/read { id }. */
export const notificationReadSchema = z.strictObject({ id: refId() });

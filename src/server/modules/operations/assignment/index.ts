import type { AppInstance } from '../../../app-instance';
import { assignmentRoutes } from './assignment.routes';

/** Orders assigned to a user who is told: the assign picker, My orders, the notification bell (docs/maintenance.md). */
export async function assignmentModule(app: AppInstance): Promise<void> {
  await assignmentRoutes(app);
}

export { assertAssignable, dueAtOf, notifyReopened, publishNotified, recordAssignment, slaHours, sweepDueOrders } from './assignment.service';
export { sendNotificationMail } from './notification-mail';

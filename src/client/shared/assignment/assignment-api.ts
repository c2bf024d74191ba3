import { queryOptions } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { LiveKeys } from '@client/lib/live';
import { keysOf, resourceKeys } from '@client/lib/resource-keys';
import type { Assignee, MyOrder, NotificationList } from '@shared/contracts/assignment';

/** Assignment and notifications (docs/maintenance.md "Assignment and notifications"): the bell, My orders, the assign picker. */
export const NOTIFICATION_BASE = '/sys/notification';
export const notificationKeys = resourceKeys(NOTIFICATION_BASE);

/** The caller's latest notifications and the unread count (the header's bell). */
export const notificationsQueryOptions = () => queryOptions({ queryKey: notificationKeys.list({}), queryFn: () => api.get<NotificationList>(`${NOTIFICATION_BASE}/list`) });

export const markNotificationRead = (id: number) => api.post<null>(`${NOTIFICATION_BASE}/read`, { id });
export const markAllNotificationsRead = () => api.post<null>(`${NOTIFICATION_BASE}/readAll`);

/** The bell reads again when the server tells this user's stream (it tells no one else's). */
export const NOTIFICATION_LIVE_KEYS: readonly LiveKeys[] = [{ prefix: notificationKeys.all, on: ['notification'] }];

const myOrderKeys = keysOf('myOrder');
/** The caller's open orders, overdue first then by due time. */
export const myOrdersQueryOptions = () => queryOptions({ queryKey: myOrderKeys.list({}), queryFn: () => api.get<MyOrder[]>(`${myOrderKeys.all[0]}/list`) });

const orderKeys = keysOf('order');
/** The users an order of the project may be assigned to. */
export const assigneesQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: orderKeys.view('assignees', projectId),
    queryFn: () => api.get<Assignee[]>(`${orderKeys.all[0]}/assignees?projectId=${projectId}`),
    enabled: projectId !== null,
  });

import { http } from 'msw';
import type { MyOrder, NotificationList } from '@shared/contracts/assignment';
import { API, ok } from '../envelope';

/** The bell and My orders (docs/maintenance.md "Assignment and notifications"): one assigned order, told once. */
const at = '2026-11-20T08:00:00.000Z';
let notifications: NotificationList['rows'] = [{ id: 1, kind: 'assigned', orderId: 1, orderNumber: 'WO-20261120-0001', orderName: '主泵异响', dueAt: '2026-11-22T08:00:00.000Z', createdAt: at, readAt: null }];
const mine: MyOrder[] = [
  {
    id: 1, number: 'WO-20261120-0001', name: '主泵异响', status: 'accepted', priority: 'normal', projectId: 1, projectName: '西湖音乐喷泉', projectNameEn: 'West Lake Musical Fountain',
    equipmentName: '主泵 2', equipmentNameEn: 'Main pump 2', submittedAt: at, dueAt: '2026-11-22T08:00:00.000Z', overdue: false,
  },
];

export const assignmentHandlers = [
  http.get(`${API}/sys/notification/list`, () => ok({ rows: notifications, unread: notifications.filter((n) => !n.readAt).length } satisfies NotificationList)),
  http.post(`${API}/sys/notification/read`, async ({ request }) => {
    const { id } = (await request.json()) as { id: number };
    notifications = notifications.map((n) => (n.id === id ? { ...n, readAt: n.readAt ?? new Date().toISOString() } : n));
    return ok(null);
  }),
  http.post(`${API}/sys/notification/readAll`, () => {
    notifications = notifications.map((n) => ({ ...n, readAt: n.readAt ?? new Date().toISOString() }));
    return ok(null);
  }),
  http.get(`${API}/ball/myorder/list`, () => ok(mine)),
  http.get(`${API}/ball/fallorder/assignees`, () => ok([{ id: 3, username: 'operator', realName: '李工', realNameEn: 'Engineer Li' }])),
];

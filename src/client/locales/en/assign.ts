import type { LocaleShape } from '../types';
import type cn from '../cn/assign';

const assign: LocaleShape<typeof cn> = {
  bell: {
    label: 'Notifications',
    unread: '{{count}} unread',
    markAll: 'Mark all read',
    empty: 'No notifications',
    kinds: { assigned: 'Assigned to you', due: 'Due soon', reopened: 'Reopened' },
    due: 'Due {{at}}',
  },
  my: {
    title: 'My orders',
    intro: 'Open orders assigned to you: overdue ones first, the rest by due time.',
    number: 'Order number',
    name: 'Name',
    project: 'Project',
    status: 'Status',
    priority: 'Priority',
    dueAt: 'Due',
    overdue: 'Overdue',
    none: 'No open orders are assigned to you',
    noDue: '—',
  },
  order: {
    assignee: 'Assignee',
    assigneeHint: "Only users whose data scope covers the project",
    unassigned: 'Unassigned',
    dueAt: 'Due',
    history: 'Assignments',
    historyRow: '{{by}}: {{from}} → {{to}}',
  },
};
export default assign;

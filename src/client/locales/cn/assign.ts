/** Assignment and notifications: the header's bell, My orders, an order's assignee and its history (docs/maintenance.md). */
const assign = {
  bell: {
    label: '通知',
    unread: '{{count}} 条未读',
    markAll: '全部标为已读',
    empty: '暂无通知',
    kinds: { assigned: '指派给您', due: '即将到期', reopened: '已重新打开' },
    due: '到期 {{at}}',
  },
  my: {
    title: '我的工单',
    intro: '指派给您的未完成工单，已超期的在前，其余按到期时间排序。',
    number: '工单编号',
    name: '名称',
    project: '项目',
    status: '状态',
    priority: '优先级',
    dueAt: '到期时间',
    overdue: '已超期',
    none: '没有指派给您的未完成工单',
    noDue: '—',
  },
  order: {
    assignee: '负责人',
    assigneeHint: '只列出数据范围包含该项目的用户',
    unassigned: '未指派',
    dueAt: '到期时间',
    history: '指派记录',
    historyRow: '{{by}}：{{from}} → {{to}}',
  },
};
export default assign;

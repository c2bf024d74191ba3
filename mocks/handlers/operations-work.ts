import { http } from 'msw';
import type { OrderRow } from '@shared/contracts/order';
import { ORDER_TRANSITIONS } from '@shared/contracts/order';
import type { WarningRow } from '@shared/contracts/warning';
import type { WarningNoticeRow } from '@shared/contracts/escalation';
import { API, demoDelay, fail, ok } from '../envelope';
import { pagedList } from '../list-filter';

/**
 * Maintenance orders, their reports and board warnings, held in memory so screens can walk the
 * status flow (docs/domain.md §3) as the server does: accept, close, and reports that move the order.
 */
interface MockReport {
  id: number;
  orderId: number;
  repairer: string;
  repairAt: string;
  durationHours: number;
  completedAt: string | null;
  result: 'fixed' | 'not_fixed';
  notes: string;
  files: number[];
  createdAt: string;
}

const at = '2026-11-20T08:00:00.000Z';
const order = (id: number, over: Partial<OrderRow>): OrderRow => ({
  id,
  number: `WO-20261120-${String(id).padStart(4, '0')}`,
  name: '',
  description: '',
  submitter: '王工',
  contact: '13800000000',
  submittedAt: at,
  files: [],
  projectId: 1,
  projectName: '西湖音乐喷泉',
  projectNameEn: 'West Lake Musical Fountain',
  equipmentId: 12,
  equipmentName: '主泵 2',
  equipmentNameEn: 'Main pump 2',
  priority: 'normal',
  source: 'manual',
  status: 'submitted',
  acceptedAt: null,
  completedAt: null,
  closedAt: null,
  reportCount: 0,
  warningId: null,
  checklistId: null,
  checklistName: null,
  checklistNameEn: null,
  parentOrderId: null,
  assigneeId: null,
  assigneeName: null,
  assigneeNameEn: null,
  dueAt: null,
  updatedAt: at,
  dataIssue: null,
  ...over,
});

let orders: OrderRow[] = [];
let reports: MockReport[] = [];
let warnings: WarningRow[] = [];
let nextId = 100;

/**
 * What a screen test states the server did (the status flow itself is the server's, tested in
 * src/server/modules/operations/orders/orders.test.ts): an order's new fields, and a report filed.
 */
export function setMockOrder(id: number, fields: Partial<OrderRow>): void {
  const o = orders.find((x) => x.id === id);
  if (!o) throw new Error(`no mock order ${id}`);
  Object.assign(o, fields);
}
export function addMockReport(report: Omit<MockReport, 'id' | 'createdAt'>): number {
  const id = nextId++;
  reports.push({ ...report, id, createdAt: at });
  const o = orders.find((x) => x.id === report.orderId);
  if (o) o.reportCount += 1;
  return id;
}

export function resetOperationsWork(): void {
  orders = [
    order(1, { name: '主泵异响', priority: 'high' }),
    order(2, { name: '灯光不亮', status: 'accepted', priority: 'low', equipmentName: '灯光 1' }),
    order(3, { name: '喷头堵塞', status: 'completed', priority: 'urgent', reportCount: 1 }),
  ];
  reports = [];
  warnings = [
    { id: 31, at, info: '1号检测板 CH2 主泵 switch fault (1)', kind: 'channel', level: 'critical', projectId: 1, projectName: '西湖音乐喷泉', projectNameEn: 'West Lake Musical Fountain', detectId: 21, boardName: '1号检测板', boardNameEn: 'Board 1', channel: 2, equipmentId: 12, equipmentName: '主泵 2', equipmentNameEn: 'Main pump 2', dealAt: null, result: null, note: '', dealtBy: '', orderId: null, ackAt: null, ackBy: '', escalatedAt: null, notifyLevel: 1, suppressedBy: null, shelvedUntil: null, shelvedBy: '', shelveReason: '' , chatter: 3, overdue: true },
  ];
}
resetOperationsWork();

/** An instant's UTC day against a YYYY-MM-DD bound. */
const onOrAfter = (at: string | null, day: unknown) => at !== null && at.slice(0, 10) >= String(day);
const onOrBefore = (at: string | null, day: unknown) => at !== null && at.slice(0, 10) <= String(day);
/** The instant a statistics figure counts an order by: its submission, or its completion. */
const statDayOf = (o: OrderRow, metric: unknown) => (metric === 'completed' ? o.completedAt : o.submittedAt);
const PREDICTED_DAYS = 14;
/** A fault preceded by a preventive order on its unit in the 14 days before it. */
function predictedByOrder(w: WarningRow): boolean {
  const at = Date.parse(w.at);
  return orders.some((o) => o.source === 'preventive' && o.equipmentId !== null && o.equipmentId === w.equipmentId && Date.parse(o.submittedAt) <= at && Date.parse(o.submittedAt) >= at - PREDICTED_DAYS * 86_400_000);
}

const ORDER = `${API}/ball/fallorder`;

export const operationsWorkHandlers = [
  http.post(`${ORDER}/list`, async ({ request }) => {
    await demoDelay();
    const q = (await request.json()) as Record<string, unknown>;
    return pagedList(orders, q, {
      status: 'equal', priority: 'equal', source: 'equal', projectId: 'equal', equipmentId: 'equal',
      // As the server's search: the order's name, or its number typed in any case.
      keyword: { anyOf: ['name', 'number'] },
      // The statistics' drill-down: submitted, or completed, on the UTC days statFrom..statTo (the
      // other figures' rules are the server's; the mock refuses them by name).
      statMetric: (o, metric) => (metric === 'submitted' ? o.submittedAt !== null : metric === 'completed' && o.completedAt !== null),
      statFrom: (o, day) => onOrAfter(statDayOf(o, q.statMetric), day),
      statTo: (o, day) => onOrBefore(statDayOf(o, q.statMetric), day),
    });
  }),
  http.post(`${ORDER}/listAll`, () => ok(orders.map((o) => ({ id: o.id, name: o.name, number: o.number })))),
  http.get(`${ORDER}/info/:id`, ({ params }) => {
    const o = orders.find((x) => x.id === Number(params.id));
    return o ? ok({ ...o, assignments: [], reports: reports.filter((r) => r.orderId === o.id).map((r) => ({ ...r, checklistFailed: null, checklistFlagged: null })) }) : fail(404, '数据不存在');
  }),
  http.post(`${ORDER}/:action`, async ({ params, request }) => {
    const action = params.action as 'accept' | 'close';
    const { id } = (await request.json()) as { id: number };
    const o = orders.find((x) => x.id === id);
    if (!o) return fail(404, '数据不存在');
    if (!ORDER_TRANSITIONS[action]?.includes(o.status)) return fail(400, '工单当前状态不允许此操作');
    o.status = action === 'accept' ? 'accepted' : 'closed';
    return ok({ id, status: o.status });
  }),
  http.post(`${API}/ball/fallreport/save`, async ({ request }) => {
    const body = (await request.json()) as Omit<MockReport, 'id' | 'createdAt'>;
    const o = orders.find((x) => x.id === body.orderId);
    if (!o) return fail(400, '格式错误', { fields: { orderId: '格式错误' } });
    if (o.status === 'closed') return fail(400, '工单已关闭，不能再提交维修报告或修改');
    const id = nextId++;
    reports.push({ ...body, id, createdAt: at });
    o.reportCount += 1;
    if (body.result === 'fixed') {
      if (o.status !== 'completed') {
        o.status = 'completed';
        o.completedAt = body.completedAt ?? at;
      }
    } else {
      o.status = 'repairing';
      o.completedAt = null;
    }
    return ok({ id, orderStatus: o.status, correctiveOrder: null });
  }),
  http.post(`${API}/ball/fallwarning/list`, async ({ request }) => {
    const q = (await request.json()) as Record<string, unknown>;
    return pagedList(warnings, q, {
      projectId: 'equal', detectId: 'equal', level: 'equal', kind: 'equal',
      result: (w, value) => (value === 'open' ? w.result === null : w.result === value),
      ack: (w, value) => (value === 'acked' ? w.ackAt !== null : w.ackAt === null),
      // The statistics' drill-downs: raised on the UTC days statFrom..statTo; "faults predicted" (docs/predictive.md):
      // its unit had a preventive order submitted in the 14 days before.
      statFrom: (w, day) => onOrAfter(w.at, day),
      statTo: (w, day) => onOrBefore(w.at, day),
      predicted: (w, value) => value !== 'yes' || predictedByOrder(w),
    });
  }),
  http.get(`${API}/ball/fallwarning/notices/:id`, ({ params }) => {
    if (!warnings.some((w) => w.id === Number(params.id))) return fail(404, '数据不存在');
    const notices: WarningNoticeRow[] = [
      { id: 1, level: 1, channel: 'email', recipient: 'duty@example.com', status: 'sent', attempts: 1, lastError: '', round: 0, createdAt: at, updatedAt: at },
      { id: 2, level: 1, channel: 'webhook', recipient: 'https://chat.example.com', status: 'pending', attempts: 1, lastError: 'HTTP 503', round: 0, createdAt: at, updatedAt: at },
      { id: 3, level: 1, channel: 'webhook', recipient: 'https://hooks.elsewhere.io', status: 'refused', attempts: 1, lastError: 'hooks.elsewhere.io is not on the allowed outbound hosts (security.outboundHosts)', round: 0, createdAt: at, updatedAt: at },
    ];
    return ok(notices);
  }),
  http.post(`${API}/ball/fallwarning/ack`, async ({ request }) => {
    const { id } = (await request.json()) as { id: number };
    const w = warnings.find((x) => x.id === id);
    if (!w) return fail(404, '数据不存在');
    if (w.ackAt) return fail(400, '该告警已确认');
    Object.assign(w, { ackAt: at, ackBy: 'ops', overdue: false });
    return ok({ id, ackAt: at, ackBy: 'ops' });
  }),
  http.post(`${API}/ball/fallwarning/deal`, async ({ request }) => {
    const body = (await request.json()) as { id: number; result: 'fixed' | 'not_fixed'; note: string };
    const w = warnings.find((x) => x.id === body.id);
    if (!w) return fail(404, '数据不存在');
    if (w.result !== null) return fail(400, '该告警已处理');
    Object.assign(w, { result: body.result, note: body.note, dealAt: at, dealtBy: 'ops' });
    return ok({ id: w.id, result: w.result, dealAt: at, dealtBy: 'ops' });
  }),
];

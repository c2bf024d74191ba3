import { http } from 'msw';
import { riskInfoSchema, riskRowSchema, type RiskRow } from '@shared/contracts/risk';
import type { TrendRange } from '@shared/contracts/detect';
import { API, fail, ok, paged } from '../envelope';
import { fixtureOf } from '../fixtures';
import { trendFixture } from './wall-project';

/** Units at risk (fall/risk): two findings, one open with a waiting preventive order. */
const RISK = `${API}/ball/fallrisk`;
const at = '2026-11-20T08:00:00.000Z';
const inThreeDays = () => new Date(Date.now() + 3 * 86_400_000).toISOString();
let risks: RiskRow[] = [];

export function resetOperationsRisks(): void {
  const common = { boardName: '1号检测板', boardNameEn: 'Board 1', projectId: 1, projectName: '西湖音乐喷泉', projectNameEn: 'West Lake Musical Fountain', dismissedBy: '', score: 1.6, detectedAt: at };
  risks = [
    fixtureOf(riskRowSchema, {
      ...common, id: 41, detectId: 21, ch: 4, channelLabel: '水泵电流', channelLabelEn: 'pump current', equipmentId: 12, equipmentName: '主泵 2', equipmentNameEn: 'Main pump 2',
      kind: 'drift', status: 'open', reason: 'B-01 CH4 pump current: +18 % of its range over 7 days; projected to leave its range in ~3 days', projectedAt: inThreeDays(), orderId: 7, orderNumber: 'WO-20261120-0007', orderStatus: 'submitted',
    }),
    fixtureOf(riskRowSchema, {
      ...common, id: 42, detectId: 21, ch: 6, channelLabel: '', channelLabelEn: '', kind: 'flicker', status: 'recovered', reason: 'B-01 CH6: dips or spikes in 9 hours a day, about 2 before', closedAt: at,
    }),
  ];
}
resetOperationsRisks();

export const operationsRisksHandlers = [
  http.post(`${RISK}/list`, async ({ request }) => {
    const q = (await request.json()) as { page: number; limit: number; status?: string; kind?: string };
    return paged(risks.filter((r) => (!q.status || r.status === q.status) && (!q.kind || r.kind === q.kind)), q.page, q.limit);
  }),
  http.get(`${RISK}/info/:id`, ({ params }) => {
    const r = risks.find((x) => x.id === Number(params.id));
    return r ? ok(fixtureOf(riskInfoSchema, { ...r, trendPath: `/ball/fallrisk/trend/${r.id}`, widen: 1 })) : fail(404, 'Not found');
  }),
  http.get(`${RISK}/byOrder/:id`, ({ params }) => ok(risks.find((x) => x.orderId === Number(params.id)) ?? null)),
  http.get(`${RISK}/trend/:id`, ({ params, request }) => {
    const r = risks.find((x) => x.id === Number(params.id));
    if (!r) return fail(404, 'Not found');
    return ok(trendFixture(r.detectId, r.ch, (new URL(request.url).searchParams.get('range') ?? '7d') as TrendRange));
  }),
  http.post(`${RISK}/dismiss`, async ({ request }) => {
    const { id } = (await request.json()) as { id: number };
    const r = risks.find((x) => x.id === id);
    if (!r) return fail(404, 'Not found');
    if (r.status !== 'open') return fail(400, 'This finding is no longer open');
    Object.assign(r, { status: 'dismissed', dismissedBy: 'ops', dismissedAt: at, closedAt: at, orderStatus: r.orderStatus === 'submitted' ? 'closed' : r.orderStatus });
    return ok({ id, status: 'dismissed', dismissedBy: 'ops', dismissedAt: at, widen: 1.5, closedOrderId: r.orderId });
  }),
];

import { describe, expect, it } from 'vitest';
import { API } from './envelope';
import { filterList } from './list-filter';
import { resetOperationsWork, setMockOrder } from './handlers/operations-work';

interface Row {
  id: number;
  name: string;
  nameEn: string;
  state: string;
  projectId: number;
}
const rows: Row[] = [
  { id: 1, name: '西湖水泵', nameEn: 'West Lake pump', state: 'normal', projectId: 1 },
  { id: 2, name: '西湖灯', nameEn: 'West Lake light', state: 'fault', projectId: 1 },
  { id: 3, name: '迪拜水泵', nameEn: 'Dubai pump', state: 'normal', projectId: 2 },
];
const rules = { keyword: { anyOf: ['name', 'nameEn'] }, state: 'equal', name: 'text', projectId: 'equal' } as const;
const ids = (result: Row[] | { unsupported: string }) => ('unsupported' in result ? result : result.map((r) => r.id));

describe('mock list filters', () => {
  it('applies every text and equality filter given, and skips the empty ones a cleared form sends', () => {
    expect(ids(filterList(rows, { keyword: 'PUMP', page: 1, limit: 10 }, rules))).toEqual([1, 3]);
    expect(ids(filterList(rows, { keyword: 'pump', projectId: '1' }, rules))).toEqual([1]);
    expect(ids(filterList(rows, { state: 'fault', name: '' , projectId: null }, rules))).toEqual([2]);
    expect(ids(filterList(rows, { name: '水泵', state: 'normal' }, rules))).toEqual([1, 3]);
  });

  it('names a filter it has no rule for instead of ignoring it', () => {
    expect(filterList(rows, { area: 'east' }, rules)).toEqual({ unsupported: 'area' });
  });
});

describe('the mock list handlers', () => {
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${API}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ page: 1, limit: 50, ...body }) });
    return (await response.json()) as { code: number; msg: string; data: { list: { id: number }[]; total: number } };
  };

  it('honour the filters the screens send: projects, devices, equipment, orders and warnings', async () => {
    const all = await post('/ball/fallproject/list', {});
    const dubai = await post('/ball/fallproject/list', { keyword: 'dubai' });
    expect(dubai.data.total).toBe(1);
    expect(all.data.total).toBeGreaterThan(dubai.data.total);
    expect((await post('/ball/fallproject/list', { area: 'overseas' })).data.total).toBe(1);

    expect((await post('/ball/falldevice/list', { category: 'light' })).data.list.map((d) => d.id)).toEqual([2]);
    expect((await post('/ball/falleqinfo/list', { projectId: 2 })).data.total).toBe(0);
    expect((await post('/ball/falleqinfo/list', { projectId: 1, state: 'normal' })).data.total).toBe(1);

    const orders = await post('/ball/fallorder/list', {});
    const submitted = await post('/ball/fallorder/list', { status: 'submitted' });
    expect(submitted.data.total).toBeLessThan(orders.data.total);

    expect((await post('/ball/fallwarning/list', { result: 'open', level: 'critical', ack: 'unacked' })).data.total).toBe(1);
    expect((await post('/ball/fallwarning/list', { level: 'info' })).data.total).toBe(0);
    expect((await post('/ball/fallwarning/list', { ack: 'acked' })).data.total).toBe(0);

    // The statistics' drill-downs: the days a figure counts, its metric, and "faults predicted".
    expect((await post('/ball/fallorder/list', { statMetric: 'submitted', statFrom: '2026-11-20', statTo: '2026-11-20' })).data.total).toBe(orders.data.total);
    expect((await post('/ball/fallorder/list', { statMetric: 'submitted', statFrom: '2026-11-21', statTo: '2026-11-30' })).data.total).toBe(0);
    expect((await post('/ball/fallwarning/list', { kind: 'channel', statFrom: '2026-11-01', statTo: '2026-11-30' })).data.total).toBe(1);
    expect((await post('/ball/fallwarning/list', { kind: 'channel', statFrom: '2026-11-01', statTo: '2026-11-30', predicted: 'yes' })).data.total).toBe(0);
    // A preventive order on the warning's unit five days before it: the fault was predicted.
    setMockOrder(1, { source: 'preventive', submittedAt: '2026-11-15T08:00:00.000Z' });
    try {
      expect((await post('/ball/fallwarning/list', { kind: 'channel', predicted: 'yes' })).data.total).toBe(1);
    } finally {
      resetOperationsWork();
    }
  });

  it('answer 400 naming a filter they cannot apply', async () => {
    const answer = await post('/ball/falldevice/list', { warrantyOf: 'x' });
    expect(answer.code).toBe(400);
    expect(answer.msg).toContain('warrantyOf');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { hashPassword } from '../../../lib/password';
import { sysUser, sysUserRole } from '../../../db/schema';
import { seedBoards } from '../detect/board-fixtures';
import { insertPreventiveOrder, insertRisk } from './risk-fixtures';
import { RISK_DISMISS_WIDEN } from '@shared/contracts/risk';
import { until } from '@tests/helpers/until';

// Units at risk (issue 30): the list in the caller's data scope, one finding with its trend, and
// "not a problem" — dismissed, its waiting preventive order closed, the channel's tolerance widened,
// who and when kept, the operation log written; refused without the permission or out of scope.
describe('units at risk: list, info, trend, dismiss', () => {
  let t: TestApp;
  let admin: string;
  let scoped: string;
  let noPerm: string;
  const p: number[] = [];
  const boards: number[] = [];
  const units: number[] = [];
  const risks: Record<string, number> = {};
  const orders: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    for (const name of ['Risk A', 'Risk B']) {
      const id = await seedProject(t, { name, nameEn: `${name} en` });
      p.push(id);
      units.push(await seedEquipment(t, id, `Pump of ${name}`));
      const [b] = await seedBoards(t.database, id, 1, { prefix: `R${id}-` });
      boards.push(b.id);
    }
    await t.database.query(`UPDATE fall_detect_channel SET label = '水泵电流', label_en = 'pump current', equipment_id = $2 WHERE detect_id = $1 AND ch = 4`, [boards[0], units[0]]);
    orders.a = await insertPreventiveOrder(t.database, p[0], units[0], 'PV-A');
    orders.repairing = await insertPreventiveOrder(t.database, p[0], units[0], 'PV-R', new Date(), 'repairing');
    risks.a = await insertRisk(t.database, { detectId: boards[0], ch: 4, projectId: p[0], equipmentId: units[0], orderId: orders.a });
    risks.flicker = await insertRisk(t.database, { detectId: boards[0], ch: 5, projectId: p[0], kind: 'flicker', reasonKey: 'text.risk.flicker', reasonParams: { perDay: 9, before: 2 }, projectedAt: null, orderId: orders.repairing });
    risks.recovered = await insertRisk(t.database, { detectId: boards[0], ch: 6, projectId: p[0], status: 'recovered' });
    risks.b = await insertRisk(t.database, { detectId: boards[1], ch: 1, projectId: p[1], equipmentId: units[1] });

    // A user whose role holds the risk buttons for project A only.
    const perms = ['fall-risk#list', 'fall-risk#info', 'fall-risk#dismiss'];
    const menus = await t.database.query<{ id: number }>('SELECT id FROM sys_menu WHERE perms = ANY($1::text[])', [perms]);
    expect(menus).toHaveLength(perms.length);
    const role = await t.call('POST', '/api/sys/role/save', { token: admin, body: { code: 'risk_a', name: 'Risk A engineers', menuIdList: menus.map((m) => m.id), dataScope: 'projects', projectIdList: [p[0]] } });
    expect(role.status).toBe(200);
    const [u] = await t.database.db.insert(sysUser).values({ username: 'risk_a', passwordHash: await hashPassword('risk-a-pw') }).returning({ id: sysUser.id });
    await t.database.db.insert(sysUserRole).values({ userId: u.id, roleId: role.body.data.id });
    scoped = await t.tokenFor('risk_a');
    noPerm = (await t.userWith(['fall-risk#list'])).token;
  });
  afterAll(() => t.close());

  const list = (token: string, body: Record<string, unknown> = {}, lang = 'en') => t.call('POST', '/api/ball/fallrisk/list', { token, lang, body: { page: 1, limit: 50, ...body } });

  it('lists the findings of the caller\'s projects, open first, with the reason in the reader\'s language', async () => {
    const all = await list(admin);
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(4);
    const mine = await list(scoped);
    expect(mine.body.data.total).toBe(3);
    expect(mine.body.data.list.map((r: { id: number }) => r.id)).not.toContain(risks.b);
    expect(mine.body.data.list.at(-1).id).toBe(risks.recovered);
    const a = mine.body.data.list.find((r: { id: number }) => r.id === risks.a);
    expect(a).toMatchObject({ kind: 'drift', status: 'open', ch: 4, equipmentName: 'Pump of Risk A', orderId: orders.a, orderNumber: 'PV-A', orderStatus: 'submitted', projectNameEn: 'Risk A en' });
    expect(a.reason).toBe('Board 1 CH4 pump current: +18 % of its range over 7 days; projected to leave its range in ~3 days');
    const cn = await list(scoped, { status: 'open', kind: 'drift' }, 'zh-CN');
    expect(cn.body.data.total).toBe(1);
    expect(cn.body.data.list[0].reason).toBe('Board 1 CH4 水泵电流：7 天内变化 +18%（占量程），预计约 3 天后超出正常范围');
    // A filter narrows within the scope, never past it.
    expect((await list(scoped, { projectId: p[1] })).body.data.total).toBe(0);
    expect((await list(admin, { projectId: p[1] })).body.data.total).toBe(1);
  });

  it('refuses a bad filter with a message, and a finding of another project with 403', async () => {
    const bad = await list(admin, { status: 'gone' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Invalid value');
    expect((await t.call('GET', '/api/ball/fallrisk/info/abc', { token: admin })).status).toBe(400);
    const out = await t.call('GET', `/api/ball/fallrisk/info/${risks.b}`, { token: scoped });
    expect(out.status).toBe(403);
    expect(out.body.msg).toBe('Your roles do not cover this project');
    expect((await t.call('GET', `/api/ball/fallrisk/trend/${risks.b}`, { token: scoped })).status).toBe(403);
    expect((await t.call('POST', '/api/ball/fallrisk/dismiss', { token: scoped, body: { id: risks.b } })).status).toBe(403);
    expect((await t.call('GET', '/api/ball/fallrisk/info/999999', { token: admin })).status).toBe(404);
  });

  it('opens one finding with its channel trend and its order\'s link back', async () => {
    const info = await t.call('GET', `/api/ball/fallrisk/info/${risks.a}`, { token: scoped });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ id: risks.a, trendPath: `/ball/fallrisk/trend/${risks.a}`, widen: 1 });
    const trend = await t.call('GET', `/api/ball/fallrisk/trend/${risks.a}?range=24h`, { token: scoped });
    expect(trend.status).toBe(200);
    expect(trend.body.data).toMatchObject({ boardId: boards[0], ch: 4, range: '24h' });
    const week = await t.call('GET', `/api/ball/fallrisk/trend/${risks.a}`, { token: scoped });
    expect(week.body.data.range).toBe('7d');
    const byOrder = await t.call('GET', `/api/ball/fallrisk/byOrder/${orders.a}`, { token: scoped });
    expect(byOrder.body.data.id).toBe(risks.a);
    const none = await t.call('GET', `/api/ball/fallrisk/byOrder/${orders.repairing + 1000}`, { token: scoped });
    expect(none.body.data).toBeNull();
  });

  it('dismisses: status, who and when, its waiting order closed, the channel widened, the operation logged', async () => {
    expect((await t.call('POST', '/api/ball/fallrisk/dismiss', { token: noPerm, body: { id: risks.a } })).status).toBe(403);
    const res = await t.call('POST', '/api/ball/fallrisk/dismiss', { token: scoped, body: { id: risks.a } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: risks.a, status: 'dismissed', dismissedBy: 'risk_a', widen: RISK_DISMISS_WIDEN, closedOrderId: orders.a });
    const [row] = await t.database.query<{ status: string; dismissed_by: string; dismissed_at: Date | null; closed_at: Date | null }>('SELECT status, dismissed_by, dismissed_at, closed_at FROM fall_channel_risk WHERE id = $1', [risks.a]);
    expect(row).toMatchObject({ status: 'dismissed', dismissed_by: 'risk_a' });
    expect(row.dismissed_at).not.toBeNull();
    expect(row.closed_at).not.toBeNull();
    const [order] = await t.database.query<{ status: string; closed_at: Date | null }>('SELECT status, closed_at FROM fall_order WHERE id = $1', [orders.a]);
    expect(order.status).toBe('closed');
    expect(order.closed_at).not.toBeNull();
    const [baseline] = await t.database.query<{ widen: number; dismissed_by: string }>('SELECT widen, dismissed_by FROM fall_channel_baseline WHERE detect_id = $1 AND ch = 4', [boards[0]]);
    expect(Number(baseline.widen)).toBe(RISK_DISMISS_WIDEN);
    expect(baseline.dismissed_by).toBe('risk_a');
    // The operation log is written once the answer has gone (an onResponse hook): wait for it.
    const logs = await until(async () => {
      const rows = await t.database.query<{ username: string; action: string; menu_code: string; success: boolean }>(
        `SELECT username, action, menu_code, success FROM sys_log WHERE path = '/api/ball/fallrisk/dismiss' AND success ORDER BY id`,
      );
      return rows.length > 0 && rows;
    }, 5_000, 'the dismissal in the operation log');
    expect(logs).toEqual([{ username: 'risk_a', action: 'dismiss', menu_code: 'fall-risk', success: true }]);
    // Twice: the finding is no longer open, said in the caller's language; nothing changes.
    const again = await t.call('POST', '/api/ball/fallrisk/dismiss', { token: scoped, lang: 'zh-CN', body: { id: risks.a } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('该风险已不在待处理状态');
  });

  it('leaves an order already being repaired alone, and widens the same channel again on a second dismissal', async () => {
    const res = await t.call('POST', '/api/ball/fallrisk/dismiss', { token: admin, body: { id: risks.flicker } });
    expect(res.body.data.closedOrderId).toBeNull();
    const [order] = await t.database.query<{ status: string }>('SELECT status FROM fall_order WHERE id = $1', [orders.repairing]);
    expect(order.status).toBe('repairing');
    // The detector flags channel 4 again; dismissed again, its tolerance is multiplied once more.
    const next = await insertRisk(t.database, { detectId: boards[0], ch: 4, projectId: p[0] });
    const second = await t.call('POST', '/api/ball/fallrisk/dismiss', { token: admin, body: { id: next } });
    expect(second.body.data.widen).toBeCloseTo(RISK_DISMISS_WIDEN * RISK_DISMISS_WIDEN);
    // History stays: both dismissed findings of channel 4 are still listed.
    const ch4 = (await list(admin, { status: 'dismissed' })).body.data.list.filter((r: { ch: number; detectId: number }) => r.ch === 4 && r.detectId === boards[0]);
    expect(ch4).toHaveLength(2);
  });
});

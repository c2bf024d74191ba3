import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { renderText } from '@shared/server-text';
import { seedBoards } from '../detect/board-fixtures';
import { getJobHandler } from '../../../jobs/registry';
import '../../../jobs/builtin';
import type { ChannelProfile } from './degradation';
import { writeHistory } from './history';
import { scanChannels } from './predict.service';

/**
 * The preventive order lifecycle on a board's simulated history (both engines, vitest.pg.config.ts):
 * drifting channels open a risk and a preventive order (one per unit), a healthy channel with glitches
 * and a widened baseline do not; then the fault comes first on one (faulted, order kept), the trend
 * recovers on another (recovered, order closed by itself), and a completed order resolves its risk.
 */

const DAY_MS = 86_400_000;
const base = (over: Partial<ChannelProfile>): ChannelProfile => ({
  kind: 'healthy',
  key: 1,
  seed: 7,
  lo: 0,
  hi: 100,
  idle: 50,
  show: 50,
  showFrom: 0,
  showTo: 0,
  noise: 1,
  onsetHour: Infinity,
  faultHour: Infinity,
  dir: 1,
  ...over,
});
const day = (d: number) => d * 24;

interface Risk {
  ch: number;
  status: string;
  kind: string;
  orderId: number | null;
  reasonKey: string;
  projectedAt: Date | null;
}

describe('preventive orders from channel trends', () => {
  let t: TestApp;
  let boardId: number;
  let unit: number;
  const start = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 17 * DAY_MS);
  const at = (d: number, minutes = 7) => new Date(start.getTime() + d * DAY_MS + minutes * 60_000);
  // ch1 and ch2 drive one unit; ch4 has no unit; ch5 and ch6 share the same mild trend, ch6 widened.
  const profiles: Record<number, ChannelProfile> = {
    1: base({ key: 1, kind: 'drift', onsetHour: day(2), faultHour: day(15) + 12 }),
    2: base({ key: 2, kind: 'drift', onsetHour: day(2), faultHour: day(20) }),
    3: base({ key: 3 }),
    4: base({ key: 4, kind: 'drift', onsetHour: day(2), faultHour: day(20) }),
    5: base({ key: 5, kind: 'drift', onsetHour: 0, faultHour: day(20) }),
    6: base({ key: 5, kind: 'drift', onsetHour: 0, faultHour: day(20) }),
  };
  const risks = async () =>
    t.database.query<Risk>(
      `SELECT ch, status, kind, order_id AS "orderId", reason_key AS "reasonKey", projected_at AS "projectedAt" FROM fall_channel_risk WHERE detect_id = $1 ORDER BY ch, id`,
      [boardId],
    );
  const order = async (id: number) =>
    (await t.database.query<{ status: string; source: string; name: string; description: string; equipmentId: number | null }>(
      `SELECT status, source, name, description, equipment_id AS "equipmentId" FROM fall_order WHERE id = $1`,
      [id],
    ))[0];
  /** The kept per-status counts agree with the rows (the repository's insert and the triggers). */
  const countsAgree = async () => {
    const rows = await t.database.query<{ kept: number; real: number }>(
      `SELECT (SELECT coalesce(sum(n), 0)::int FROM fall_order_count) AS kept, (SELECT count(*)::int FROM fall_order) AS real`,
    );
    expect(rows[0].kept).toBe(rows[0].real);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const projectId = await seedProject(t, { name: 'Predict park', dailyShowTime: '' });
    unit = await seedEquipment(t, projectId, 'Main pump');
    [{ id: boardId }] = await seedBoards(t.database, projectId, 1, { prefix: 'PRD' });
    await t.database.query(`UPDATE fall_detect SET online = true, last_seen = now() WHERE id = $1`, [boardId]);
    await t.database.query(`UPDATE fall_detect_channel SET equipment_id = $2, label = 'pump current' WHERE detect_id = $1 AND ch IN (1, 2)`, [boardId, unit]);
    await t.database.query(`INSERT INTO fall_channel_baseline (detect_id, ch, widen, dismissed_by) VALUES ($1, 6, 3, 'admin')`, [boardId]);
    await writeHistory(
      t.database,
      Object.entries(profiles).map(([ch, profile]) => ({ detectId: boardId, ch: Number(ch), profile })),
      { start, hours: 16 * 24 },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('opens a risk on each drifting channel, one preventive order per unit, none on the healthy or widened channel', async () => {
    const result = await scanChannels(t.database, at(14));
    expect(result).toMatchObject({ summarised: 14, opened: 4, orders: 3, recovered: 0, faulted: 0, resolved: 0 });
    const rows = await risks();
    expect(rows.map((r) => [r.ch, r.status, r.kind])).toEqual([
      [1, 'open', 'drift'],
      [2, 'open', 'drift'],
      [4, 'open', 'drift'],
      [5, 'open', 'drift'],
    ]);
    const [r1, r2, r4, r5] = rows;
    // One unit, one order; the channel without a unit has its own.
    expect(r1.orderId).toBe(r2.orderId);
    expect(r4.orderId).not.toBe(r1.orderId);
    expect(r5.orderId).not.toBe(r4.orderId);
    expect(r1.projectedAt!.getTime()).toBeGreaterThan(at(14).getTime());
    const o = await order(r1.orderId!);
    expect(o).toMatchObject({ status: 'submitted', source: 'preventive', equipmentId: unit });
    expect(renderText(o.name, 'en')).toMatch(/^Board 1 CH1 pump current: \+\d+ % of its range over \d+ days; projected to leave its range in ~[\d.]+ days$/);
    expect(renderText(o.name, 'cn')).toMatch(/CH1 pump current：\d+ 天内变化 \+\d+%/);
    // Searched by what the list shows, in either language (name_shown, migration 0040).
    const [{ shown }] = await t.database.query<{ shown: string }>(`SELECT name_shown AS shown FROM fall_order WHERE id = $1`, [r1.orderId]);
    expect(shown).toBe(`${renderText(o.name, 'cn')}\n${renderText(o.name, 'en')}`.toLowerCase());
    const admin = await t.tokenFor('admin');
    for (const keyword of ['Board 1 CH1 pump current: +', renderText(o.name, 'cn').slice(0, 20)]) {
      const found = await t.call('POST', '/api/ball/fallorder/list', { token: admin, body: { page: 1, limit: 10, keyword } });
      expect(found.body.data.list.map((r: { id: number }) => r.id), keyword).toEqual([r1.orderId]);
    }
    const [{ state }] = await t.database.query<{ state: string }>(`SELECT state FROM fall_eq_info WHERE id = $1`, [unit]);
    expect(state).toBe('maintenance');
    await countsAgree();
    const [log] = await t.database.query<{ params: { opened: number } }>(`SELECT params FROM sys_log WHERE action = 'predict' ORDER BY id DESC LIMIT 1`);
    expect(log.params.opened).toBe(4);
  });

  it('a second run the same day changes nothing', async () => {
    const result = await scanChannels(t.database, at(14, 67));
    expect(result).toMatchObject({ summarised: 0, opened: 0, orders: 0, recovered: 0, faulted: 0 });
  });

  it('the fault first: faulted, its order kept; a recovered trend: recovered, its order closed by itself', async () => {
    // ch4's readings turn out flat (e.g. a sensor fixed on site): its days read healthy again.
    await writeHistory(t.database, [{ detectId: boardId, ch: 4, profile: base({ key: 4 }) }], { start, hours: 16 * 24 });
    await t.database.query(`DELETE FROM fall_channel_day`);
    const result = await scanChannels(t.database, at(16));
    expect(result).toMatchObject({ faulted: 1, recovered: 1, opened: 1 });
    const rows = await risks();
    // The widened channel tolerated its mild trend until it came within the narrowed horizon of its limit.
    expect(rows.filter((r) => r.status === 'open').map((r) => r.ch)).toEqual([2, 5, 6]);
    const byCh = new Map(rows.map((r) => [r.ch, r]));
    expect(byCh.get(1)!.status).toBe('faulted');
    expect(byCh.get(2)!.status).toBe('open');
    expect(byCh.get(4)!.status).toBe('recovered');
    // The unit's order stays for the repair (ch2 still holds it too).
    expect((await order(byCh.get(1)!.orderId!)).status).toBe('submitted');
    const closed = await order(byCh.get(4)!.orderId!);
    expect(closed.status).toBe('closed');
    expect(renderText(closed.description, 'en')).toMatch(/^The trend recovered; this preventive order closed itself\. It was opened for: Board 1 CH4/);
    await countsAgree();
  });

  it('a completed order resolves its open risk; the job runs the same code', async () => {
    const [r2] = (await risks()).filter((r) => r.ch === 2);
    await t.database.query(`UPDATE fall_order SET status = 'completed', completed_at = $2 WHERE id = $1`, [r2.orderId, at(16, 30)]);
    const handler = getJobHandler('predict.scan')!;
    expect(handler).toBeDefined();
    // The job moves findings outside any request: it tells the walls and lists itself.
    const published = vi.spyOn(t.app.live, 'publish');
    const result = (await handler.run({ app: t.app, log: t.app.log, holder: 'manual' }, {})) as Awaited<ReturnType<typeof scanChannels>>;
    expect(result.resolved).toBe(1);
    expect((await risks()).find((r) => r.ch === 2)!.status).toBe('resolved');
    expect(published.mock.calls.map(([e]) => e.topic)).toEqual(['risk', 'order', 'equipment']);
    // The repaired unit starts afresh: the days before its repair open nothing again; nothing moved, nothing published.
    published.mockClear();
    expect(await handler.run({ app: t.app, log: t.app.log, holder: 'manual' }, {})).toMatchObject({ opened: 0, orders: 0, recovered: 0, faulted: 0, resolved: 0 });
    expect(published).not.toHaveBeenCalled();
    published.mockRestore();
    // At most one open finding per channel, whatever ran.
    const [{ n }] = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM fall_channel_risk WHERE status = 'open' GROUP BY detect_id, ch ORDER BY n DESC LIMIT 1`);
    expect(n).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceGroup } from '@shared/contracts/stats';
import type { ProjectWall } from '@shared/contracts/wall';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { seedBoards } from '../operations/detect/board-fixtures';
import { insertRisk } from '../operations/risks/risk-fixtures';

/**
 * Units at risk on the walls (issue 30, docs/predictive.md): the overview's at-risk KPI (groupDevice)
 * and each project wall's count, flags on units and channel tiles, recomputed here from the rows and
 * against the at-risk list. A unit at risk is counted equipment with an open finding that is not broken.
 */
describe('units at risk on the walls', () => {
  let t: TestApp;
  let admin: string;
  const p: number[] = [];
  const units: number[][] = [[], []];
  const boards: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    const one = async (sql: string, params: unknown[]) => Number((await t.database.query<{ id: number }>(sql, params))[0].id);
    const pump = await one(`INSERT INTO fall_device(name, category) VALUES ('Risk pump', 'pump') RETURNING id`, []);
    const light = await one(`INSERT INTO fall_device(name, category) VALUES ('Risk light', 'light') RETURNING id`, []);
    for (const [i, name] of ['Wall risk A', 'Wall risk B'].entries()) {
      p.push(await seedProject(t, { name }));
      for (let k = 0; k < 4; k++) units[i].push(await one(`INSERT INTO fall_eq_info(name, project_id, device_id) VALUES ($1, $2, $3) RETURNING id`, [`U${i}${k}`, p[i], k % 2 ? light : pump]));
      boards.push((await seedBoards(t.database, p[i], 1, { prefix: `W${i}-` }))[0].id);
    }
    // Project A: two units at risk (one with two findings on two channels), one broken unit at risk
    // (red, not counted amber), one closed finding; project B: one unit at risk, one archived unit at risk.
    await insertRisk(t.database, { detectId: boards[0], ch: 1, projectId: p[0], equipmentId: units[0][0] });
    await insertRisk(t.database, { detectId: boards[0], ch: 2, projectId: p[0], equipmentId: units[0][0], kind: 'step', reasonKey: 'text.risk.step', reasonParams: { pct: 30, days: 3 }, projectedAt: null });
    await insertRisk(t.database, { detectId: boards[0], ch: 3, projectId: p[0], equipmentId: units[0][1] });
    await insertRisk(t.database, { detectId: boards[0], ch: 4, projectId: p[0], equipmentId: units[0][2] });
    await t.database.query(`UPDATE fall_eq_info SET state = 'broken' WHERE id = $1`, [units[0][2]]);
    await insertRisk(t.database, { detectId: boards[0], ch: 5, projectId: p[0], equipmentId: units[0][3], status: 'dismissed' });
    await insertRisk(t.database, { detectId: boards[1], ch: 1, projectId: p[1], equipmentId: units[1][1] });
    await insertRisk(t.database, { detectId: boards[1], ch: 2, projectId: p[1], equipmentId: units[1][3] });
    await t.database.query(`UPDATE fall_eq_info SET archived_at = now() WHERE id = $1`, [units[1][3]]);
  });
  afterAll(() => t.close());

  /** The rule, from the rows: counted units (not archived) with an open finding, not broken. */
  const fromRows = async (projectId?: number) =>
    (
      await t.database.query<{ id: number }>(
        `SELECT e.id FROM fall_eq_info e WHERE e.archived_at IS NULL AND e.state <> 'broken' ${projectId ? 'AND e.project_id = $1' : ''}
            AND EXISTS (SELECT 1 FROM fall_channel_risk r WHERE r.equipment_id = e.id AND r.status = 'open') ORDER BY e.id`,
        projectId ? [projectId] : [],
      )
    ).map((r) => Number(r.id));

  it('each project wall counts its units at risk as the rows and the at-risk list say, and flags them', async () => {
    for (const [i, projectId] of p.entries()) {
      const wall = (await t.call('GET', `/api/wall/project/${projectId}`, { token: admin })).body.data as ProjectWall;
      const expected = await fromRows(projectId);
      expect(wall.kpis.atRisk).toBe(expected.length);
      expect(wall.equipment.filter((e) => e.atRisk && e.state !== 'broken').map((e) => e.id).sort((a, b) => a - b)).toEqual(expected);
      // The at-risk list, open findings of the project, names the same units (less the broken and archived ones).
      const list = await t.call('POST', '/api/ball/fallrisk/list', { token: admin, body: { page: 1, limit: 100, projectId, status: 'open' } });
      const listed = new Set((list.body.data.list as { equipmentId: number | null }[]).map((r) => r.equipmentId));
      const states = new Map(wall.equipment.map((e) => [e.id, e.state]));
      expect([...listed].filter((id): id is number => id !== null && states.has(id) && states.get(id) !== 'broken').sort((a, b) => a - b)).toEqual(expected);
      // The channel tiles: each open finding's channel, and no other.
      const open = await t.database.query<{ ch: number }>(`SELECT ch FROM fall_channel_risk WHERE detect_id = $1 AND status = 'open' ORDER BY ch`, [boards[i]]);
      const board = wall.boards.find((b) => b.id === boards[i])!;
      expect(board.channels.filter((c) => c.atRisk).map((c) => c.ch)).toEqual(open.map((r) => Number(r.ch)));
    }
    expect((await fromRows(p[0])).length).toBe(2);
    expect((await fromRows(p[1])).length).toBe(1);
  });

  it('the overview counts every project\'s units at risk by category, and a project\'s alone', async () => {
    const all = (await t.call('GET', '/api/ball/fallproject/groupDevice', { token: admin })).body.data as DeviceGroup[];
    expect(all.reduce((n, g) => n + g.atRisk, 0)).toBe((await fromRows()).length);
    const a = (await t.call('GET', `/api/ball/fallproject/groupDevice?projectId=${p[0]}`, { token: admin })).body.data as DeviceGroup[];
    // Project A: the pump U00 and the light U01.
    expect(Object.fromEntries(a.filter((g) => g.atRisk).map((g) => [g.category, g.atRisk]))).toEqual({ pump: 1, light: 1 });
    const b = (await t.call('GET', `/api/ball/fallproject/groupDevice?projectId=${p[1]}`, { token: admin })).body.data as DeviceGroup[];
    expect(Object.fromEntries(b.filter((g) => g.atRisk).map((g) => [g.category, g.atRisk]))).toEqual({ light: 1 });
    // A unit at risk is still counted in its state: at-risk never exceeds the units that are not broken.
    for (const g of all) expect(g.atRisk).toBeLessThanOrEqual(g.total - g.broken);
  });
});

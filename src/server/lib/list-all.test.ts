import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_ALL_MAX_ROWS } from '@shared/constants';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';

/** Every listAll answers at most LIST_ALL_MAX_ROWS rows (docs/api.md) and says when it cut the match. */
describe('listAll: the documented cap, and a cut answer that says so', () => {
  let t: TestApp;
  let admin: string;
  let projectId: number;
  const OVER = 3;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    projectId = await seedProject(t, { name: 'Many orders' });
    await t.database.query(
      `INSERT INTO fall_order (number, name, project_id, submitted_at)
       SELECT 'WO-20260101-' || lpad(i::text, 5, '0'), 'Bulk order ' || i, $1, timestamptz '2026-01-01' + make_interval(mins => i)
         FROM generate_series(1, $2::int) i`,
      [projectId, LIST_ALL_MAX_ROWS + OVER],
    );
    await t.database.query(
      `INSERT INTO fall_eq_info (name, project_id) SELECT 'Bulk unit ' || i, $1 FROM generate_series(1, $2::int) i`,
      [projectId, LIST_ALL_MAX_ROWS + OVER],
    );
  });
  afterAll(() => t.close());

  const post = (url: string, body: unknown) => t.call('POST', url, { token: admin, body });

  it('gives the orders up to the documented 5,000, not 1,000, and says the rest were left out', async () => {
    for (const body of [{ projectId }, { projectId, title: 1 }]) {
      const res = await post('/api/ball/fallorder/listAll', body);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(LIST_ALL_MAX_ROWS);
      expect(res.body).toMatchObject({ code: 0, truncated: true, total: LIST_ALL_MAX_ROWS + OVER });
    }
    const narrow = await post('/api/ball/fallorder/listAll', { projectId, keyword: 'Bulk order 4999' });
    expect(narrow.body).toMatchObject({ truncated: false, total: narrow.body.data.length });
    expect(narrow.body.data.length).toBeGreaterThan(0);
  });

  it('cuts and says so on the resources of the route factory too', async () => {
    const res = await post('/api/ball/falleqinfo/listAll', { projectId });
    expect(res.body.data).toHaveLength(LIST_ALL_MAX_ROWS);
    expect(res.body).toMatchObject({ truncated: true, total: LIST_ALL_MAX_ROWS + OVER });
  });

  it('says a whole answer is whole on every other listAll', async () => {
    const whole = [
      await post('/api/ball/fallreport/listAll', {}),
      await post('/api/sys/sysdictionary/type/listAll', {}),
      await t.call('GET', '/api/sys/menu/listAll', { token: admin }),
      await t.call('GET', '/api/sys/xmlx/listAll', { token: admin }),
      await post('/api/ball/falldevice/listAll', {}),
    ];
    for (const res of whole) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ truncated: false, total: res.body.data.length });
    }
  });
});

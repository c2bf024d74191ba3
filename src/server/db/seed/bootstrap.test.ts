import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { bootstrapData } from './bootstrap';

describe('start-up repair after a killed bulk load', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('switches the statistics triggers back on and recomputes the rollup', async () => {
    const [{ id: projectId }] = await t.database.query<{ id: number }>(`INSERT INTO fall_project(name, unique_key) VALUES ('Killed load', 'killed-load') RETURNING id`);
    // As seed:large leaves it when killed mid-load: triggers off, orders written without the rollup.
    await t.database.exec('ALTER TABLE fall_order DISABLE TRIGGER stats_order_ins');
    await t.database.query(
      `INSERT INTO fall_order(number, name, project_id, priority, submitted_at, completed_at, status, report_count)
       VALUES ('K-1', 'k', $1, 'normal', '2024-05-01T08:00:00Z', '2024-05-01T12:00:00Z', 'completed', 1)`,
      [projectId],
    );
    const facts = () => t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM stats_order_fact f JOIN fall_order o ON o.id = f.order_id WHERE o.number = 'K-1'`);
    expect((await facts())[0].n).toBe(0);

    expect(await bootstrapData(t.database, t.config)).toBe('present');

    const [{ off }] = await t.database.query<{ off: number }>(
      `SELECT count(*)::int AS off FROM pg_trigger WHERE tgrelid = 'fall_order'::regclass AND tgname LIKE 'stats_order_%' AND tgenabled = 'D'`,
    );
    expect(off).toBe(0);
    expect((await facts())[0].n).toBe(1);
  });
});

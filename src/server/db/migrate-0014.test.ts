import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from './client';
import { migrate } from './migrate';
import { StatsRepository } from '../modules/stats/stats.repository';

// Migration 0014 finds the stored orders and reports that break a time rule (docs/invariants.md),
// flags them and takes the flagged orders out of the statistics, rollup included, consistently with
// stats_rebuild(). The rows are loaded into a database migrated up to 0013, as an old install has them.

const HOUR = 3_600_000;
const at = (base: string, hours: number) => new Date(Date.parse(base) + hours * HOUR).toISOString();

describe('migration 0014: stored rows that break a time rule', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const name = `cascade_m14_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const u = new URL(url);
      u.pathname = `/${name}`;
      database = await openPostgres(u.toString(), 2);
      drop = async () => {
        await database.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      };
    } else {
      database = await openPglite();
      drop = () => database.close();
    }
    await migrate(database, { before: '0014' });

    const [p] = await database.query<{ id: number }>(`INSERT INTO fall_project(name, unique_key, status) VALUES ('Old', 'old-1', 'A') RETURNING id`);
    const order = async (n: string, submitted: string, completed: string | null, status = completed ? 'completed' : 'repairing') => {
      const [o] = await database.query<{ id: number }>(
        `INSERT INTO fall_order(number, name, project_id, priority, submitted_at, completed_at, closed_at, status, report_count)
         VALUES ($1, $1, $2, 'normal', $3, $4, $5, $6, 1) RETURNING id`,
        [n, p.id, submitted, completed, status === 'closed' ? completed : null, status],
      );
      ids[n] = o.id;
    };
    const report = async (n: string, order: string, repair: string, completed: string | null, hours: number, created?: string) => {
      const [r] = await database.query<{ id: number }>(
        `INSERT INTO fall_report(order_id, repairer, repair_at, completed_at, duration_hours, result, created_at)
         VALUES ($1, 'x', $2, $3, $4, 'fixed', coalesce($5::timestamptz, now())) RETURNING id`,
        [ids[order], repair, completed, hours, created ?? null],
      );
      ids[n] = r.id;
    };
    const day = '2024-03-05T10:00:00Z';
    // The seen case: completed 107.68 h before it was submitted, and its report likewise.
    await order('NEG', day, at(day, -107.68));
    await report('R-NEG', 'NEG', at(day, -110), at(day, -107.68), 2);
    // Good orders on the same day: 2 h and 6 h.
    await order('OK1', day, at(day, 2));
    await report('R-OK1', 'OK1', at(day, 1), at(day, 2), 1);
    await order('OK2', day, at(day, 6));
    await report('R-OK2', 'OK2', at(day, 5), at(day, 6), 1);
    // Completed in the future; submitted in the future.
    await order('FUT', day, at(new Date().toISOString(), 48));
    await order('SUBFUT', at(new Date().toISOString(), 48), null, 'submitted');
    // Reports that break a rule of their own on a good order.
    await order('OK3', day, at(day, 10));
    await report('R-BACK', 'OK3', at(day, 5), at(day, 4), 0);
    await report('R-NEGDUR', 'OK3', at(day, 5), at(day, 6), -3);
    await report('R-LONG', 'OK3', at(day, 5), at(day, 6), 4);
    await order('CLOSED', day, at(day, 3), 'closed');
    await report('R-LATE', 'CLOSED', at(day, 1), at(day, 2), 1, at(day, 50));

    await migrate(database);
  }, 120_000);
  afterAll(async () => drop?.());

  it('flags each bad row with the rule it breaks, and only those', async () => {
    const orders = await database.query<{ number: string; data_issue: string | null }>('SELECT number, data_issue FROM fall_order ORDER BY number');
    expect(Object.fromEntries(orders.map((o) => [o.number, o.data_issue]))).toEqual({
      NEG: 'v.completedBeforeSubmission', OK1: null, OK2: null, FUT: 'v.completedInFuture', SUBFUT: 'v.submittedInFuture', OK3: null, CLOSED: null,
    });
    const reports = await database.query<{ id: number; data_issue: string | null }>('SELECT id, data_issue FROM fall_report');
    const byName = Object.fromEntries(Object.entries(ids).filter(([n]) => n.startsWith('R-')).map(([n, id]) => [n, reports.find((r) => r.id === id)?.data_issue]));
    expect(byName).toEqual({
      'R-NEG': 'v.repairBeforeSubmission', 'R-OK1': null, 'R-OK2': null, 'R-BACK': 'v.completedBeforeRepair',
      'R-NEGDUR': 'v.durationNegative', 'R-LONG': 'v.durationTooLong', 'R-LATE': 'err.orderClosed',
    });
    // work_time_issues() lists them all (a row may break more than one rule).
    const listed = await database.query<{ kind: string; id: number }>('SELECT DISTINCT kind, id FROM work_time_issues()');
    expect(listed).toHaveLength(3 + 5);
  });

  it('leaves flagged orders out of the statistics: no -107.68 h day any more', async () => {
    const repo = new StatsRepository(database);
    const [point] = await repo.repairSpeed({ from: '2024-03-05', to: '2024-03-05', granularity: 'day' });
    // Submitted counts keep every order submitted that day (FUT and NEG included); completion figures
    // only the good ones completed that day: OK1 2 h, CLOSED 3 h, OK2 6 h, OK3 10 h.
    expect(point).toMatchObject({ period: '2024-03-05', orders: 6, completed: 4, avgHours: 5.25, medianHours: 4.5 });
    const facts = await database.query<{ order_id: number }>('SELECT order_id FROM stats_order_fact ORDER BY order_id');
    expect(facts.map((f) => f.order_id)).toEqual([ids.OK1, ids.OK2, ids.OK3, ids.CLOSED].sort((a, b) => a - b));
    // The one-pass rebuild agrees with what the migration left.
    const before = await database.query('SELECT grain, start::text, submitted, completed, us_sum::text FROM stats_order_period WHERE completed <> 0 OR submitted <> 0 ORDER BY 1, 2');
    await database.query('SELECT stats_rebuild()');
    expect(await database.query('SELECT grain, start::text, submitted, completed, us_sum::text FROM stats_order_period ORDER BY 1, 2')).toEqual(before);
  });

  it('refuses new bad rows once the flags are in place', async () => {
    await expect(database.query(`UPDATE fall_order SET completed_at = submitted_at - interval '1 hour' WHERE id = $1`, [ids.OK1])).rejects.toThrow();
    // A flagged row can still be edited (closed, renamed) without being repaired first.
    await database.query(`UPDATE fall_order SET status = 'closed', closed_at = now() WHERE id = $1`, [ids.NEG]);
  });
});

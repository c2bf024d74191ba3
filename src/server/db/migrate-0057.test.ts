import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from './client';
import { migrate } from './migrate';

// Migration 0057 turns each project's escalation recipients and alarm.notifyMinutes into the
// project's escalation policy (docs/escalation.md "From recipients to policies"): the same people at
// the same minutes, nothing lost. The rows are loaded into a database migrated up to 0056.

describe('migration 0057: recipients become their project\'s policy', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const name = `cascade_m57_${process.pid}_${randomBytes(4).toString('hex')}`;
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
    await migrate(database, { before: '0057' });
    for (const [key, name] of [['told', 'Told'], ['silent', 'Silent']]) {
      const [p] = await database.query<{ id: number }>(`INSERT INTO fall_project(name, unique_key, status) VALUES ($1, $2, 'A') RETURNING id`, [name, `m57-${key}`]);
      ids[key] = p.id;
    }
    await database.query(
      `INSERT INTO fall_escalation_recipient(project_id, level, channel, address, name) VALUES
        ($1, 1, 'email', 'duty@example.com', 'Duty'), ($1, 2, 'webhook', 'https://chat.example.com/hooks/key', 'Chat'), ($1, 3, 'email', 'chief@example.com', 'Chief')`,
      [ids.told],
    );
    // A setting with a typo and the levels out of order: read as the sweep reads it (10, 25, 45).
    await database.query(`INSERT INTO sys_config(key, value, type, remark) VALUES ('alarm.notifyMinutes', '25, x, 10,45, -3', 'string', '') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
    await migrate(database);
  });
  afterAll(async () => drop?.());

  it('gives a project with recipients a policy of the levels of alarm.notifyMinutes, and keeps the recipients', async () => {
    const policies = await database.query<{ project_id: number; steps: { minutes: number; rosterId: number | null }[]; renotify_minutes: number }>(
      'SELECT project_id, steps, renotify_minutes FROM fall_escalation_policy ORDER BY id',
    );
    expect(policies).toEqual([{ project_id: ids.told, steps: [{ minutes: 10, rosterId: null }, { minutes: 15, rosterId: null }, { minutes: 20, rosterId: null }], renotify_minutes: 0 }]);
    const recipients = await database.query<{ level: number; address: string }>('SELECT level, address FROM fall_escalation_recipient WHERE project_id = $1 ORDER BY level', [ids.told]);
    expect(recipients.map((r) => [r.level, r.address])).toEqual([[1, 'duty@example.com'], [2, 'https://chat.example.com/hooks/key'], [3, 'chief@example.com']]);
  });
});

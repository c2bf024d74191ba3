import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { fallProject, fallProjectPassword } from '../../db/schema';
import { LOGIN2_PER_ADDRESS_PER_MINUTE, LOGIN2_PER_PROJECT_PER_MINUTE } from '@shared/constants';

/** Every scrypt the server runs goes through these two: counted, so "no scrypt per guess" is checked, not timed. */
const scrypts = vi.hoisted(() => ({ verify: 0, hash: 0 }));
vi.mock('../../lib/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/password')>();
  return {
    ...real,
    verifyPassword: async (...args: Parameters<typeof real.verifyPassword>) => {
      scrypts.verify += 1;
      return real.verifyPassword(...args);
    },
    hashPassword: async (...args: Parameters<typeof real.hashPassword>) => {
      scrypts.hash += 1;
      return real.hashPassword(...args);
    },
  };
});

/** The front door (docs/decisions.md "Front door"): login2 costs one keyed hash and one index lookup, whatever the project and the guess. */
describe('project password login (login2)', () => {
  let t: TestApp;
  let admin: string;
  let manyId: number;
  let oneId: number;
  let privateId: number;
  let ipCounter = 0;
  const nextIp = () => `10.80.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  const login2 = (projectId: number, password: string, ip = nextIp()) =>
    t.call('POST', '/api/ball/public/login2', { body: { projectId, password }, ip });
  const issue = async (projectId: number) => {
    const res = await t.call('POST', '/api/ball/fallproject/password/issue', { token: admin, body: { projectId, label: 'kiosk' } });
    expect(res.status).toBe(200);
    return res.body.data.password as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    const rows = await t.database.db
      .insert(fallProject)
      .values([
        { name: 'Many', uniqueKey: 'l2-many', isPublic: true },
        { name: 'One', uniqueKey: 'l2-one', isPublic: true },
        { name: 'Hidden', uniqueKey: 'l2-hidden', isPublic: true },
      ])
      .returning({ id: fallProject.id });
    [manyId, oneId, privateId] = rows.map((r) => r.id);
  });
  afterAll(() => t.close());

  it('checks a guess against 20 live passwords without a single scrypt, and lets the right one in', async () => {
    const passwords: string[] = [];
    for (let i = 0; i < 20; i += 1) passwords.push(await issue(manyId));
    await issue(oneId);
    const hiddenPassword = await issue(privateId);
    await t.database.query(`UPDATE fall_project SET is_public = false WHERE id = $1`, [privateId]);

    scrypts.verify = 0;
    scrypts.hash = 0;
    const answers = [
      await login2(manyId, 'wrong-guess'),
      await login2(oneId, 'wrong-guess'),
      await login2(987654, 'wrong-guess'),
      await login2(privateId, hiddenPassword),
      await login2(privateId, 'wrong-guess'),
    ];
    // Unknown project, project that is not public, wrong password: one answer.
    for (const a of answers) {
      expect(a.status).toBe(400);
      expect(a.body).toEqual(answers[0].body);
    }
    expect(answers[0].body.data.fields.password).toBe('The access password is wrong or no longer valid');
    // The oldest and the newest of the 20 open alike (the old code tried only the newest 20, with scrypt each).
    expect((await login2(manyId, passwords[0])).status).toBe(200);
    expect((await login2(manyId, passwords[19])).status).toBe(200);
    // A password of one project opens no other.
    expect((await login2(oneId, passwords[0])).status).toBe(400);
    expect(scrypts).toEqual({ verify: 0, hash: 0 });
  });

  it('takes about as long for a project with 20 passwords as for an unknown one', async () => {
    const time = async (projectId: number) => {
      const started = performance.now();
      for (let i = 0; i < 5; i += 1) await login2(projectId, `timing-${i}`);
      return (performance.now() - started) / 5;
    };
    await time(oneId); // warm-up
    const many = await time(manyId);
    const unknown = await time(424242);
    // 20 scrypts would be ~1 s; the lookup is a few milliseconds either way (generous bound for a busy machine).
    expect(many).toBeLessThan(250);
    expect(many).toBeLessThan(unknown * 4 + 50);
  });

  it('stores a keyed lookup for every issued password; rows from before it are listed for reissue and open nothing', async () => {
    const rows = await t.database.query<{ lookup_hash: string | null }>(`SELECT lookup_hash FROM fall_project_password WHERE project_id = $1`, [manyId]);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.lookup_hash ?? ''))).toBe(true);
    const [legacy] = await t.database.db
      .insert(fallProjectPassword)
      .values({ projectId: oneId, label: 'before 0012', passwordHash: 'scrypt$16384$8$1$AAAA$BBBB' })
      .returning({ id: fallProjectPassword.id });
    const list = await t.call('GET', `/api/ball/fallproject/password/list?projectId=${oneId}`, { token: admin });
    const row = list.body.data.find((r: { id: number }) => r.id === legacy.id);
    expect(row.state).toBe('legacy');
    expect(row).not.toHaveProperty('lookupHash');
    expect(JSON.stringify(list.body)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('limits wrong tries per project and address: strangers spraying a project do not lock its real visitors out', async () => {
    const [fresh] = await t.database.db.insert(fallProject).values({ name: 'Sprayed', uniqueKey: 'l2-spray', isPublic: true }).returning({ id: fallProject.id });
    const password = await issue(fresh.id);
    // 30 wrong tries from 3 addresses, 10 each (the bug report's attack).
    const strangers = ['10.82.0.1', '10.82.0.2', '10.82.0.3'];
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN2_PER_PROJECT_PER_MINUTE; i += 1) statuses.push((await login2(fresh.id, `spray-${i}`, strangers[i % 3])).status);
    expect(statuses.every((s) => s === 400)).toBe(true);
    // The strangers wait now, in both languages …
    expect((await login2(fresh.id, password, '10.82.0.1')).status).toBe(429);
    // … the project's real visitor from their own address goes in with the right password …
    const visitor = await login2(fresh.id, password, '10.82.1.1');
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.projectId).toBe(fresh.id);
    // … and a new address gets one guess, then waits too.
    expect((await login2(fresh.id, 'wrong', '10.82.2.1')).status).toBe(400);
    expect((await login2(fresh.id, password, '10.82.2.1')).status).toBe(429);
    // another project is not affected
    expect((await login2(manyId, 'spray')).status).toBe(400);
    // an unknown project is counted the same way, so the limit does not tell it apart
    const unknown: number[] = [];
    for (let i = 0; i < LOGIN2_PER_PROJECT_PER_MINUTE + 1; i += 1) unknown.push((await login2(777777, `x-${i}`, strangers[i % 3])).status);
    expect(unknown.at(-1)).toBe(429);
    // one address: LOGIN2_PER_ADDRESS_PER_MINUTE tries, whatever the project
    const one: number[] = [];
    for (let i = 0; i < LOGIN2_PER_ADDRESS_PER_MINUTE + 1; i += 1) one.push((await login2(manyId + i, 'x', '10.81.0.1')).status);
    expect(one.at(-2)).toBe(400);
    expect(one.at(-1)).toBe(429);
  });
});

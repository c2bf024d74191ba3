import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { fallProject, fallWarning, fallWarningNotice, sysLog, sysUser } from '../../../db/schema';
import { serverText } from '@shared/server-text';
import { localDate } from '@shared/local-time';
import { onCallAt } from '@shared/oncall';
import { defaultPolicy, notifyEscalations, stepTimes } from './notify.service';

const HOOK_KEY = 'oncall-hook-key-77ab';
const MIN = 60_000;
const WHOLE_WEEK = [{ days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '00:00' }];

interface Mail { to: string[]; raw: string }
interface Hook { path: string; body: Record<string, unknown> }

describe('who is on call (a roster in the project time zone)', () => {
  const day = { days: [1, 2, 3, 4, 5] as const, start: '08:00', end: '20:00' };
  const night = { days: [1, 2, 3, 4, 5, 6, 7] as const, start: '20:00', end: '08:00' };
  const people = [
    { userId: 1, slots: [{ ...day, days: [...day.days] }] },
    { userId: 2, slots: [{ ...night, days: [...night.days] }] },
  ];
  it('takes the weekly hours in the local time of the zone, through a daylight-saving change', () => {
    // Berlin, Monday 2025-03-31 (summer time, UTC+2): 09:00 local is 07:00Z.
    expect(onCallAt(people, [], 'Europe/Berlin', Date.parse('2025-03-31T07:00:00Z'))?.person.userId).toBe(1);
    // Monday 2025-03-24 (winter time, UTC+1): 07:30Z is 08:30 local, the day person; a week later it is 09:30.
    expect(onCallAt(people, [], 'Europe/Berlin', Date.parse('2025-03-24T06:30:00Z'))?.person.userId).toBe(2);
    expect(onCallAt(people, [], 'Europe/Berlin', Date.parse('2025-03-24T07:30:00Z'))?.person.userId).toBe(1);
    // The same instant in New York (UTC−4 that day) is 03:30: the night person.
    expect(onCallAt(people, [], 'America/New_York', Date.parse('2025-03-24T07:30:00Z'))?.person.userId).toBe(2);
    // Saturday: nobody by day (the night slot starts at 20:00 and ran past midnight from Friday).
    expect(onCallAt(people, [], 'Europe/Berlin', Date.parse('2025-03-29T11:00:00Z'))).toBeNull();
    expect(onCallAt(people, [], 'Europe/Berlin', Date.parse('2025-03-29T05:00:00Z'))).toMatchObject({ person: { userId: 2 }, by: 'schedule' });
  });
  it('lets an override name a person for a whole local date', () => {
    // 23:30Z on Sunday 30 March is already Monday 31 March in Berlin: the override of the 31st holds.
    const at = Date.parse('2025-03-30T23:30:00Z');
    expect(onCallAt(people, [{ date: '2025-03-31', userId: 1 }], 'Europe/Berlin', at)).toMatchObject({ person: { userId: 1 }, by: 'override' });
    expect(onCallAt(people, [{ date: '2025-03-31', userId: 1 }], 'UTC', at)).toMatchObject({ person: { userId: 2 }, by: 'schedule' });
    // An override naming someone no longer on the roster falls back to the hours.
    expect(onCallAt(people, [{ date: '2025-03-31', userId: 9 }], 'Europe/Berlin', at)?.by).toBe('schedule');
  });
  it('reads alarm.notifyMinutes as the default policy', () => {
    expect(defaultPolicy('10,30')).toEqual({ id: null, steps: [{ minutes: 10, rosterId: null }, { minutes: 20, rosterId: null }], renotifyMinutes: 0 });
    expect(stepTimes([{ minutes: 0, rosterId: 1 }, { minutes: 5, rosterId: null }, { minutes: 2.5, rosterId: 2 }])).toEqual([0, 5, 7.5]);
  });
});

/**
 * Rosters, policies, stop on acknowledge and re-notification (issue 38), against a real SMTP server
 * (smtp-server on loopback) and a real webhook receiver (node:http). Alarm times lie in the past;
 * later sweeps run at a later `now`.
 */
describe('on-call escalation that stops', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let viewer: string;
  let manager: string;
  let projectId: number;
  let otherProject: number;
  let smtp: SMTPServer;
  let hooks: Server;
  let hookPort: number;
  const mails: Mail[] = [];
  const received: Hook[] = [];
  let hookFailNext = 0;
  const users: Record<string, number> = {};
  let rosterA: number;
  let rosterB: number;

  const post = (url: string, body: unknown, token = admin, lang = 'en') => t.call('POST', `/api/ball/${url}`, { token, body, lang });
  const setSetting = async (key: string, value: string) => {
    expect((await t.call('POST', '/api/sys/config/update', { token: admin, body: { key, value } })).status).toBe(200);
    t.app.settings.invalidate();
  };
  const warning = async (minutesAgo: number, project = projectId) => {
    // Raised and sounding since then, as readings.ts opens one.
    const at = new Date(Date.now() - minutesAgo * MIN);
    const [w] = await t.database.db
      .insert(fallWarning)
      .values({ at, soundingSince: at, info: 'Jet pump 3 tripped', kind: 'channel', level: 'critical', projectId: project })
      .returning({ id: fallWarning.id });
    return w.id;
  };
  const notices = (warningId: number) => t.database.db.select().from(fallWarningNotice).where(eq(fallWarningNotice.warningId, warningId)).orderBy(fallWarningNotice.round, fallWarningNotice.level, fallWarningNotice.id);
  const hookUrl = (name: string) => `http://127.0.0.1:${hookPort}/hooks/${name}/${HOOK_KEY}`;

  beforeAll(async () => {
    smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8').replace(/=\r?\n/g, '') });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    hooks = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: JSON.parse(text || '{}') });
        if (hookFailNext > 0) {
          hookFailNext--;
          res.writeHead(503).end('busy');
        } else res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    hookPort = (hooks.address() as AddressInfo).port;

    t = await createTestApp({ smtp: { host: '127.0.0.1', port: smtpPort, secure: false, from: 'alarms@cascade.test' } });
    admin = await t.tokenFor('admin');
    operator = await t.tokenFor('operator');
    viewer = await t.tokenFor('viewer');
    manager = await t.tokenFor('manager');
    projectId = await seedProject(t, { name: '音乐喷泉', nameEn: 'Music fountain', timeZone: 'Europe/Berlin' });
    otherProject = await seedProject(t, { name: '另一个', nameEn: 'Another' });
    for (const name of ['anna', 'bernd', 'chen', 'nomail']) {
      const [u] = await t.database.db
        .insert(sysUser)
        .values({ username: `oncall-${name}`, passwordHash: 'x', realName: name, email: name === 'nomail' ? '' : `${name}@example.com` })
        .returning({ id: sysUser.id });
      users[name] = u.id;
    }
    await setSetting('security.outboundHosts', '127.0.0.1');
    await setSetting('alarm.notifyMinutes', '10, 30');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await new Promise<void>((resolve) => hooks.close(() => resolve()));
  });

  it('refuses bad rosters and policies with a 400 naming the field, in both languages', async () => {
    const noPeople = await post('falloncall/save', { projectId, name: 'Empty', tier: 1, people: [] }, admin, 'en');
    expect(noPeople.status).toBe(400);
    expect(noPeople.body.data.fields).toEqual({ people: 'A roster needs at least one person' });
    const noPeopleZh = await post('falloncall/save', { projectId, name: 'Empty', tier: 1, people: [] }, admin, 'zh-CN');
    expect(noPeopleZh.body.data.fields).toEqual({ people: '值班表至少要有一个人' });
    // A person told by nothing (a user without an e-mail, no webhook) is refused at their field.
    const mute = await post('falloncall/save', { projectId, name: 'Mute', tier: 1, people: [{ userId: users.nomail, slots: WHOLE_WEEK }] });
    expect(mute.status).toBe(400);
    expect(mute.body.data.fields).toEqual({ 'people.0.email': 'An e-mail address or a webhook is needed (the user has no e-mail)' });
    const badSlot = await post('falloncall/save', { projectId, name: 'Bad', tier: 1, people: [{ userId: users.anna, slots: [{ days: [1], start: '8:00', end: '25:00' }] }], overrides: [{ date: '2025-13-01', userId: users.bernd }] }, admin, 'zh-CN');
    expect(badSlot.status).toBe(400);
    expect(badSlot.body.data.fields).toMatchObject({ 'people.0.slots.0.start': '时间格式应为 HH:mm，如 08:30', 'people.0.slots.0.end': '时间格式应为 HH:mm，如 08:30', 'overrides.0.date': '日期格式应为 YYYY-MM-DD' });
    const stranger = await post('falloncall/save', { projectId, name: 'X', tier: 1, people: [{ userId: users.anna, slots: [] }], overrides: [{ date: '2025-03-01', userId: users.bernd }] });
    expect(stranger.body.data.fields).toEqual({ 'overrides.0.userId': 'Not a person of this roster' });
    // The project's time zone, which the hours are read in, must be a zone the runtime knows.
    for (const [lang, text] of [['en', 'Unknown time zone: use an IANA name such as Europe/Berlin'], ['zh-CN', '未知的时区，请使用 IANA 名称，如 Asia/Shanghai']]) {
      const zone = await t.call('POST', '/api/ball/fallproject/update', { token: admin, body: { id: projectId, timeZone: 'Mars/Olympus_Mons' }, lang });
      expect(zone.status).toBe(400);
      expect(zone.body.data.fields).toEqual({ timeZone: text });
    }
    const negative = await post('fallescpolicy/save', { projectId, name: 'P', steps: [{ minutes: -5, rosterId: null }], renotifyMinutes: 0 }, admin, 'en');
    expect(negative.status).toBe(400);
    expect(negative.body.data.fields).toEqual({ 'steps.0.minutes': 'Minutes cannot be negative' });
    const negativeZh = await post('fallescpolicy/save', { projectId, name: 'P', steps: [{ minutes: 5, rosterId: null }, { minutes: -1, rosterId: null }], renotifyMinutes: -3 }, admin, 'zh-CN');
    expect(negativeZh.body.data.fields).toEqual({ 'steps.1.minutes': '分钟数不能为负数', renotifyMinutes: '分钟数不能为负数' });
    expect((await post('fallescpolicy/save', { projectId, name: 'P', steps: [], renotifyMinutes: 0 })).body.data.fields).toEqual({ steps: 'A policy needs at least one step' });
    // The viewer holds neither page's buttons; the seeded manager holds both.
    expect((await post('falloncall/list', { page: 1, limit: 20 }, viewer)).status).toBe(403);
    expect((await post('fallescpolicy/list', { page: 1, limit: 20 }, viewer)).status).toBe(403);
    expect((await post('falloncall/list', { page: 1, limit: 20 }, manager)).status).toBe(200);
    expect((await post('fallescpolicy/list', { page: 1, limit: 20 }, manager)).status).toBe(200);
  });

  it('keeps rosters with their people (webhook write-only) and a policy of steps naming them', async () => {
    const today = localDate(Date.now(), 'Europe/Berlin');
    const tomorrow = localDate(Date.now() + 86_400_000, 'Europe/Berlin');
    // Bernd's hours cover the whole week, but the overrides name Anna for today and tomorrow.
    const a = await post('falloncall/save', {
      projectId,
      name: 'First line',
      tier: 1,
      people: [
        { userId: users.bernd, slots: WHOLE_WEEK },
        { userId: users.anna, email: 'anna.duty@example.com', webhook: hookUrl('anna'), slots: [] },
      ],
      overrides: [{ date: today, userId: users.anna }, ...(tomorrow !== today ? [{ date: tomorrow, userId: users.anna }] : [])],
    });
    expect(a.status).toBe(200);
    rosterA = a.body.data.id;
    const b = await post('falloncall/save', { projectId, name: 'Second line', tier: 2, people: [{ userId: users.chen, slots: WHOLE_WEEK }] });
    rosterB = b.body.data.id;
    const list = await post('falloncall/list', { page: 1, limit: 20, projectId });
    expect(list.status).toBe(200);
    const row = list.body.data.list.find((r: { id: number }) => r.id === rosterA);
    expect(row).toMatchObject({ name: 'First line', tier: 1, timeZone: 'Europe/Berlin', projectNameEn: 'Music fountain' });
    expect(row.people.map((p: { userId: number; webhookTarget: string }) => [p.userId, p.webhookTarget])).toEqual([[users.bernd, ''], [users.anna, `http://127.0.0.1:${hookPort}`]]);
    expect(JSON.stringify(list.body)).not.toContain(HOOK_KEY);
    // An update without the webhook keeps it.
    expect((await post('falloncall/update', { id: rosterA, people: [{ userId: users.bernd, slots: WHOLE_WEEK }, { userId: users.anna, email: 'anna.duty@example.com', webhook: '', slots: [] }] })).status).toBe(200);
    const now = await t.call('GET', `/api/ball/falloncall/now/${rosterA}`, { token: admin });
    expect(now.body.data).toMatchObject({ userId: users.anna, by: 'override' });

    // A step may only name a roster of the policy's own project.
    const foreign = await post('falloncall/save', { projectId: otherProject, name: 'Elsewhere', tier: 1, people: [{ userId: users.chen, slots: WHOLE_WEEK }] });
    const wrong = await post('fallescpolicy/save', { projectId, name: 'P', steps: [{ minutes: 5, rosterId: foreign.body.data.id }], renotifyMinutes: 0 });
    expect(wrong.body.data.fields).toEqual({ 'steps.0.rosterId': 'Not a roster of this project' });
    const policy = await post('fallescpolicy/save', { projectId, name: 'Night and day', steps: [{ minutes: 5, rosterId: rosterA }, { minutes: 10, rosterId: rosterB }], renotifyMinutes: 30 });
    expect(policy.status).toBe(200);
    expect((await post('fallescpolicy/save', { projectId, name: 'Twice', steps: [{ minutes: 1, rosterId: null }], renotifyMinutes: 0 })).body.data.fields).toEqual({ projectId: 'This project has a policy already: edit it' });
    // The project's level-1 recipient is told at step 1 beside the person on call.
    expect((await post('fallescalation/save', { projectId, level: 1, channel: 'email', address: 'desk@example.com', name: 'Desk' })).status).toBe(200);
  });

  it('tells the on-call person at each step, stops every pending step on acknowledge, and re-notifies once per period', async () => {
    const base = Date.now();
    hookFailNext = 1;
    const w = await warning(6);
    const fresh = await warning(2);
    const closed = await warning(20);
    await t.database.db.update(fallWarning).set({ result: 'fixed', dealAt: new Date() }).where(eq(fallWarning.id, closed));

    // Step 1 (5 min): the desk and Anna (override) by e-mail and webhook; the webhook answers 503 once.
    expect(await notifyEscalations(t.app, new Date(base))).toEqual({ escalated: 1, delivered: 2, renotified: 0 });
    expect((await notices(w)).map((n) => [n.level, n.channel, n.recipient, n.status])).toEqual([
      [1, 'email', 'desk@example.com', 'sent'],
      [1, 'email', 'anna.duty@example.com', 'sent'],
      [1, 'webhook', `http://127.0.0.1:${hookPort}`, 'pending'],
    ]);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['anna.duty@example.com', 'desk@example.com']);
    expect(received.map((h) => h.path)).toEqual([`/hooks/anna/${HOOK_KEY}`]);
    expect(received[0].body).toMatchObject({ event: 'warning.escalated', warningId: w, escalationLevel: 1, projectEn: 'Music fountain' });
    for (const id of [fresh, closed]) expect(await notices(id)).toEqual([]);
    const esc = await t.database.db.select().from(sysLog).where(and(eq(sysLog.target, String(w)), eq(sysLog.action, 'escalate')));
    expect(esc.map((l) => l.params)).toEqual([{ level: 1, minutes: 5, notices: 3, policy: expect.any(Number), onCall: [users.anna] }]);

    // The operator acknowledges with a comment: the retry still pending is cancelled at once.
    const ack = await t.call('POST', '/api/ball/fallwarning/ack', { token: operator, body: { id: w, comment: 'On my way, 10 min' } });
    expect(ack.status).toBe(200);
    expect(ack.body.data).toMatchObject({ id: w, ackBy: 'operator', ackComment: 'On my way, 10 min' });
    await vi.waitFor(async () => expect((await notices(w)).filter((n) => n.status === 'pending')).toEqual([]), { timeout: 5000 });
    const cancelled = (await notices(w)).filter((n) => n.status === 'cancelled');
    expect(cancelled.map((n) => [n.channel, n.lastError])).toEqual([['webhook', serverText('notify.cancelledAck', { by: 'operator' })]]);
    const [stored] = await t.database.db.select().from(fallWarning).where(eq(fallWarning.id, w));
    expect(stored.ackComment).toBe('On my way, 10 min');
    expect((await t.database.db.select().from(sysLog).where(and(eq(sysLog.target, String(w)), eq(sysLog.action, 'cancel')))).map((l) => l.params)).toEqual([{ notices: 1, by: 'operator' }]);
    // An older caller acknowledges with the id only.
    const plain = await t.call('POST', '/api/ball/fallwarning/ack', { token: operator, body: { id: fresh } });
    expect(plain.body.data).toMatchObject({ id: fresh, ackComment: '' });
    await t.database.db.update(fallWarning).set({ result: 'fixed', dealAt: new Date() }).where(eq(fallWarning.id, fresh));
    const inEnglish = await t.call('GET', `/api/ball/fallwarning/notices/${w}`, { token: viewer, lang: 'en' });
    expect(inEnglish.body.data.find((n: { status: string }) => n.status === 'cancelled').lastError).toBe('Not sent: the alarm was acknowledged by operator');

    // Past the retry and past step 2 (15 min): nothing more goes out for the acknowledged alarm.
    mails.length = 0;
    received.length = 0;
    expect(await notifyEscalations(t.app, new Date(base + 31_000))).toMatchObject({ escalated: 0, delivered: 0 });
    expect(await notifyEscalations(t.app, new Date(base + 20 * MIN))).toMatchObject({ escalated: 0, delivered: 0 });
    expect((await notices(w)).map((n) => n.level)).toEqual([1, 1, 1]);
    expect(mails).toEqual([]);
    expect(received).toEqual([]);

    // Still standing 30 minutes after the acknowledgement: told again, once per period.
    const ackAt = Date.parse(ack.body.data.ackAt);
    expect(await notifyEscalations(t.app, new Date(ackAt + 29 * MIN))).toMatchObject({ renotified: 0 });
    expect(await notifyEscalations(t.app, new Date(ackAt + 31 * MIN))).toMatchObject({ renotified: 1, delivered: 3 });
    const round1 = (await notices(w)).filter((n) => n.round === 1);
    expect(round1.map((n) => [n.level, n.channel, n.recipient, n.status])).toEqual([
      [1, 'email', 'desk@example.com', 'sent'],
      [1, 'email', 'anna.duty@example.com', 'sent'],
      [1, 'webhook', `http://127.0.0.1:${hookPort}`, 'sent'],
    ]);
    expect(mails[0].raw).toContain('This alarm was acknowledged by operator but is still standing after');
    expect(String(received[0].body.text)).toContain('[Still standing, reminder 1] Music fountain: Jet pump 3 tripped');
    expect(received[0].body).toMatchObject({ event: 'warning.renotified', round: 1, ackBy: 'operator', ackComment: 'On my way, 10 min' });
    expect(await notifyEscalations(t.app, new Date(ackAt + 45 * MIN))).toMatchObject({ renotified: 0 });
    expect(await notifyEscalations(t.app, new Date(ackAt + 62 * MIN))).toMatchObject({ renotified: 1 });
    expect(new Set((await notices(w)).map((n) => n.round))).toEqual(new Set([0, 1, 2]));
    const renotify = await t.database.db.select().from(sysLog).where(and(eq(sysLog.target, String(w)), eq(sysLog.action, 'renotify')));
    expect(renotify.map((l) => (l.params as { round: number }).round)).toEqual([1, 2]);

    // Shelved past a period, then released at ackAt + 150 min (release() sets sounding_since then):
    // the reminder comes a period after the release, not at once for the periods spent on the shelf.
    await t.database.db.update(fallWarning).set({ soundingSince: new Date(ackAt + 150 * MIN) }).where(eq(fallWarning.id, w));
    expect(await notifyEscalations(t.app, new Date(ackAt + 151 * MIN))).toMatchObject({ renotified: 0 });
    expect(await notifyEscalations(t.app, new Date(ackAt + 179 * MIN))).toMatchObject({ renotified: 0 });
    expect(await notifyEscalations(t.app, new Date(ackAt + 181 * MIN))).toMatchObject({ renotified: 1 });

    // Closed: never re-notified again.
    await t.database.db.update(fallWarning).set({ result: 'fixed', dealAt: new Date() }).where(eq(fallWarning.id, w));
    expect(await notifyEscalations(t.app, new Date(ackAt + 200 * MIN))).toMatchObject({ renotified: 0 });
    expect((await notices(w)).filter((n) => n.round > 3)).toEqual([]);
    expect(JSON.stringify(await t.database.db.select().from(fallWarningNotice))).not.toContain(HOOK_KEY);
  });

  it('moves to the next roster tier at the next step, and cancels what is pending once the alarm is closed', async () => {
    mails.length = 0;
    received.length = 0;
    const base = Date.now();
    const w = await warning(16);
    // 16 minutes: steps 1 (5) and 2 (15) both reached in one sweep; Chen (second line) is told by his user's e-mail.
    hookFailNext = 1;
    expect(await notifyEscalations(t.app, new Date(base))).toMatchObject({ escalated: 1 });
    expect((await notices(w)).map((n) => [n.level, n.channel, n.recipient])).toEqual([
      [1, 'email', 'desk@example.com'],
      [1, 'email', 'anna.duty@example.com'],
      [1, 'webhook', `http://127.0.0.1:${hookPort}`],
      [2, 'email', 'chen@example.com'],
    ]);
    expect((await notices(w)).find((n) => n.channel === 'webhook')?.status).toBe('pending');
    // Closed before the retry: the retry is cancelled, not sent.
    await t.database.db.update(fallWarning).set({ result: 'fixed', dealAt: new Date() }).where(eq(fallWarning.id, w));
    received.length = 0;
    await notifyEscalations(t.app, new Date(base + 31_000));
    expect(received).toEqual([]);
    expect((await notices(w)).find((n) => n.channel === 'webhook')).toMatchObject({ status: 'cancelled', lastError: serverText('notify.cancelledClosed') });
    // An archived roster tells nobody; its step still tells the level's recipients (none at level 2).
    expect((await post('falloncall/delete', [rosterB])).status).toBe(200);
    expect((await post('falloncall/list', { page: 1, limit: 20, projectId })).body.data.list.map((r: { id: number }) => r.id)).toEqual([rosterA]);
    const later = await warning(16);
    await notifyEscalations(t.app, new Date(base));
    expect((await notices(later)).filter((n) => n.level === 2)).toEqual([]);
  });

  it('does not escalate a suppressed alarm, and cancels what is pending once it is suppressed', async () => {
    const base = Date.now();
    // Shelved from the start: nobody is told at any step.
    const shelved = await warning(16);
    await t.database.db.update(fallWarning).set({ suppressedBy: 'shelved' }).where(eq(fallWarning.id, shelved));
    await notifyEscalations(t.app, new Date(base));
    expect(await notices(shelved)).toEqual([]);
    // Suppressed after step 1 went out with a retry pending: the retry is cancelled, not sent.
    hookFailNext = 1;
    const w = await warning(6);
    await notifyEscalations(t.app, new Date(base));
    expect((await notices(w)).some((n) => n.status === 'pending')).toBe(true);
    await t.database.db.update(fallWarning).set({ suppressedBy: 'out_of_service' }).where(eq(fallWarning.id, w));
    received.length = 0;
    await notifyEscalations(t.app, new Date(base + 31_000));
    expect(received).toEqual([]);
    expect((await notices(w)).filter((n) => n.status === 'pending')).toEqual([]);
  });

  it('keeps projects without a policy on alarm.notifyMinutes', async () => {
    const [p] = await t.database.db.select({ tz: fallProject.timeZone }).from(fallProject).where(eq(fallProject.id, otherProject));
    expect(p.tz).toBeTruthy();
    expect((await post('fallescalation/save', { projectId: otherProject, level: 1, channel: 'email', address: 'other@example.com' })).status).toBe(200);
    const w = await warning(11, otherProject);
    await notifyEscalations(t.app);
    expect((await notices(w)).map((n) => [n.level, n.recipient, n.status])).toEqual([[1, 'other@example.com', 'sent']]);
  });
});

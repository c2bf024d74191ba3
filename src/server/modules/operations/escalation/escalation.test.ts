import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { fallDetect, fallWarning, fallWarningNotice, sysLog } from '../../../db/schema';
import { parseSmtp } from '../../../config';
import { serverText } from '@shared/server-text';
import { escalateAlarms } from '../warnings/warnings.service';
import { sweepSuppression } from '../warnings/suppression';
import { NOTIFY_MAX_ATTEMPTS, notifyEscalations, OFFLINE_GROUP_MS, parseNotifyMinutes } from './notify.service';

const SMTP_USER = 'cascade-mailer';
const SMTP_PASS = 'smtp-pass-9f2c71e0';
const HOOK_KEY = 'T000-B000-hook-key-5d1e';
const MIN = 60_000;

interface Mail { from: string; to: string[]; user: string | undefined; raw: string; source: string }

/** Quoted-printable text (a body, or an encoded word's) as UTF-8. */
function qpDecoded(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A received mail as a reader sees it: its headers unfolded with their encoded words decoded, then its quoted-printable body. */
function decodedMail(source: string): string {
  const cut = source.indexOf('\r\n\r\n');
  const headers = source
    .slice(0, cut)
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word: string) => qpDecoded(word.replace(/_/g, ' ')));
  return `${headers}\r\n\r\n${qpDecoded(source.slice(cut + 4).replace(/=\r?\n/g, ''))}`;
}
interface Hook { path: string; body: Record<string, unknown> }

/**
 * Escalation that reaches a person (issue 26): against a real SMTP server (smtp-server on loopback,
 * with a login) and a real webhook receiver (node:http), both started here. The time an alarm has
 * waited is real (its `at` lies in the past); later sweeps are run at a later `now`.
 */
describe('escalation: e-mail and webhook notifications per level', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let projectId: number;
  let smtp: SMTPServer;
  let smtpPort: number;
  let hooks: Server;
  let hookPort: number;
  const mails: Mail[] = [];
  const received: Hook[] = [];
  let smtpFailNext = 0;
  let hookFailNext = 0;

  const setSetting = async (key: string, value: string) => {
    const res = await t.call('POST', '/api/sys/config/update', { token: admin, body: { key, value } });
    expect(res.status).toBe(200);
    t.app.settings.invalidate();
  };
  const warning = async (minutesAgo: number, level = 'critical') => {
    // Raised and sounding since then, as readings.ts opens one.
    const at = new Date(Date.now() - minutesAgo * MIN);
    const [w] = await t.database.db
      .insert(fallWarning)
      .values({ at, soundingSince: at, info: 'Pump 1 tripped', kind: 'channel', level, projectId })
      .returning({ id: fallWarning.id });
    return w.id;
  };
  const notices = (warningId: number) => t.database.db.select().from(fallWarningNotice).where(eq(fallWarningNotice.warningId, warningId)).orderBy(fallWarningNotice.id);
  const recipient = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/ball/fallescalation/save', { token: admin, body: { projectId, ...body } });
    expect(res.status).toBe(200);
    return res.body.data.id as number;
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, cb) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASS) cb(null, { user: auth.username });
        else cb(new Error('Invalid username or password'));
      },
      onRcptTo(_address, _session, cb) {
        if (smtpFailNext > 0) {
          smtpFailNext--;
          const err = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          cb(err);
        } else cb();
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            raw: Buffer.concat(chunks).toString('utf8').replace(/=\r?\n/g, ''),
            source: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    hooks = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: JSON.parse(text || '{}') });
        if (hookFailNext > 0) {
          hookFailNext--;
          res.writeHead(500).end('down');
        } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    hookPort = (hooks.address() as AddressInfo).port;

    t = await createTestApp({ smtp: { host: '127.0.0.1', port: smtpPort, secure: false, user: SMTP_USER, pass: SMTP_PASS, from: 'alarms@cascade.test' } });
    admin = await t.tokenFor('admin');
    viewer = await t.tokenFor('viewer');
    projectId = await seedProject(t, { name: '湖滨喷泉', nameEn: 'Lakeside fountain' });
    // Only 127.0.0.1 may be called: `localhost` names the same receiver but is not on the list.
    await setSetting('security.outboundHosts', '127.0.0.1');
    await setSetting('alarm.notifyMinutes', '10, 30');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await new Promise<void>((resolve) => hooks.close(() => resolve()));
  });

  it('reads the levels of alarm.notifyMinutes', () => {
    expect(parseNotifyMinutes('10, 30,60')).toEqual([10, 30, 60]);
    expect(parseNotifyMinutes('30,10,x,-5,0,10')).toEqual([10, 30]);
    expect(parseNotifyMinutes('')).toEqual([]);
  });

  it('reads the mail server from SMTP_* (none without SMTP_HOST; a bad port refused at start)', () => {
    expect(parseSmtp({})).toBeUndefined();
    expect(parseSmtp({ SMTP_HOST: 'smtp.example.com', SMTP_USER: 'alarms@example.com', SMTP_PASS: 'x' })).toEqual({ host: 'smtp.example.com', port: 587, secure: false, user: 'alarms@example.com', pass: 'x', from: 'alarms@example.com' });
    expect(parseSmtp({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '465', SMTP_SECURE: 'on', SMTP_FROM: 'Cascade <c@example.com>' })).toMatchObject({ port: 465, secure: true, user: undefined, from: 'Cascade <c@example.com>' });
    expect(() => parseSmtp({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: 'smtp' })).toThrow(/SMTP_PORT/);
  });

  it('keeps recipients per project and level; a webhook URL never comes back whole; bad input is a 400', async () => {
    const id = await recipient({ level: 1, channel: 'webhook', address: `http://127.0.0.1:${hookPort}/hooks/${HOOK_KEY}`, name: 'Duty chat' });
    const list = await t.call('POST', '/api/ball/fallescalation/list', { token: admin, body: { page: 1, limit: 20, projectId } });
    expect(list.status).toBe(200);
    const row = list.body.data.list.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ level: 1, channel: 'webhook', target: `http://127.0.0.1:${hookPort}`, name: 'Duty chat', projectNameEn: 'Lakeside fountain' });
    expect(JSON.stringify(list.body)).not.toContain(HOOK_KEY);
    expect(JSON.stringify((await t.call('GET', `/api/ball/fallescalation/info/${id}`, { token: admin })).body)).not.toContain(HOOK_KEY);
    // An update without the address keeps it; a channel that does not fit the stored address is refused.
    expect((await t.call('POST', '/api/ball/fallescalation/update', { token: admin, body: { id, name: 'On-call chat', address: '' } })).status).toBe(200);
    const wrong = await t.call('POST', '/api/ball/fallescalation/update', { token: admin, body: { id, channel: 'email' }, lang: 'en' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields).toEqual({ address: 'Wrong email format' });
    const bad = await t.call('POST', '/api/ball/fallescalation/save', { token: admin, body: { projectId, level: 9, channel: 'email', address: 'not-an-address' }, lang: 'zh-CN' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ level: '格式错误', address: '邮箱格式错误' });
    expect((await t.call('POST', '/api/ball/fallescalation/save', { token: admin, body: { projectId, level: 1, channel: 'webhook', address: 'ftp://127.0.0.1/x' } })).status).toBe(400);
    expect((await t.call('POST', '/api/ball/fallescalation/save', { token: admin, body: { projectId: 999999, level: 1, channel: 'email', address: 'a@b.cn' } })).status).toBe(400);
    // The operation log keeps the save without the address.
    const saved = await t.database.db.select().from(sysLog).where(and(eq(sysLog.module, 'ball/fallescalation'), eq(sysLog.action, 'save')));
    expect(saved.length).toBeGreaterThan(0);
    expect(JSON.stringify(saved)).not.toContain(HOOK_KEY);
    expect((saved[0].params as { body: { address: string } }).body.address).toBe('******');
    // The viewer role holds no fall-escalation button.
    expect((await t.call('POST', '/api/ball/fallescalation/list', { token: viewer, body: { page: 1, limit: 20 } })).status).toBe(403);
  });

  it('tells level 1 at 10 minutes by e-mail and webhook, records a refused host as refused, and audits it all', async () => {
    await recipient({ level: 1, channel: 'email', address: 'duty@example.com', name: 'Duty engineer' });
    await recipient({ level: 1, channel: 'webhook', address: `http://localhost:${hookPort}/not-allowed`, name: 'Elsewhere' });
    await recipient({ level: 2, channel: 'email', address: 'chief@example.com', name: 'Chief' });
    const late = await warning(11);
    const fresh = await warning(5);
    const info = await warning(20, 'info'); // not a level that pops up: never escalates
    const acked = await warning(20);
    await t.database.db.update(fallWarning).set({ ackAt: new Date(), ackBy: 'operator' }).where(eq(fallWarning.id, acked));

    const first = await notifyEscalations(t.app);
    expect(first).toEqual({ escalated: 1, delivered: 2, renotified: 0 });
    const sent = await notices(late);
    expect(sent.map((n) => [n.level, n.channel, n.recipient, n.status, n.attempts])).toEqual([
      [1, 'webhook', `http://127.0.0.1:${hookPort}`, 'sent', 1],
      [1, 'email', 'duty@example.com', 'sent', 1],
      [1, 'webhook', `http://localhost:${hookPort}`, 'refused', 1],
    ]);
    expect(sent[2].lastError).toBe(serverText('notify.refused', { host: `localhost:${hookPort}` }));
    for (const id of [fresh, info, acked]) expect(await notices(id)).toEqual([]);

    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: 'alarms@cascade.test', to: ['duty@example.com'], user: SMTP_USER });
    expect(mails[0].raw).toContain(`Warning no.: ${late}`);
    expect(mails[0].raw).toContain('Project: Lakeside fountain');
    // The alarm's level as a word in each language, not its code.
    expect(mails[0].raw).toContain('Level: Critical');
    expect(received.map((h) => h.path)).toEqual([`/hooks/${HOOK_KEY}`]); // nothing reached the refused host
    expect(received[0].body).toMatchObject({ event: 'warning.escalated', warningId: late, escalationLevel: 1, projectId, warningLevel: 'critical', project: '湖滨喷泉', projectEn: 'Lakeside fountain' });
    expect(String(received[0].body.text)).toContain('[Escalation level 1] Lakeside fountain: Pump 1 tripped');

    // Once per level: the next sweep sends nothing more.
    expect(await notifyEscalations(t.app)).toEqual({ escalated: 0, delivered: 0, renotified: 0 });
    expect(mails).toHaveLength(1);

    const log = await t.database.db.select().from(sysLog).where(and(eq(sysLog.target, String(late)), eq(sysLog.module, 'ball/fallwarning')));
    expect(log.filter((l) => l.action === 'escalate').map((l) => l.params)).toEqual([{ level: 1, minutes: 10, notices: 3 }]);
    expect(log.filter((l) => l.action === 'notify').map((l) => [(l.params as { status: string }).status, l.success, l.username]).sort()).toEqual([
      ['refused', false, 'system'],
      ['sent', true, 'system'],
      ['sent', true, 'system'],
    ]);
    expect(JSON.stringify(log)).not.toContain(HOOK_KEY);
    // The walls' escalation (alarm.escalateMinutes, 10) is in the log too, once.
    expect((await escalateAlarms(t.app)).map((w) => w.id)).toContain(late);
    await escalateAlarms(t.app);
    const walls = await t.database.db.select().from(sysLog).where(and(eq(sysLog.target, String(late)), eq(sysLog.action, 'escalate'))).orderBy(sysLog.id);
    expect(walls.map((l) => l.params)).toEqual([{ level: 1, minutes: 10, notices: 3 }, { level: 0, reach: 'walls' }]);

    // Twenty minutes on, the same alarm (31 minutes old) reaches level 2: the chief is told; the fresh one reaches level 1.
    const later = new Date(Date.now() + 20 * MIN);
    expect(await notifyEscalations(t.app, later)).toEqual({ escalated: 2, delivered: 3, renotified: 0 });
    expect((await notices(late)).filter((n) => n.level === 2).map((n) => [n.recipient, n.status])).toEqual([['chief@example.com', 'sent']]);
    expect((await notices(fresh)).map((n) => n.level)).toEqual([1, 1, 1]);
    expect(mails.map((m) => m.to[0])).toEqual(['duty@example.com', 'chief@example.com', 'duty@example.com']);

    // The warning's detail shows its notifications, to whoever may view warnings, without a webhook's key.
    const detail = await t.call('GET', `/api/ball/fallwarning/notices/${late}`, { token: viewer });
    expect(detail.status).toBe(200);
    expect(detail.body.data.map((n: { level: number; status: string }) => [n.level, n.status])).toEqual([[1, 'sent'], [1, 'sent'], [1, 'refused'], [2, 'sent']]);
    expect(JSON.stringify(detail.body)).not.toContain(HOOK_KEY);
    // The reason reads in the reader's language.
    const inEnglish = await t.call('GET', `/api/ball/fallwarning/notices/${late}`, { token: viewer, lang: 'en' });
    expect(inEnglish.body.data[2].lastError).toBe(`localhost:${hookPort} is not on the allowed outbound hosts (security.outboundHosts)`);
    const inChinese = await t.call('GET', `/api/ball/fallwarning/notices/${late}`, { token: viewer, lang: 'zh-CN' });
    expect(inChinese.body.data[2].lastError).toBe(`localhost:${hookPort} 不在外部地址允许列表（security.outboundHosts）中`);
    expect((await t.call('GET', '/api/ball/fallwarning/notices/999999', { token: admin })).status).toBe(404);
  });

  it('retries a failed e-mail and webhook after a backoff, keeps no secret in the error, and gives up after the last try', async () => {
    mails.length = 0;
    received.length = 0;
    smtpFailNext = 1;
    hookFailNext = 1;
    const w = await warning(12);
    const start = Date.now();
    expect(await notifyEscalations(t.app, new Date(start))).toMatchObject({ escalated: 1, delivered: 0 });
    const failed = await notices(w);
    const byChannel = (rows: typeof failed, channel: string) => rows.filter((n) => n.channel === channel && n.status !== 'refused');
    expect(byChannel(failed, 'email').map((n) => [n.status, n.attempts])).toEqual([['pending', 1]]);
    expect(byChannel(failed, 'email')[0].lastError).toContain('451');
    expect(byChannel(failed, 'webhook').map((n) => [n.status, n.attempts, n.lastError])).toEqual([['pending', 1, 'HTTP 500']]);
    for (const n of failed) expect(`${n.lastError}${n.recipient}`).not.toMatch(new RegExp(`${HOOK_KEY}|${SMTP_PASS}`));

    // Not yet due 10 s later; due after the 30 s backoff, and both go through on the second try.
    expect(await notifyEscalations(t.app, new Date(start + 10_000))).toMatchObject({ delivered: 0 });
    expect(await notifyEscalations(t.app, new Date(start + 31_000))).toMatchObject({ delivered: 2 });
    expect(byChannel(await notices(w), 'email').map((n) => [n.status, n.attempts])).toEqual([['sent', 2]]);
    expect(byChannel(await notices(w), 'webhook').map((n) => [n.status, n.attempts])).toEqual([['sent', 2]]);
    expect(mails).toHaveLength(1);
    expect(received).toHaveLength(2);

    // A receiver that stays down: tried NOTIFY_MAX_ATTEMPTS times in all, then failed for good.
    received.length = 0;
    hookFailNext = 99;
    const down = await warning(13);
    let at = Date.now();
    for (let i = 0; i < NOTIFY_MAX_ATTEMPTS + 2; i++) {
      await notifyEscalations(t.app, new Date(at));
      at += 10 * MIN;
    }
    hookFailNext = 0;
    expect(byChannel(await notices(down), 'webhook').map((n) => [n.status, n.attempts])).toEqual([['failed', NOTIFY_MAX_ATTEMPTS]]);
    expect(received).toHaveLength(NOTIFY_MAX_ATTEMPTS);
    const tries = await t.database.db.select().from(sysLog).where(and(eq(sysLog.target, String(down)), eq(sysLog.action, 'notify')));
    expect(tries.filter((l) => (l.params as { channel: string; status: string }).channel === 'webhook' && !l.success && (l.params as { status: string }).status !== 'refused')).toHaveLength(NOTIFY_MAX_ATTEMPTS);
  });

  it('counts the steps from when a shelved alarm sounds again, not from when it was raised (by hand and at expiry)', async () => {
    const sounding = async (id: number) => (await t.database.db.select({ s: fallWarning.soundingSince }).from(fallWarning).where(eq(fallWarning.id, id)))[0].s;
    const levels = async (id: number) => (await notices(id)).map((n) => n.level);
    // Raised 40 minutes ago, past both steps (10 and 30 min), and shelved meanwhile.
    const w = await warning(40);
    const shelve = await t.call('POST', '/api/ball/fallwarning/shelve', { token: admin, body: { id: w, minutes: 120, reason: 'Known leak, crew booked' } });
    expect(shelve.status).toBe(200);
    expect(await levels(w)).toEqual([]);
    await notifyEscalations(t.app);
    expect(await levels(w)).toEqual([]);

    // Unshelved by hand: it sounds from now, so no step is due yet — not steps 1 and 2 at once.
    const before = Date.now();
    expect((await t.call('POST', '/api/ball/fallwarning/unshelve', { token: admin, body: { id: w } })).status).toBe(200);
    const released = (await sounding(w)).getTime();
    expect(released).toBeGreaterThanOrEqual(before - 1000);
    await notifyEscalations(t.app, new Date(released + 1000));
    expect(await levels(w)).toEqual([]);
    // Step 1 at its wait after the release, step 2 at its own.
    await notifyEscalations(t.app, new Date(released + 10 * MIN + 1000));
    expect(await levels(w)).toEqual([1, 1, 1]);
    await notifyEscalations(t.app, new Date(released + 20 * MIN));
    expect(await levels(w)).toEqual([1, 1, 1]);
    await notifyEscalations(t.app, new Date(released + 30 * MIN + 1000));
    expect(await levels(w)).toEqual([1, 1, 1, 2]);

    // Shelved for a minute and unshelved by the sweep at its end: it sounds from the sweep's time.
    const x = await warning(45);
    expect((await t.call('POST', '/api/ball/fallwarning/shelve', { token: admin, body: { id: x, minutes: 1, reason: 'Sensor swap' } })).status).toBe(200);
    const end = new Date(Date.now() + 2 * MIN);
    expect((await sweepSuppression(t.app, end)).unshelved).toContain(x);
    expect(await sounding(x)).toEqual(end);
    await notifyEscalations(t.app, end);
    expect(await levels(x)).toEqual([]);
    await notifyEscalations(t.app, new Date(end.getTime() + 10 * MIN + 1000));
    expect(await levels(x)).toEqual([1, 1, 1]);
  });

  it('tells each recipient once of the boards of one project gone offline within a minute, and another project on its own', async () => {
    const north = await seedProject(t, { name: '北广场', nameEn: 'North plaza' });
    const south = await seedProject(t, { name: '南广场', nameEn: 'South plaza' });
    // The same night desk for both projects, and the north project's chat.
    for (const p of [north, south]) {
      const res = await t.call('POST', '/api/ball/fallescalation/save', { token: admin, body: { projectId: p, level: 1, channel: 'email', address: 'night@example.com', name: 'Night desk' } });
      expect(res.status).toBe(200);
    }
    expect((await t.call('POST', '/api/ball/fallescalation/save', { token: admin, body: { projectId: north, level: 1, channel: 'webhook', address: `http://127.0.0.1:${hookPort}/hooks/north/${HOOK_KEY}`, name: 'North chat' } })).status).toBe(200);
    const board = async (projectId: number, name: string, nameEn: string) =>
      (await t.database.db.insert(fallDetect).values({ projectId, boardName: name, boardNameEn: nameEn, online: false }).returning({ id: fallDetect.id }))[0].id;
    const base = Date.now();
    // An offline warning as checkOffline opens it, `offsetSeconds` after the first.
    const offline = async (projectId: number, detectId: number, offsetSeconds: number) => {
      const at = new Date(base - 10 * MIN + offsetSeconds * 1000);
      const [w] = await t.database.db
        .insert(fallWarning)
        .values({ at, soundingSince: at, info: serverText('text.offline', { board: 'x', seconds: 90 }), kind: 'offline', level: 'warning', projectId, detectId })
        .returning({ id: fallWarning.id });
      return w.id;
    };
    const a = await offline(north, await board(north, '北-A', 'North A'), 0);
    const d = await offline(south, await board(south, '南-D', 'South D'), 10);
    const b = await offline(north, await board(north, '北-B', 'North B'), 20);
    const c = await offline(north, await board(north, '北-C', 'North C'), 50);
    mails.length = 0;
    received.length = 0;
    const night = () => mails.filter((m) => m.to.includes('night@example.com'));
    const northHooks = () => received.filter((h) => h.path === `/hooks/north/${HOOK_KEY}`);

    // The device jobs' sweep every 15 s. Each step reached is held OFFLINE_GROUP_MS for the boards that go with it.
    for (let at = base; at < base + OFFLINE_GROUP_MS; at += 15_000) await notifyEscalations(t.app, new Date(at));
    expect((await notices(a)).map((n) => n.status)).toEqual(['pending', 'pending']);
    expect(night()).toEqual([]);
    for (let at = base + OFFLINE_GROUP_MS; at <= base + 3 * MIN; at += 15_000) await notifyEscalations(t.app, new Date(at));

    // North: one mail and one webhook call naming the three boards; south: its own mail.
    expect(night()).toHaveLength(2);
    const texts = night().map((m) => decodedMail(m.source));
    const [group, alone] = [texts.find((m) => m.includes('North plaza')), texts.find((m) => m.includes('South plaza'))];
    expect(group).toContain('Subject: [告警升级 第1级] 北广场：3 块检测板离线：北-A、北-B、北-C / [Escalation level 1] North plaza: 3 boards offline: North A, North B, North C');
    expect(group).toContain('3 detection boards of this project went offline within a minute');
    for (const id of [a, b, c]) expect(group).toContain(`warning no. ${id}`);
    expect(group).not.toContain('South D');
    expect(alone).toContain('[Escalation level 1] South plaza:');
    expect(alone).not.toContain('boards offline');
    expect(northHooks()).toHaveLength(1);
    expect(String(northHooks()[0].body.text)).toContain('[Escalation level 1] North plaza: 3 boards offline: North A, North B, North C');
    expect((northHooks()[0].body.boards as { warningId: number }[]).map((x) => x.warningId)).toEqual([a, b, c]);

    // Every notification is kept: the first board's went, the others' went with it.
    const carrier = (await notices(a)).find((n) => n.channel === 'email')!;
    expect((await notices(a)).map((n) => n.status)).toEqual(['sent', 'sent']);
    for (const id of [b, c]) {
      const rows = await notices(id);
      expect(rows.map((n) => [n.channel, n.status])).toEqual([['email', 'grouped'], ['webhook', 'grouped']]);
      expect(rows.map((n) => n.lastError)).toEqual([serverText('notify.grouped', { id: a }), serverText('notify.grouped', { id: a })]);
      expect(rows[0].groupedInto).toBe(carrier.id);
    }
    expect((await notices(d)).map((n) => [n.recipient, n.status, n.groupedInto])).toEqual([['night@example.com', 'sent', null]]);
    // The record reads in the reader's language.
    const detail = await t.call('GET', `/api/ball/fallwarning/notices/${b}`, { token: viewer, lang: 'en' });
    expect(detail.body.data.map((n: { status: string; lastError: string }) => [n.status, n.lastError])).toEqual([
      ['grouped', `Sent in one message with warning no. ${a}`],
      ['grouped', `Sent in one message with warning no. ${a}`],
    ]);
    const log = await t.database.db.select().from(sysLog).where(and(eq(sysLog.target, String(b)), eq(sysLog.action, 'notify')));
    expect(log.map((l) => (l.params as { status: string; with: number }).status)).toEqual(['grouped', 'grouped']);
  });
});

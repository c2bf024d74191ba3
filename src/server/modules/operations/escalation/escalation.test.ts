import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { fallWarning, fallWarningNotice, sysLog } from '../../../db/schema';
import { parseSmtp } from '../../../config';
import { serverText } from '@shared/server-text';
import { escalateAlarms } from '../warnings/warnings.service';
import { NOTIFY_MAX_ATTEMPTS, notifyEscalations, parseNotifyMinutes } from './notify.service';

const SMTP_USER = 'cascade-mailer';
const SMTP_PASS = 'smtp-pass-9f2c71e0';
const HOOK_KEY = 'T000-B000-hook-key-5d1e';
const MIN = 60_000;

interface Mail { from: string; to: string[]; user: string | undefined; raw: string }
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
    const [w] = await t.database.db
      .insert(fallWarning)
      .values({ at: new Date(Date.now() - minutesAgo * MIN), info: 'Pump 1 tripped', kind: 'channel', level, projectId })
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
});

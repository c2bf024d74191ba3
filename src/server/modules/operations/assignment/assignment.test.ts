import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { fallOrder, fallOrderAssignment, sysNotification, sysRole, sysRoleProject, sysUser } from '../../../db/schema';
import { applyReading } from '../detect/readings';
import { sweepConfirmations } from '../detect/confirmation';
import { sweepDueOrders } from './assignment.service';
import { sendNotificationMail } from './notification-mail';

const HOUR = 3_600_000;
const MIN = 60_000;

interface Mail { to: string[]; source: string }

/** Quoted-printable text (a body, or an encoded word's) as UTF-8. */
function qpDecoded(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A received mail as its reader sees it: the subject with its encoded words decoded, and the body by its transfer encoding. */
function readMail(source: string): { subject: string; body: string } {
  const cut = source.indexOf('\r\n\r\n');
  const headers = source.slice(0, cut).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
  const subject = header('Subject')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_, enc: string, word: string) => (enc.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : qpDecoded(word.replace(/_/g, ' '))));
  const raw = source.slice(cut + 4);
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const body = encoding === 'base64' ? Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? qpDecoded(raw.replace(/=\r?\n/g, '')) : raw;
  return { subject, body };
}

/**
 * Assignment and notifications (docs/maintenance.md "Assignment and notifications"): an assignee
 * covering the order's project, the due time from the SLA, the history of reassignments, the bell's
 * notifications (assigned, due time near — once, even with two sweeps at once — and reopened), their
 * e-mail through a real SMTP server on loopback, My orders by due time, and each user's own rows only.
 */
describe('orders assigned to a technician who is told', () => {
  let t: TestApp;
  let admin: string;
  let inside: number;
  let outside: number;
  let techA: { token: string; userId: number; username: string };
  let techB: { token: string; userId: number; username: string };
  let stranger: { token: string; userId: number; username: string };
  let assigner: { token: string; userId: number; username: string };
  let smtp: SMTPServer;
  const mails: Mail[] = [];

  const setting = async (key: string, value: string) => {
    await t.database.query(`INSERT INTO sys_config (key, value, type) VALUES ($1, $2, 'string') ON CONFLICT (key) DO UPDATE SET value = $2`, [key, value]);
    t.app.settings.invalidate();
  };
  /** A user whose one role sees the given projects only. */
  const scopedTo = async (user: { username: string }, projects: number[]) => {
    const [role] = await t.database.db.update(sysRole).set({ dataScope: 'projects' }).where(eq(sysRole.code, `r_${user.username}`)).returning({ id: sysRole.id });
    if (projects.length) await t.database.db.insert(sysRoleProject).values(projects.map((projectId) => ({ roleId: role.id, projectId })));
  };
  const saveOrder = (token: string, body: Record<string, unknown>, lang = 'en') => t.call('POST', '/api/ball/fallorder/save', { token, body, lang });
  const updateOrder = (token: string, body: Record<string, unknown>, lang = 'en') => t.call('POST', '/api/ball/fallorder/update', { token, body, lang });
  const orderRow = async (id: number) => (await t.database.db.select().from(fallOrder).where(eq(fallOrder.id, id)))[0];
  const notes = (userId: number, orderId: number) =>
    t.database.db.select().from(sysNotification).where(and(eq(sysNotification.userId, userId), eq(sysNotification.orderId, orderId))).orderBy(asc(sysNotification.id));
  const bell = async (token: string) => {
    const res = await t.call('GET', '/api/sys/notification/list', { token });
    expect(res.status).toBe(200);
    return res.body.data as { rows: { id: number; kind: string; orderId: number; orderNumber: string; readAt: string | null }[]; unread: number };
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), source: Buffer.concat(chunks).toString('utf8') });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ smtp: { host: '127.0.0.1', port, secure: false, user: undefined, pass: undefined, from: 'orders@cascade.test' } });
    admin = await t.tokenFor('admin');
    inside = await seedProject(t, { name: 'Harbour fountain' });
    outside = await seedProject(t, { name: 'Far fountain' });
    techA = await t.userWith(['fall-order#list', 'fall-order#info', 'fall-my-order#list']);
    techB = await t.userWith(['fall-order#list', 'fall-order#info', 'fall-my-order#list']);
    stranger = await t.userWith(['fall-order#list', 'fall-my-order#list']);
    assigner = await t.userWith(['fall-order#save', 'fall-order#update', 'fall-order#info']);
    await scopedTo(techA, [inside]);
    await scopedTo(techB, [inside, outside]);
    await scopedTo(stranger, [outside]);
    await t.database.db.update(sysUser).set({ email: 'tech-a@cascade.test', realName: '张工', realNameEn: 'Engineer Zhang' }).where(eq(sysUser.id, techA.userId));
    await setting('security.outboundHosts', '127.0.0.1');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('offers as assignees only the users whose data scope covers the project', async () => {
    const res = await t.call('GET', `/api/ball/fallorder/assignees?projectId=${inside}`, { token: admin });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([techA.userId, techB.userId]));
    expect(ids).not.toContain(stranger.userId);
    const far = (await t.call('GET', `/api/ball/fallorder/assignees?projectId=${outside}`, { token: admin })).body.data.map((u: { id: number }) => u.id);
    expect(far).toEqual(expect.arrayContaining([techB.userId, stranger.userId]));
    expect(far).not.toContain(techA.userId);
    // Listing them takes the right to assign.
    expect((await t.call('GET', `/api/ball/fallorder/assignees?projectId=${inside}`, { token: techA.token })).status).toBe(403);
  });

  it('assigns in scope with the due time of its SLA, and refuses an assignee outside it with 400 assigneeId in both languages', async () => {
    const submittedAt = '2026-03-01T08:00:00.000Z';
    const ok = await saveOrder(admin, { name: 'Nozzle blocked', projectId: inside, priority: 'high', submittedAt, assigneeId: techA.userId });
    expect(ok.status).toBe(200);
    const row = await orderRow(ok.body.data.id);
    expect(row.assigneeId).toBe(techA.userId);
    // high: sla.hours.high = 24 by default.
    expect(row.dueAt!.toISOString()).toBe(new Date(Date.parse(submittedAt) + 24 * HOUR).toISOString());
    const info = await t.call('GET', `/api/ball/fallorder/info/${row.id}`, { token: admin });
    expect(info.body.data).toMatchObject({ assigneeId: techA.userId, assigneeName: '张工', dueAt: row.dueAt!.toISOString() });

    const before = await t.database.query('SELECT count(*)::int AS n FROM fall_order');
    for (const [lang, msg] of [
      ['en', "This user's data scope does not cover the order's project: they cannot be assigned"],
      ['zh-CN', '该用户的数据范围不包含工单所属项目，不能指派'],
    ]) {
      const bad = await saveOrder(admin, { name: 'Out of reach', projectId: inside, assigneeId: stranger.userId }, lang);
      expect(bad.status).toBe(400);
      expect(bad.body.data.fields).toEqual({ assigneeId: msg });
    }
    expect(await t.database.query('SELECT count(*)::int AS n FROM fall_order')).toEqual(before);
    const missing = await saveOrder(admin, { name: 'Nobody', projectId: inside, assigneeId: 999_999 });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.data.fields)).toEqual(['assigneeId']);
    // An update to someone outside, or a move to a project the assignee does not cover, is refused too.
    expect((await updateOrder(admin, { id: row.id, assigneeId: stranger.userId })).body.data.fields).toHaveProperty('assigneeId');
    expect((await updateOrder(admin, { id: row.id, projectId: outside })).body.data.fields).toHaveProperty('assigneeId');
    expect(await orderRow(row.id)).toMatchObject({ assigneeId: techA.userId, projectId: inside });
    // Saving an order takes no right to assign; assigning does.
    expect((await saveOrder(assigner.token, { name: 'Unassigned', projectId: inside })).status).toBe(200);
    expect((await saveOrder(assigner.token, { name: 'Assigned', projectId: inside, assigneeId: techA.userId })).status).toBe(403);
    expect((await updateOrder(assigner.token, { id: row.id, name: 'Nozzle blocked again' })).status).toBe(200);
    expect((await updateOrder(assigner.token, { id: row.id, assigneeId: techB.userId })).status).toBe(403);
    // A new priority moves the due time.
    expect((await updateOrder(admin, { id: row.id, priority: 'urgent' })).status).toBe(200);
    expect((await orderRow(row.id)).dueAt!.toISOString()).toBe(new Date(Date.parse(submittedAt) + 8 * HOUR).toISOString());
  });

  it('logs each reassignment (who, from whom, to whom, when), shows it on the order and tells the new assignee', async () => {
    const id = (await saveOrder(admin, { name: 'Lights out', projectId: inside, assigneeId: techA.userId })).body.data.id as number;
    expect((await updateOrder(admin, { id, assigneeId: techB.userId })).status).toBe(200);
    expect((await updateOrder(admin, { id, assigneeId: null })).status).toBe(200);
    const log = await t.database.db.select().from(fallOrderAssignment).where(eq(fallOrderAssignment.orderId, id)).orderBy(asc(fallOrderAssignment.id));
    expect(log.map((r) => [r.fromUserId, r.toUserId, r.byName])).toEqual([
      [null, techA.userId, '系统管理员'],
      [techA.userId, techB.userId, '系统管理员'],
      [techB.userId, null, '系统管理员'],
    ]);
    const info = await t.call('GET', `/api/ball/fallorder/info/${id}`, { token: admin });
    expect(info.body.data.assignments.map((a: { fromName: string; toName: string }) => [a.fromName, a.toName])).toEqual([
      ['', '张工'],
      ['张工', techB.username],
      [techB.username, ''],
    ]);
    expect(info.body.data.assignments.map((a: { fromNameEn: string; toNameEn: string }) => [a.fromNameEn, a.toNameEn])).toEqual([
      ['', 'Engineer Zhang'],
      ['Engineer Zhang', techB.username],
      [techB.username, ''],
    ]);
    expect(info.body.data.assignments.every((a: { at: string }) => !Number.isNaN(Date.parse(a.at)))).toBe(true);
    expect((await notes(techA.userId, id)).map((n) => n.kind)).toEqual(['assigned']);
    expect((await notes(techB.userId, id)).map((n) => n.kind)).toEqual(['assigned']);
    expect((await orderRow(id)).assigneeId).toBeNull();
  });

  it('counts unread notifications, marks one and all read, and keeps each user to their own', async () => {
    const id = (await saveOrder(admin, { name: 'Pump noise', projectId: inside, assigneeId: techB.userId })).body.data.id as number;
    const mine = await bell(techB.token);
    const note = mine.rows.find((r) => r.orderId === id)!;
    expect(note).toMatchObject({ kind: 'assigned', readAt: null });
    expect(mine.unread).toBe(mine.rows.filter((r) => !r.readAt).length);
    const unread = mine.unread;
    // Another user neither sees nor marks it.
    expect((await bell(techA.token)).rows.map((r) => r.id)).not.toContain(note.id);
    expect((await t.call('POST', '/api/sys/notification/read', { token: techA.token, body: { id: note.id } })).status).toBe(404);
    expect((await t.call('POST', '/api/sys/notification/read', { token: admin, body: { id: note.id } })).status).toBe(404);
    expect((await bell(techB.token)).unread).toBe(unread);
    expect((await t.call('POST', '/api/sys/notification/read', { token: techB.token, body: { id: note.id } })).status).toBe(200);
    expect((await bell(techB.token)).unread).toBe(unread - 1);
    // Reading all of A's does not touch B's.
    await saveOrder(admin, { name: 'Another', projectId: inside, assigneeId: techB.userId });
    const bBefore = (await bell(techB.token)).unread;
    expect((await t.call('POST', '/api/sys/notification/readAll', { token: techA.token })).status).toBe(200);
    expect((await bell(techA.token)).unread).toBe(0);
    expect((await bell(techB.token)).unread).toBe(bBefore);
    expect(bBefore).toBeGreaterThan(0);
    // No session, no bell.
    expect((await t.call('GET', '/api/sys/notification/list')).status).toBe(401);
  });

  it('tells the assignee once as the due time nears, even with two sweeps at once', async () => {
    await setting('orders.dueNoticeMinutes', '90');
    // urgent: due 8 h after submission. Submitted 7 h ago: due in 1 h, within 90 minutes.
    const near = (await saveOrder(admin, { name: 'Due soon', projectId: inside, priority: 'urgent', submittedAt: new Date(Date.now() - 7 * HOUR).toISOString(), assigneeId: techB.userId })).body.data.id as number;
    // Submitted 5 h ago: due in 3 h, not yet.
    const later = (await saveOrder(admin, { name: 'Due later', projectId: inside, priority: 'urgent', submittedAt: new Date(Date.now() - 5 * HOUR).toISOString(), assigneeId: techB.userId })).body.data.id as number;
    const now = new Date();
    const [a, b] = await Promise.all([sweepDueOrders(t.app, now), sweepDueOrders(t.app, now)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    await sweepDueOrders(t.app, new Date(now.getTime() + MIN));
    expect((await notes(techB.userId, near)).map((n) => n.kind)).toEqual(['assigned', 'due']);
    expect((await notes(techB.userId, later)).map((n) => n.kind)).toEqual(['assigned']);
    // Two hours on, the later one nears: told once; the first is not told again.
    await sweepDueOrders(t.app, new Date(now.getTime() + 2 * HOUR));
    expect((await notes(techB.userId, later)).map((n) => n.kind)).toEqual(['assigned', 'due']);
    expect((await notes(techB.userId, near)).filter((n) => n.kind === 'due')).toHaveLength(1);
    // A new due time (another priority) is told again, once.
    await updateOrder(admin, { id: near, priority: 'high' });
    await sweepDueOrders(t.app, new Date(now.getTime() + 20 * HOUR));
    await sweepDueOrders(t.app, new Date(now.getTime() + 20 * HOUR));
    expect((await notes(techB.userId, near)).filter((n) => n.kind === 'due')).toHaveLength(2);
    // A finished order is not told.
    await t.database.db.update(fallOrder).set({ status: 'closed' }).where(eq(fallOrder.id, later));
    await t.database.db.update(fallOrder).set({ dueAt: new Date(now.getTime() + 30 * MIN) }).where(eq(fallOrder.id, later));
    await sweepDueOrders(t.app, now);
    expect((await notes(techB.userId, later)).filter((n) => n.kind === 'due')).toHaveLength(1);
  });

  it('tells the assignee when the fault returns during confirmation and the order reopens', async () => {
    const auto = await seedProject(t, { name: 'Relapse park', autoOrder: true });
    const tech = await t.userWith(['fall-my-order#list']);
    const unit = await seedEquipment(t, auto, 'Relapse pump');
    const board = (await t.call('POST', '/api/ball/falldetect/save', { token: admin, body: { projectId: auto, boardName: 'B', boardNo: 'AS1', pollSeconds: 5 } })).body.data.id as number;
    await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id: board, channels: [{ ch: 1, equipmentId: unit }] } });
    const t0 = Date.now() - 60 * MIN;
    await applyReading(t.app, board, [{ ch: 1, switch: 0, analog: 50 }], new Date(t0));
    const orderId = (await applyReading(t.app, board, [{ ch: 1, switch: 1, analog: 50 }], new Date(t0 + MIN))).orders[0];
    expect((await updateOrder(admin, { id: orderId, assigneeId: tech.userId })).status).toBe(200);
    await applyReading(t.app, board, [{ ch: 1, switch: 0, analog: 50 }], new Date(t0 + 2 * MIN));
    const fixed = await t.call('POST', '/api/ball/fallreport/save', { token: admin, body: { orderId, repairer: 'Zhang', repairAt: new Date().toISOString(), result: 'fixed' } });
    expect(fixed.body.data.orderStatus).toBe('confirming');
    const since = (await orderRow(orderId)).confirmingSince!.getTime();
    await applyReading(t.app, board, [{ ch: 1, switch: 1, analog: 50 }], new Date(since + MIN));
    expect((await sweepConfirmations(t.app, new Date(since + 2 * MIN))).reopened).toContain(orderId);
    expect((await notes(tech.userId, orderId)).map((n) => n.kind)).toEqual(['assigned', 'reopened']);
    expect((await bell(tech.token)).rows[0]).toMatchObject({ kind: 'reopened', orderId });
  });

  it('e-mails the assignee through the mail server, once, and marks those without an address', async () => {
    const id = (await saveOrder(admin, { name: 'Mail me', projectId: inside, assigneeId: techA.userId })).body.data.id as number;
    const number = (await orderRow(id)).number;
    await Promise.all([sendNotificationMail(t.app), sendNotificationMail(t.app)]);
    await expect.poll(() => mails.filter((m) => m.source.includes(number)).length).toBe(1);
    const mail = mails.find((m) => m.source.includes(number))!;
    expect(mail.to).toEqual(['tech-a@cascade.test']);
    expect(mail.source).toContain('Order');
    expect((await notes(techA.userId, id))[0]).toMatchObject({ mailStatus: 'sent', mailAttempts: 1 });
    await sendNotificationMail(t.app, new Date(Date.now() + HOUR));
    expect(mails.filter((m) => m.source.includes(number))).toHaveLength(1);
    // techB has no address: told in the bell only.
    const other = (await saveOrder(admin, { name: 'No address', projectId: inside, assigneeId: techB.userId })).body.data.id as number;
    await sendNotificationMail(t.app);
    expect((await notes(techB.userId, other))[0].mailStatus).toBe('none');
  });

  it('e-mails the assignee when the due time nears and when the order reopens, each in both languages', async () => {
    await setting('orders.dueNoticeMinutes', '90');
    const park = await seedProject(t, { name: '复发公园', nameEn: 'Relapse garden', autoOrder: true });
    await scopedTo(techA, [park]);
    // Sent so far: only what this test writes is looked at.
    await sendNotificationMail(t.app, new Date(Date.now() + 10 * HOUR));
    const seen = mails.length;
    const unit = await seedEquipment(t, park, 'Mail pump');
    const board = (await t.call('POST', '/api/ball/falldetect/save', { token: admin, body: { projectId: park, boardName: 'B', boardNo: 'AM1', pollSeconds: 5 } })).body.data.id as number;
    await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id: board, channels: [{ ch: 1, equipmentId: unit }] } });
    const t0 = Date.now() - 60 * MIN;
    await applyReading(t.app, board, [{ ch: 1, switch: 0, analog: 50 }], new Date(t0));
    const orderId = (await applyReading(t.app, board, [{ ch: 1, switch: 1, analog: 50 }], new Date(t0 + MIN))).orders[0];
    // urgent, submitted 7 h ago: due in an hour, within the 90 minutes' notice.
    const assigned = await updateOrder(admin, { id: orderId, assigneeId: techA.userId, priority: 'urgent', submittedAt: new Date(Date.now() - 7 * HOUR).toISOString() });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const number = (await orderRow(orderId)).number;
    expect(await sweepDueOrders(t.app)).toBeGreaterThanOrEqual(1);
    // The fault returns during confirmation: the order reopens.
    await applyReading(t.app, board, [{ ch: 1, switch: 0, analog: 50 }], new Date(t0 + 2 * MIN));
    const fixed = await t.call('POST', '/api/ball/fallreport/save', { token: admin, body: { orderId, repairer: 'Zhang', repairAt: new Date().toISOString(), result: 'fixed' } });
    expect(fixed.body.data.orderStatus).toBe('confirming');
    const since = (await orderRow(orderId)).confirmingSince!.getTime();
    await applyReading(t.app, board, [{ ch: 1, switch: 1, analog: 50 }], new Date(since + MIN));
    expect((await sweepConfirmations(t.app, new Date(since + 2 * MIN))).reopened).toContain(orderId);
    expect((await notes(techA.userId, orderId)).map((n) => n.kind)).toEqual(['assigned', 'due', 'reopened']);

    await sendNotificationMail(t.app, new Date(Date.now() + 10 * HOUR));
    const ours = mails.slice(seen).filter((m) => m.to.includes('tech-a@cascade.test')).map((m) => readMail(m.source));
    expect(ours.map((m) => m.subject).sort()).toEqual(
      [`工单 ${number} 已指派给您 / Order ${number} is assigned to you`, `工单 ${number} 即将到期 / Order ${number} is due soon`, `工单 ${number} 已重新打开 / Order ${number} was reopened`].sort(),
    );
    const due = ours.find((m) => m.subject.includes('due soon'))!;
    expect(due.body).toContain('请尽快处理');
    expect(due.body).toContain('Please deal with it soon');
    expect(due.body).toContain('Project: Relapse garden');
    const reopened = ours.find((m) => m.subject.includes('reopened'))!;
    expect(reopened.body).toContain('待确认期间故障复现');
    expect(reopened.body).toContain('The fault returned during confirmation');
    expect((await notes(techA.userId, orderId)).map((n) => [n.kind, n.mailStatus])).toEqual([['assigned', 'sent'], ['due', 'sent'], ['reopened', 'sent']]);
  });

  it("lists a user's open assigned orders, overdue first, then by due time", async () => {
    const me = await t.userWith(['fall-my-order#list']);
    await scopedTo(me, [inside]);
    const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR).toISOString();
    // urgent = 8 h, normal = 48 h, low = 72 h.
    const make = async (name: string, priority: string, submitted: number) =>
      (await saveOrder(admin, { name, projectId: inside, priority, submittedAt: hoursAgo(submitted), assigneeId: me.userId })).body.data.id as number;
    const dueIn40 = await make('normal, due in 40 h', 'normal', 8);
    const overdue10 = await make('urgent, 10 h overdue', 'urgent', 18);
    const dueIn2 = await make('urgent, due in 2 h', 'urgent', 6);
    const overdue1 = await make('urgent, 1 h overdue', 'urgent', 9);
    const done = await make('closed one', 'urgent', 20);
    await t.database.db.update(fallOrder).set({ status: 'completed' }).where(eq(fallOrder.id, done));
    await saveOrder(admin, { name: 'someone else', projectId: inside, assigneeId: techA.userId });
    const res = await t.call('GET', '/api/ball/myorder/list', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([overdue10, overdue1, dueIn2, dueIn40]);
    expect(res.body.data.map((r: { overdue: boolean }) => r.overdue)).toEqual([true, true, false, false]);
    // Every signed-in user's own; without the right, refused.
    const none = await t.userWith([]);
    expect((await t.call('GET', '/api/ball/myorder/list', { token: none.token })).status).toBe(403);
  });
});

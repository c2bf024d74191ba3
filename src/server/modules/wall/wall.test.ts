import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import {
  fallDetect, fallDetectChannel, fallDevice, fallEqInfo, fallMonitor, fallOrder, fallProject, fallProjectIntro,
  fallProjectPassword, fallWarning, sysSession,
} from '../../db/schema';
import sharp from 'sharp';
import { hashPassword } from '../../lib/password';
import { projectPasswordLookup } from '../../lib/server-key';
import { storeFile } from '../files/files.service';

describe('project wall, display tokens, public projects', () => {
  let t: TestApp;
  let admin: string;
  let lakeId: number;
  let privateId: number;
  const HOUR = 3600_000;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    const db = t.database.db;
    const [lake, hidden] = await db
      .insert(fallProject)
      .values([
        { name: '西湖音乐喷泉', nameCn: '西湖音乐喷泉', nameEn: 'West Lake Fountain', uniqueKey: 'wall-lake', isPublic: true, cameraAppKey: 'ak-1', cameraAppSecret: 'TOP-SECRET', waterType: 'musical', totalArea: 1200, city: 'Hangzhou' },
        { name: 'Private falls', uniqueKey: 'wall-private', isPublic: false, cameraAppSecret: 'ALSO-SECRET' },
      ])
      .returning({ id: fallProject.id });
    lakeId = lake.id;
    privateId = hidden.id;
    const [pump] = await db.insert(fallDevice).values({ name: 'Pump X', category: 'pump' }).returning({ id: fallDevice.id });
    const eq1 = await db
      .insert(fallEqInfo)
      .values([
        { name: 'Pump 1', projectId: lakeId, deviceId: pump.id, state: 'normal', posX: 0.2, posY: 0.3, warrantyEnd: '2027-03-31' },
        { name: 'Pump 2', projectId: lakeId, deviceId: pump.id, state: 'broken', posX: 0.6, posY: 0.5 },
        { name: 'Light 1', projectId: lakeId, state: 'offline' },
        { name: 'Nozzle 1', projectId: lakeId, state: 'maintenance' },
        { name: 'Other', projectId: privateId, state: 'normal' },
      ])
      .returning({ id: fallEqInfo.id });
    const [board] = await db.insert(fallDetect).values({ projectId: lakeId, boardName: 'Board A', boardNo: 'B-01', posX: 0.5, posY: 0.5, online: true }).returning({ id: fallDetect.id });
    await db.insert(fallDetectChannel).values(
      Array.from({ length: 9 }, (_, n) => ({ detectId: board.id, ch: n + 1, label: `CH${n + 1}`, switchValue: n % 2, analogValue: n * 10, result: n === 1 ? 'fault' : 'normal', equipmentId: n === 1 ? eq1[1].id : null })),
    );
    await db.insert(fallWarning).values([
      { projectId: lakeId, info: 'old fixed', at: new Date(Date.now() - 5 * HOUR), result: 'fixed', dealAt: new Date() },
      { projectId: lakeId, info: 'pump 2 fault', detectId: board.id, channel: 2, equipmentId: eq1[1].id, at: new Date(Date.now() - 10 * HOUR) },
    ]);
    await db.insert(fallMonitor).values([
      { name: 'Gate', serial: 'S1', projectId: lakeId, streamUrl: 'https://cams.example/gate.m3u8' },
      { name: 'Roof', serial: 'S2', projectId: lakeId },
    ]);
    const now = Date.now();
    await db.insert(fallOrder).values([
      { number: 'WO-1', name: 'a', projectId: lakeId, status: 'submitted' },
      { number: 'WO-2', name: 'b', projectId: lakeId, status: 'repairing' },
      { number: 'WO-3', name: 'c', projectId: lakeId, status: 'completed', submittedAt: new Date(now - 10 * HOUR), completedAt: new Date(now - 4 * HOUR), reportCount: 1 },
      { number: 'WO-4', name: 'd', projectId: lakeId, status: 'closed', submittedAt: new Date(now - 20 * HOUR), completedAt: new Date(now - 10 * HOUR), reportCount: 2 },
      { number: 'WO-5', name: 'e', projectId: privateId, status: 'submitted' },
    ]);
    await db.insert(fallProjectIntro).values([
      { projectId: lakeId, title: '简介', content: '西湖边的音乐喷泉', language: 'cn' },
      { projectId: lakeId, title: 'About', content: 'A musical fountain by the lake', language: 'en' },
    ]);
    // As the issue route stores them: the scrypt hash and the keyed lookup login2 finds them by.
    const stored = async (projectId: number, password: string) => ({
      passwordHash: await hashPassword(password),
      lookupHash: await projectPasswordLookup(t.database, projectId, password),
    });
    await db.insert(fallProjectPassword).values([
      { projectId: lakeId, label: 'live', ...(await stored(lakeId, 'open-sesame')) },
      { projectId: lakeId, label: 'old', ...(await stored(lakeId, 'expired-pw')), expiresAt: new Date(now - HOUR) },
      { projectId: lakeId, label: 'revoked', ...(await stored(lakeId, 'revoked-pw')), revokedAt: new Date(now - HOUR) },
      { projectId: privateId, label: 'private', ...(await stored(privateId, 'private-pw')) },
    ]);
  });
  afterAll(() => t.close());

  it('aggregates the project wall without secrets', async () => {
    const res = await t.call('GET', `/api/wall/project/${lakeId}`, { token: await t.tokenFor('viewer') });
    expect(res.status).toBe(200);
    const w = res.body.data;
    expect(JSON.stringify(w)).not.toMatch(/TOP-SECRET|cameraApp|uniqueKey/);
    expect(w.project).toMatchObject({ id: lakeId, nameEn: 'West Lake Fountain', waterType: 'musical' });
    expect(w.sitePlan).toBeNull();
    expect(w.equipment).toHaveLength(4);
    expect(w.equipment[0]).toMatchObject({ name: 'Pump 1', state: 'normal', posX: 0.2, posY: 0.3, deviceName: 'Pump X', category: 'pump' });
    // A calendar date as the text the contract names, not a Date the driver made of it.
    expect(w.equipment[0].warrantyEnd).toBe('2027-03-31');
    expect(w.equipment[1].warrantyEnd).toBeNull();
    expect(w.boards).toHaveLength(1);
    expect(w.boards[0].channels).toHaveLength(9);
    expect(w.boards[0].channels[1]).toMatchObject({ ch: 2, result: 'fault', switchValue: 1, analogValue: 10, analogMin: 0, analogMax: 100 });
    // The open warning comes first even though it is older.
    expect(w.warnings.map((x: { info: string }) => x.info)).toEqual(['pump 2 fault', 'old fixed']);
    expect(w.warnings[0]).toMatchObject({ boardName: 'Board A', channel: 2, equipmentName: 'Pump 2', dealAt: null });
    expect(w.cameras).toEqual([{ id: expect.any(Number), name: 'Gate', nameEn: '', streamUrl: 'https://cams.example/gate.m3u8' }, { id: expect.any(Number), name: 'Roof', nameEn: '' }]);
    expect(w.kpis.openOrders).toBe(2);
    expect(w.kpis.repairSpeed).toBeCloseTo(8, 5); // (6 h + 10 h) / 2
    expect(w.kpis.repairQuality).toBeCloseTo(0.5, 5);
    expect(w.kpis.availability).toBeCloseTo(0.5, 5); // broken and offline count against it
    expect((await t.call('GET', '/api/wall/project/999999', { token: admin })).status).toBe(404);
    expect((await t.call('GET', `/api/wall/project/${lakeId}`)).status).toBe(401);
    const nobody = (await t.userWith(['fall-order#list'])).token;
    expect((await t.call('GET', `/api/wall/project/${lakeId}`, { token: nobody })).status).toBe(403);
  });

  it('issues, lists, uses and revokes kiosk display tokens', async () => {
    const manager = await t.tokenFor('manager');
    const bad = await t.call('POST', '/api/wall/display-token', { token: manager, body: { label: '' }, lang: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.label).toBe('This field is required');
    const noScene = await t.call('POST', '/api/wall/display-token', { token: manager, body: { label: 'Lobby', sceneId: 987654 } });
    expect(noScene.body.data.fields.sceneId).toBe('No such scene');
    expect((await t.call('POST', '/api/wall/display-token', { token: await t.tokenFor('viewer'), body: { label: 'x' } })).status).toBe(403);

    const issued = await t.call('POST', '/api/wall/display-token', { token: manager, body: { label: 'Control room' } });
    expect(issued.status).toBe(200);
    const { token, id, path } = issued.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(path).toContain(`token=${token}`);
    const [row] = await t.database.db.select().from(sysSession).where(eq(sysSession.id, id));
    expect(row).toMatchObject({ kind: 'display', expiresAt: null, userId: null, label: 'Control room' });
    expect(row.tokenHash).not.toBe(token);

    const list = await t.call('GET', '/api/wall/display-token/list', { token: manager });
    expect(list.body.data).toEqual([expect.objectContaining({ id, label: 'Control room' })]);
    expect(JSON.stringify(list.body.data)).not.toContain(token);

    // The display reads walls (read-only viewer grants) but writes nothing and is no user.
    expect((await t.call('GET', `/api/wall/project/${lakeId}`, { token })).status).toBe(200);
    expect((await t.call('GET', '/api/ship/scene/default', { token })).status).toBe(200);
    const session = await t.call('GET', '/api/wall/session', { token });
    expect(session.body.data).toMatchObject({ kind: 'display', label: 'Control room' });
    expect((await t.call('POST', '/api/ship/cards/save', { token, body: { name: 'x', type: 'notice' } })).status).toBe(403);
    expect((await t.call('POST', '/api/wall/display-token', { token, body: { label: 'y' } })).status).toBe(403);

    expect((await t.call('POST', '/api/wall/display-token/revoke', { token: manager, body: { id } })).status).toBe(200);
    expect((await t.call('GET', `/api/wall/project/${lakeId}`, { token })).status).toBe(401);
    expect((await t.call('POST', '/api/wall/display-token/revoke', { token: manager, body: { id } })).status).toBe(404);
    // A user session cannot be "revoked" through the display-token call.
    const [userSession] = await t.database.db.select({ id: sysSession.id }).from(sysSession).where(eq(sysSession.kind, 'user')).limit(1);
    expect((await t.call('POST', '/api/wall/display-token/revoke', { token: manager, body: { id: userSession.id } })).status).toBe(404);
  });

  it('shows only public projects without login, in the caller language, without secrets', async () => {
    const en = await t.call('GET', `/api/public/project/${lakeId}`, { lang: 'en' });
    expect(en.status).toBe(200);
    expect(en.body.data).toMatchObject({ id: lakeId, city: 'Hangzhou', hasPassword: true, figures: { equipmentCount: 4, waterType: 'musical', totalArea: 1200 } });
    expect(en.body.data.introduction).toEqual([expect.objectContaining({ title: 'About' })]);
    expect(JSON.stringify(en.body.data)).not.toMatch(/TOP-SECRET|cameraApp|ak-1|wall-lake/);
    const cn = await t.call('GET', `/api/public/project/${lakeId}`, { lang: 'zh-CN' });
    expect(cn.body.data.introduction).toEqual([expect.objectContaining({ title: '简介' })]);
    const hidden = await t.call('GET', `/api/public/project/${privateId}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.data).toBeNull();
    expect((await t.call('GET', `/api/public/project/${lakeId}/file/1`)).status).toBe(404);
  });

  it('gives the site plan with its pixel size, and serves it publicly only for public projects', async () => {
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#123456' } }).png().toBuffer();
    const plan = await storeFile(t.app, { name: 'plan.png', data: png, ownerType: 'fall_project', ownerId: lakeId, createdBy: 1 });
    const other = await storeFile(t.app, { name: 'other.png', data: png, ownerType: 'fall_project', ownerId: privateId, createdBy: 1 });
    await t.database.db.update(fallProject).set({ mapBackground: plan.id }).where(eq(fallProject.id, lakeId));
    await t.database.db.update(fallProject).set({ mapBackground: other.id }).where(eq(fallProject.id, privateId));
    const wall = await t.call('GET', `/api/wall/project/${lakeId}`, { token: admin });
    expect(wall.body.data.sitePlan).toEqual({ fileId: plan.id, url: `/api/oss/file/download/${plan.id}`, width: 800, height: 500 });
    const pub = await t.call('GET', `/api/public/project/${lakeId}`);
    expect(pub.body.data.sitePlan.url).toBe(`/api/public/project/${lakeId}/file/${plan.id}`);
    const image = await t.app.inject({ method: 'GET', url: pub.body.data.sitePlan.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.length).toBe(png.length);
    // Another project's file through a public project's address, or a private project's own: not found.
    expect((await t.call('GET', `/api/public/project/${lakeId}/file/${other.id}`)).status).toBe(404);
    expect((await t.call('GET', `/api/public/project/${privateId}/file/${other.id}`)).status).toBe(404);
  });

  it('serves the pictures of a public project introduction to anyone, and those of a private project only with the right', async () => {
    const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#2288aa' } }).png().toBuffer();
    const intro = async (projectId: number) => {
      const [row] = await t.database.db.insert(fallProjectIntro).values({ projectId, type: 'overview', language: 'en', title: 'Pictured', content: '' }).returning({ id: fallProjectIntro.id });
      const file = await storeFile(t.app, { name: 'intro.png', data: png, ownerType: 'fall_project_intro', ownerId: row.id, createdBy: 1 });
      await t.database.db.update(fallProjectIntro).set({ content: `<p>Look</p><img src="/api/oss/file/download/${file.id}">` }).where(eq(fallProjectIntro.id, row.id));
      return file.id;
    };
    const shown = await intro(lakeId);
    const hidden = await intro(privateId);
    const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
    // The public form's address: a visitor without a session gets the picture.
    const image = await anonymous(`/api/public/project/${lakeId}/file/${shown}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.length).toBe(png.length);
    // Not through another project's address, not for a private project, and the session's address still needs one.
    expect((await anonymous(`/api/public/project/${lakeId}/file/${hidden}`)).statusCode).toBe(404);
    expect((await anonymous(`/api/public/project/${privateId}/file/${hidden}`)).statusCode).toBe(404);
    expect((await anonymous(`/api/oss/file/download/${hidden}`)).statusCode).toBe(401);
    expect((await t.call('GET', `/api/oss/file/download/${hidden}`, { token: admin })).status).toBe(200);
    // A visitor of the public project sees its pictures with the session, not the private project's.
    const issued = await t.call('POST', '/api/ball/fallproject/password/issue', { token: admin, body: { projectId: lakeId, label: 'Pictures' } });
    const visitor = (await t.call('POST', '/api/ball/public/login2', { body: { projectId: lakeId, password: issued.body.data.password }, ip: '10.0.2.1' })).body.data.token;
    expect((await t.call('GET', `/api/oss/file/download/${shown}`, { token: visitor })).status).toBe(200);
    expect((await t.call('GET', `/api/oss/file/download/${hidden}`, { token: visitor })).status).toBe(403);
  });

  it('ends the visitor sessions a password opened when an administrator revokes it', async () => {
    const issued = await t.call('POST', '/api/ball/fallproject/password/issue', { token: admin, body: { projectId: lakeId, label: 'Tour group' } });
    expect(issued.status).toBe(200);
    const entered = await t.call('POST', '/api/ball/public/login2', {
      body: { projectId: lakeId, password: issued.body.data.password },
      ip: '10.0.1.1',
    });
    const visitor = entered.body.data.token;
    expect((await t.call('GET', `/api/wall/project/${lakeId}`, { token: visitor })).status).toBe(200);
    expect((await t.call('POST', '/api/ball/fallproject/password/revoke', { token: admin, body: { id: issued.body.data.id } })).status).toBe(200);
    expect((await t.call('GET', `/api/wall/project/${lakeId}`, { token: visitor })).status).toBe(401);
  });

  it('opens a visitor session with a live password only, scoped to its project', async () => {
    const login2 = (body: unknown, lang = 'en') => t.call('POST', '/api/ball/public/login2', { body, lang, ip: `10.0.0.${Math.floor(Math.random() * 250)}` });
    for (const password of ['wrong', 'expired-pw', 'revoked-pw', 'private-pw']) {
      const res = await login2({ projectId: lakeId, password });
      expect(res.status).toBe(400);
      expect(res.body.data.fields.password).toBe('The access password is wrong or no longer valid');
    }
    expect((await login2({ projectId: 999999, password: 'open-sesame' })).status).toBe(400);
    // A project that is not public opens to no password, its own included.
    expect((await login2({ projectId: privateId, password: 'private-pw' })).body.data.fields.password).toBe('The access password is wrong or no longer valid');
    const empty = await login2({ projectId: lakeId, password: '' }, 'zh-CN');
    expect(empty.body.data.fields.password).toBe('密码不能为空');

    const ok = await login2({ projectId: lakeId, password: 'open-sesame' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ projectId: lakeId, expire: 12 * 3600 });
    const visitor = ok.body.data.token;
    // The session just opened: the newest of the project's (other tests of the file open visitor sessions too).
    const [row] = await t.database.db.select().from(sysSession).where(eq(sysSession.projectId, lakeId)).orderBy(desc(sysSession.id)).limit(1);
    expect(row.kind).toBe('visitor');
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 11 * HOUR);

    expect((await t.call('GET', `/api/wall/project/${lakeId}`, { token: visitor })).status).toBe(200);
    expect((await t.call('GET', `/api/wall/project/${privateId}`, { token: visitor })).status).toBe(403);
    expect((await t.call('GET', '/api/wall/session', { token: visitor })).body.data).toMatchObject({ kind: 'visitor', projectId: lakeId });
    // Read-only and nothing else: no scenes, no back-office lists, no display tokens.
    expect((await t.call('GET', '/api/ship/scene/default', { token: visitor })).status).toBe(403);
    expect((await t.call('GET', '/api/wall/display-token/list', { token: visitor })).status).toBe(403);

    // Once expired the token is gone.
    await t.database.db.update(sysSession).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sysSession.id, row.id));
    expect((await t.call('GET', `/api/wall/project/${lakeId}`, { token: visitor })).status).toBe(401);
  });

  it('rate-limits password guessing per address', async () => {
    let last = 0;
    for (let n = 0; n < 11; n++) {
      last = (await t.call('POST', '/api/ball/public/login2', { body: { projectId: lakeId, password: 'guess' }, ip: '192.0.2.77' })).status;
    }
    expect(last).toBe(429);
  });
});

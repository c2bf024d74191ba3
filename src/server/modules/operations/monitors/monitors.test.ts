import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { freePort } from '../../../devices/simulator';
import { seedProject } from '@tests/helpers/work-fixtures';

const SECRET = 'very-secret-app-secret';

describe('fall/monitor cameras and live streams', () => {
  let t: TestApp;
  let admin: string;
  let plain: number;
  let cloud: number;
  let fake: Server;
  let fakeUrl: string;
  const calls: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    plain = await seedProject(t, { name: 'Plaza' });
    cloud = await seedProject(t, { name: 'Cloud park', cameraAppKey: 'app-key-1', cameraAppSecret: SECRET });
    // A stand-in for the camera cloud's token endpoint.
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls.push(body);
        const ok = new URLSearchParams(body).get('appSecret') === SECRET;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(ok ? { code: '200', data: { accessToken: 'at.fake-token', expireTime: Date.now() + 3600_000 } } : { code: '10017', msg: 'bad' }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
    fakeUrl = `http://127.0.0.1:${(fake.address() as { port: number }).port}/api/lapp/token/get`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => fake.close(() => r()));
    await t.close();
  });

  const setSetting = async (key: string, value: string) => {
    await t.call('POST', '/api/sys/config/update', { token: admin, body: { key, value } });
    t.app.settings.invalidate();
  };
  /** The token endpoint, its host put on the outbound allow-list as an administrator must (docs/decisions.md "Outbound calls"). */
  const setTokenUrl = async (url: string) => {
    await setSetting('camera.tokenUrl', url);
    await setSetting('security.outboundHosts', new URL(url).host);
  };

  it('requires the serial number first, validates the stream URL, and lists with project names', async () => {
    const noSerial = await t.call('POST', '/api/ball/fallmonitor/save', { token: admin, body: { name: 'Gate cam', projectId: plain } });
    expect(noSerial.status).toBe(400);
    expect(noSerial.body.data.fields).toEqual({ serial: 'Please fill in the device serial number first' });
    const cn = await t.call('POST', '/api/ball/fallmonitor/save', { token: admin, lang: 'zh-CN', body: { name: 'Gate cam', serial: ' ', projectId: plain } });
    expect(cn.body.data.fields.serial).toBe('请先填写设备序列号');
    const badUrl = await t.call('POST', '/api/ball/fallmonitor/save', { token: admin, body: { name: 'x', serial: 'S1', projectId: plain, streamUrl: 'ftp://cam' } });
    expect(badUrl.body.data.fields).toEqual({ streamUrl: 'Wrong URL format' });
    const ok = await t.call('POST', '/api/ball/fallmonitor/save', { token: admin, body: { name: 'Gate cam', serial: 'D123', projectId: plain, streamUrl: 'https://cdn.example.com/live/gate.m3u8' } });
    expect(ok.status).toBe(200);
    const list = await t.call('POST', '/api/ball/fallmonitor/list', { token: admin, body: { page: 1, limit: 10, projectId: plain } });
    expect(list.body.data.list[0]).toMatchObject({ name: 'Gate cam', serial: 'D123', projectName: 'Plaza', channel: 1 });
    const live = await t.call('GET', `/api/ball/fallmonitor/live/${ok.body.data.id}`, { token: admin });
    expect(live.body.data).toEqual({ kind: 'hls', url: 'https://cdn.example.com/live/gate.m3u8' });
  });

  it('fetches and caches a camera-cloud token on the server; the secret never reaches the client', async () => {
    await setTokenUrl(fakeUrl);
    const cam = await t.call('POST', '/api/ball/fallmonitor/save', { token: admin, body: { name: 'Fall cam', serial: 'E9/77', channel: 2, projectId: cloud } });
    const id = cam.body.data.id;
    const first = await t.call('GET', `/api/ball/fallmonitor/live/${id}`, { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ kind: 'ezviz', accessToken: 'at.fake-token', url: 'ezopen://open.ys7.com/E9%2F77/2.live', channel: 2 });
    await t.call('GET', `/api/ball/fallmonitor/live/${id}`, { token: admin });
    expect(calls).toHaveLength(1);
    expect(new URLSearchParams(calls[0]).get('appKey')).toBe('app-key-1');
    for (const url of [`/api/ball/fallmonitor/live/${id}`, `/api/ball/fallmonitor/info/${id}`]) {
      expect(JSON.stringify((await t.call('GET', url, { token: admin })).body)).not.toContain(SECRET);
    }
    expect(JSON.stringify((await t.call('POST', '/api/ball/fallmonitor/list', { token: admin, body: { page: 1, limit: 10 } })).body)).not.toContain(SECRET);
  });

  it('answers "stream unavailable" (503, not 500) when the camera cloud cannot be reached or refuses', async () => {
    const other = await seedProject(t, { cameraAppKey: 'app-key-2', cameraAppSecret: 'wrong-secret' });
    const cam = await t.call('POST', '/api/ball/fallmonitor/save', { token: admin, body: { name: 'Refused', serial: 'R1', projectId: other } });
    const refused = await t.call('GET', `/api/ball/fallmonitor/live/${cam.body.data.id}`, { token: admin });
    expect(refused.status).toBe(503);
    expect(refused.body.msg).toBe('The stream is unavailable');
    await setTokenUrl(`http://127.0.0.1:${await freePort()}/token`);
    const down = await seedProject(t, { cameraAppKey: 'app-key-3', cameraAppSecret: 'x' });
    const cam2 = await t.call('POST', '/api/ball/fallmonitor/save', { token: admin, body: { name: 'Offline', serial: 'O1', projectId: down } });
    const unreachable = await t.call('GET', `/api/ball/fallmonitor/live/${cam2.body.data.id}`, { token: admin, lang: 'zh-CN' });
    expect(unreachable.status).toBe(503);
    expect(unreachable.body.msg).toBe('视频流暂不可用');
    const noKeys = await t.call('POST', '/api/ball/fallmonitor/save', { token: admin, body: { name: 'Bare', serial: 'B1', projectId: plain } });
    expect((await t.call('GET', `/api/ball/fallmonitor/live/${noKeys.body.data.id}`, { token: admin })).status).toBe(503);
    expect((await t.call('GET', '/api/ball/fallmonitor/live/999999', { token: admin })).status).toBe(404);
  });

  it('sends the app secret nowhere but to an allowed host: an unlisted token URL is a 400 in the caller\'s language and no call', async () => {
    const own = await seedProject(t, { cameraAppKey: 'app-key-allow', cameraAppSecret: SECRET });
    const cam = await t.call('POST', '/api/ball/fallmonitor/save', { token: admin, body: { name: 'Allow', serial: 'AL1', projectId: own } });
    const viewer = await t.tokenFor('viewer');
    await setSetting('camera.tokenUrl', fakeUrl);
    const before = calls.length;
    for (const hosts of ['', 'open.ys7.com', '127.0.0.2', `127.0.0.1:${Number(new URL(fakeUrl).port) + 1}`, `*.0.0.1:${new URL(fakeUrl).port}`, 'example.com,localhost']) {
      await setSetting('security.outboundHosts', hosts);
      const refused = await t.call('GET', `/api/ball/fallmonitor/live/${cam.body.data.id}`, { token: viewer });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('The address is not on the allowed outbound hosts (setting security.outboundHosts)');
    }
    const cn = await t.call('GET', `/api/ball/fallmonitor/live/${cam.body.data.id}`, { token: viewer, lang: 'zh-CN' });
    expect(cn.body.msg).toBe('目标地址不在系统配置的外部地址允许列表（security.outboundHosts）中');
    expect(calls.length).toBe(before);
    // Listed (among others, with spaces and a new line): the call goes out.
    await setSetting('security.outboundHosts', `example.com, ${new URL(fakeUrl).host}\nopen.ys7.com`);
    expect((await t.call('GET', `/api/ball/fallmonitor/live/${cam.body.data.id}`, { token: viewer })).status).toBe(200);
    expect(calls.length).toBe(before + 1);
  });

  it('checks permissions', async () => {
    expect((await t.call('GET', '/api/ball/fallmonitor/live/1')).status).toBe(401);
    const { token } = await t.userWith(['fall-order#list']);
    expect((await t.call('GET', '/api/ball/fallmonitor/live/1', { token })).status).toBe(403);
    expect((await t.call('POST', '/api/ball/fallmonitor/save', { token, body: {} })).status).toBe(403);
  });
});

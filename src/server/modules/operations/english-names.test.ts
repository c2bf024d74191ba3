import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { applyReading, labelAfterChannel } from './detect/readings';
import { renderText } from '@shared/server-text';

/**
 * One language at a time holds for data (migration 0029): every name a screen shows is kept in both
 * languages, saved and listed with its English form, and found by a search in either language.
 */
describe('names in both languages', () => {
  let t: TestApp;
  let admin: string;
  let projectId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    projectId = (await t.call('POST', '/api/ball/fallproject/save', { token: admin, body: { name: '西湖音乐喷泉', nameEn: 'West Lake Fountain', uniqueKey: 'CN-WL' } })).body.data.id;
   }, 180_000);
  afterAll(() => t.close());

  const list = (path: string, body: Record<string, unknown>) =>
    t.call('POST', `/api/ball/${path}/list`, { token: admin, body: { page: 1, limit: 50, ...body } }).then((r) => r.body.data.list as Record<string, unknown>[]);

  it('saves, lists and finds each resource by its Chinese or its English name', async () => {
    const device = await t.call('POST', '/api/ball/falldevice/save', { token: admin, body: { name: '摇摆喷头', nameEn: 'Oscillating nozzle', category: 'nozzle', remark: '音乐摇摆', remarkEn: 'Swings with the music' } });
    expect(device.status).toBe(200);
    const deviceId = device.body.data.id as number;
    const cases: [string, Record<string, unknown>, string, string, string][] = [
      ['falldevice', {}, 'keyword', '摇摆', 'oscillating'],
      ['falleqinfo', { name: 'N-01 摇摆喷头', nameEn: 'N-01 Oscillating nozzle', projectId, deviceId }, 'keyword', 'N-01 摇摆', 'n-01 oscillating'],
      ['fallmonitor', { name: '泵房', nameEn: 'Pump room', serial: 'E1234', projectId, remark: '球机', remarkEn: 'PTZ' }, 'name', '泵房', 'pump room'],
      ['fallothers', { name: '主水池液位', nameEn: 'Main pool level', kind: 'water_level', projectId }, 'name', '液位', 'pool level'],
      ['falltrain', { name: '喷头保养', nameEn: 'Nozzle care', content: '内容', contentEn: 'Content', projectId, deviceId }, 'name', '保养', 'nozzle care'],
      ['falldraw', { name: '总平面图', nameEn: 'Site plan', description: '布置', descriptionEn: 'Layout', projectId }, 'name', '平面', 'site plan'],
    ];
    for (const [path, body, field, cn, en] of cases) {
      if (path !== 'falldevice') expect((await t.call('POST', `/api/ball/${path}/save`, { token: admin, body })).status, path).toBe(200);
      const byCn = await list(path, { [field]: cn });
      const byEn = await list(path, { [field]: en });
      expect(byCn.length, `${path} by ${cn}`).toBe(1);
      expect(byEn.map((r) => r.id), `${path} by ${en}`).toEqual(byCn.map((r) => r.id));
      expect(byEn[0].nameEn, path).toMatch(/[A-Za-z]/);
    }
    const [unit] = await list('falleqinfo', { keyword: 'oscillating' });
    expect(unit).toMatchObject({ name: 'N-01 摇摆喷头', nameEn: 'N-01 Oscillating nozzle', deviceName: '摇摆喷头', deviceNameEn: 'Oscillating nozzle' });
    const [training] = await list('falltrain', { name: 'nozzle' });
    expect(training).toMatchObject({ nameEn: 'Nozzle care', contentEn: 'Content', deviceNameEn: 'Oscillating nozzle' });
    // The English form is optional: a record without one keeps ''.
    await t.call('POST', '/api/ball/fallothers/save', { token: admin, body: { name: '水温', kind: 'temperature', projectId } });
    expect((await list('fallothers', { name: '水温' }))[0].nameEn).toBe('');
  });

  it('keeps notices and role remarks in both languages', async () => {
    const notice = await t.call('POST', '/api/sys/content/save', { token: admin, body: { title: '停水通知', titleEn: 'Water off', body: '周一停水', bodyEn: 'No water on Monday', published: true } });
    expect(notice.status).toBe(200);
    const found = await t.call('POST', '/api/sys/content/list', { token: admin, body: { title: 'water off', page: 1, limit: 10 } });
    expect(found.body.data.list).toEqual([expect.objectContaining({ title: '停水通知', titleEn: 'Water off', bodyEn: 'No water on Monday' })]);
    const current = await t.call('GET', '/api/sys/content/current', { token: admin });
    expect(current.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ titleEn: 'Water off', bodyEn: 'No water on Monday' })]));
    const role = await t.call('POST', '/api/sys/role/save', { token: admin, body: { code: 'auditor', name: '审计', nameEn: 'Auditor', remark: '只读', remarkEn: 'Read only' } });
    expect(role.status).toBe(200);
    const roles = await t.call('POST', '/api/sys/role/list', { token: admin, body: { name: 'auditor', page: 1, limit: 10 } });
    expect(roles.body.data.list).toEqual([expect.objectContaining({ remark: '只读', remarkEn: 'Read only' })]);
    // The seeded roles say what they are in both languages.
    const seeded = await t.call('POST', '/api/sys/role/list', { token: admin, body: { code: 'administrator', page: 1, limit: 10 } });
    expect(seeded.body.data.list[0]).toMatchObject({ remark: '全部权限', remarkEn: 'Everything' });
  });

  it('refuses an English name that is too long, in the caller’s language', async () => {
    const long = 'x'.repeat(129);
    const en = await t.call('POST', '/api/ball/falleqinfo/save', { token: admin, body: { name: '泵', nameEn: long, projectId }, lang: 'en' });
    expect(en.status).toBe(400);
    expect(en.body.data.fields.nameEn).toMatch(/too long/i);
    const cn = await t.call('POST', '/api/ball/falldevice/save', { token: admin, body: { name: '泵', nameEn: long, category: 'pump' }, lang: 'zh-CN' });
    expect(cn.status).toBe(400);
    expect(cn.body.data.fields.nameEn).toMatch(/[\u4e00-\u9fff]/);
    const notice = await t.call('POST', '/api/sys/content/save', { token: admin, body: { title: 'x', titleEn: 'y'.repeat(201) }, lang: 'en' });
    expect(notice.status).toBe(400);
    expect(Object.keys(notice.body.data.fields)).toEqual(['titleEn']);
  });

  it('finds a board by either name or its number, and writes a channel label once, in each language', async () => {
    const board = await t.call('POST', '/api/ball/falldetect/save', { token: admin, body: { projectId, boardName: '1# 检测板', boardNameEn: 'Board 1', boardNo: 'DB-01' } });
    expect(board.status).toBe(200);
    const id = board.body.data.id as number;
    for (const q of ['Board', '检测板', 'DB-01']) expect((await list('falldetect', { boardName: q })).map((b) => b.id), q).toEqual([id]);
    const saved = await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id, channels: [{ ch: 3, label: 'CH3 灯光', labelEn: 'Light' }] } });
    expect(saved.status).toBe(200);
    const info = await t.call('GET', `/api/ball/falldetect/info/${id}`, { token: admin });
    expect(info.body.data.channels.find((c: { ch: number }) => c.ch === 3)).toMatchObject({ label: 'CH3 灯光', labelEn: 'Light' });
    await applyReading(t.app, id, [{ ch: 3, switch: 1, analog: 50 }]);
    const [{ info: text }] = await t.database.query<{ info: string }>('SELECT info FROM fall_warning WHERE detect_id = $1 AND channel = 3', [id]);
    expect(renderText(text, 'en')).toBe('Board 1 CH3 Light: switch fault (1)');
    expect(renderText(text, 'cn')).toBe('1# 检测板 CH3 灯光：开关量故障（1）');
  });

  it('takes a repeated channel number off a label', () => {
    expect(labelAfterChannel('CH3 light', 3)).toBe(' light');
    expect(labelAfterChannel('ch03: 灯光', 3)).toBe(' 灯光');
    expect(labelAfterChannel('CH3', 3)).toBe('');
    expect(labelAfterChannel('CH31 light', 3)).toBe(' CH31 light');
    expect(labelAfterChannel('', 3)).toBe('');
  });
});

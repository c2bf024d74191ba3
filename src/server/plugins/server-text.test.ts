import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { fallOrder, fallWarning } from '../db/schema';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { applyReading, checkOffline } from '../modules/operations/detect/readings';

/** One language per screen: text the server writes is a message key with parameters, read in the caller's language. */
describe('server text in the reader language', () => {
  let t: TestApp;
  let admin: string;
  let projectId: number;
  let boardId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    projectId = await seedProject(t, { name: '湖滨喷泉', nameEn: 'Lakeside Fountain', autoOrder: true });
    const pump = await seedEquipment(t, projectId, 'Pump 1');
    const board = await t.call('POST', '/api/ball/falldetect/save', { token: admin, body: { projectId, boardName: '1# 检测板', boardNameEn: 'Board 1', boardNo: 'B-01', pollSeconds: 10 } });
    boardId = board.body.data.id;
    await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id: boardId, channels: [{ ch: 2, equipmentId: pump }] } });
  });
  afterAll(() => t.close());

  it('a warning raised by a reading reads in Chinese with zh and in English with en, and so does its automatic order', async () => {
    const out = await applyReading(t.app, boardId, [{ ch: 2, switch: 1, analog: 0 }]);
    expect(out.opened).toHaveLength(1);
    const [stored] = await t.database.db.select().from(fallWarning).where(eq(fallWarning.id, out.opened[0]));
    expect(stored.info.startsWith('[[text.switchFault]]')).toBe(true);

    const zh = await t.call('GET', `/api/ball/fallwarning/info/${out.opened[0]}`, { token: admin, lang: 'zh-CN,zh;q=0.9' });
    expect(zh.body.data.info).toBe('1# 检测板 CH2：开关量故障（1）');
    const en = await t.call('POST', '/api/ball/fallwarning/list', { token: admin, lang: 'en', body: { page: 1, limit: 5, projectId } });
    expect(en.body.data.list[0].info).toBe('Board 1 CH2: switch fault (1)');
    const latest = await t.call('POST', '/api/ball/fallwarning/latest', { token: admin, lang: 'zh', body: { projectId } });
    expect(latest.body.data.list[0].info).toBe('1# 检测板 CH2：开关量故障（1）');

    expect(out.orders).toHaveLength(1);
    const orderEn = await t.call('GET', `/api/ball/fallorder/info/${out.orders[0]}`, { token: admin, lang: 'en' });
    expect(orderEn.body.data).toMatchObject({ name: 'Board 1 CH2: switch fault (1)', description: 'Board 1 CH2: switch fault (1)' });
    const orderZh = await t.call('GET', `/api/ball/fallorder/info/${out.orders[0]}`, { token: admin, lang: 'zh' });
    expect(orderZh.body.data.name).toBe('1# 检测板 CH2：开关量故障（1）');
    // The export is in the caller's language too.
    const csv = await t.call('POST', '/api/ball/fallorder/export', { token: admin, lang: 'en', body: { format: 'csv', projectId, columns: [{ prop: 'name', label: 'Name' }] } });
    expect(String(csv.body)).toContain('Board 1 CH2: switch fault (1)');
    expect(String(csv.body)).not.toContain('[[text.');

    // Saving the order form back unchanged keeps the bilingual stored form.
    const update = await t.call('POST', '/api/ball/fallorder/update', { token: admin, lang: 'en', body: { id: out.orders[0], name: 'Board 1 CH2: switch fault (1)', priority: 'urgent' } });
    expect(update.status).toBe(200);
    const [order] = await t.database.db.select().from(fallOrder).where(eq(fallOrder.id, out.orders[0]));
    expect(order.name.startsWith('[[text.switchFault]]')).toBe(true);
    expect(order.priority).toBe('urgent');

    // An analog fault names its value and range.
    const analog = await applyReading(t.app, boardId, [{ ch: 3, switch: 0, analog: 150 }]);
    const a = await t.call('GET', `/api/ball/fallwarning/info/${analog.opened[0]}`, { token: admin, lang: 'zh' });
    expect(a.body.data.info).toBe('1# 检测板 CH3：模拟量 150 超出 0–100');
  });

  it('the offline warning and the note that closes it follow the language', async () => {
    await t.database.query(`UPDATE fall_detect SET last_seen = now() - interval '1 hour', online = true WHERE id = $1`, [boardId]);
    const [id] = await checkOffline(t.app);
    expect(id).toBeDefined();
    const en = await t.call('GET', `/api/ball/fallwarning/info/${id}`, { token: admin, lang: 'en' });
    expect(en.body.data.info).toBe('Board 1: no data for 30 s (offline)');
    const zh = await t.call('GET', `/api/ball/fallwarning/info/${id}`, { token: admin, lang: 'zh' });
    expect(zh.body.data.info).toBe('1# 检测板：30 秒无数据（离线）');
    await applyReading(t.app, boardId, [{ ch: 1, switch: 0, analog: 50 }]);
    const closed = await t.call('GET', `/api/ball/fallwarning/info/${id}`, { token: admin, lang: 'zh' });
    expect(closed.body.data).toMatchObject({ result: 'fixed', note: '检测板恢复上报' });
  });

  it('job names, job descriptions and handler descriptions follow the language', async () => {
    const zh = await t.call('POST', '/api/job/schedule/list', { token: admin, lang: 'zh', body: { page: 1, limit: 20 } });
    const en = await t.call('POST', '/api/job/schedule/list', { token: admin, lang: 'en', body: { page: 1, limit: 20 } });
    const pick = (body: { data: { list: { handler: string; name: string; remark: string }[] } }) => body.data.list.find((j) => j.handler === 'log.purge');
    expect(pick(zh.body)).toMatchObject({ name: '日志保留' });
    expect(pick(zh.body)?.remark).toContain('每天 03:30');
    expect(pick(en.body)).toMatchObject({ name: 'Log retention', remark: 'Deletes operation, login and job logs older than log.retentionDays (daily 03:30)' });
    const handlersZh = await t.call('GET', '/api/job/schedule/handlers', { token: admin, lang: 'zh' });
    const handlersEn = await t.call('GET', '/api/job/schedule/handlers', { token: admin, lang: 'en' });
    const purge = (b: { data: { name: string; description: string }[] }) => b.data.find((h) => h.name === 'captcha.purge')?.description;
    expect(purge(handlersZh.body)).toBe('删除过期的验证码和会话');
    expect(purge(handlersEn.body)).toBe('Deletes expired captchas and expired sessions');
  });

  it('setting descriptions follow the language and stay bilingual when a value is saved', async () => {
    const read = async (lang: string) => {
      const res = await t.call('POST', '/api/sys/config/list', { token: admin, lang, body: { page: 1, limit: 50 } });
      return res.body.data.list.find((c: { key: string }) => c.key === 'detect.closeAfterNormal') as { remark: string };
    };
    expect((await read('zh')).remark).toBe('关闭通道告警所需的连续正常读数次数');
    expect((await read('en')).remark).toBe('Normal readings that close a channel warning');
    const saved = await t.call('POST', '/api/sys/config/update', {
      token: admin,
      lang: 'en',
      body: { key: 'detect.closeAfterNormal', value: '4', remark: 'Normal readings that close a channel warning' },
    });
    expect(saved.status).toBe(200);
    expect((await read('zh')).remark).toBe('关闭通道告警所需的连续正常读数次数');
    await t.call('POST', '/api/sys/config/update', { token: admin, body: { key: 'detect.closeAfterNormal', value: '3' } });
  });

  it('migration 0018 turns the old one-language texts it recognises into message keys and leaves the rest', async () => {
    const [w] = await t.database.db
      .insert(fallWarning)
      .values([
        { info: '1# 检测板 CH4 Jet: switch fault (1)', projectId, detectId: boardId, channel: 4, kind: 'channel', result: 'fixed', note: 'normal for 3 readings' },
        { info: 'Pump broke, says the caretaker', projectId, detectId: boardId, kind: 'channel', result: 'fixed', note: 'Replaced relay' },
      ])
      .returning({ id: fallWarning.id });
    await t.database.query(`UPDATE sys_config SET remark = 'Days operation and login logs are kept' WHERE key = 'log.retentionDays'`);
    // Run again on today's schema: its widening of fall_order.name is done already, and name_shown
    // (0034, generated from the name) forbids altering the name's type, so that one statement is left out.
    const sql0018 = (await readFile(new URL('../db/migrations/0018_language.sql', import.meta.url), 'utf8')).replace('ALTER TABLE fall_order ALTER COLUMN name TYPE varchar(600);', '');
    await t.database.exec(sql0018);
    const zh = await t.call('GET', `/api/ball/fallwarning/info/${w.id}`, { token: admin, lang: 'zh' });
    expect(zh.body.data).toMatchObject({ info: '1# 检测板 CH4 Jet：开关量故障（1）', note: '连续 3 次读数正常' });
    const en = await t.call('GET', `/api/ball/fallwarning/info/${w.id}`, { token: admin, lang: 'en' });
    expect(en.body.data.info).toBe('Board 1 CH4 Jet: switch fault (1)');
    const other = await t.call('GET', `/api/ball/fallwarning/info/${w.id + 1}`, { token: admin, lang: 'zh' });
    expect(other.body.data).toMatchObject({ info: 'Pump broke, says the caretaker', note: 'Replaced relay' });
    const [config] = await t.database.query<{ remark: string }>(`SELECT remark FROM sys_config WHERE key = 'log.retentionDays'`);
    expect(config.remark).toBe('[[setting.log.retentionDays]]');
  });
});

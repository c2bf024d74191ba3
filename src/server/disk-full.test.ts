import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { LocalStorage } from './storage/local-storage';

/**
 * A full disk (issue 37): a write refused for want of space answers, in the caller's language, that
 * the disk is full and nothing was saved (not "server error"); readiness goes red; what was saved
 * before is untouched. The database's refusal is PostgreSQL's own disk_full (53100), raised by a
 * trigger, so it comes through the real driver on either engine; the file store's is ENOSPC from
 * its write.
 */
describe('a full disk', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.database.exec('DROP TRIGGER IF EXISTS disk_full_test ON fall_project; DROP FUNCTION IF EXISTS disk_full_test()');
  });

  const saveProject = (key: string, lang = 'en') => t.call('POST', '/api/ball/fallproject/save', { token: admin, body: { name: `Disk ${key}`, uniqueKey: key }, lang });

  it("answers that the database's disk is full, saves nothing, harms nothing saved, and readiness goes red", async () => {
    const kept = await saveProject('DISK-KEPT');
    expect(kept.status).toBe(200);
    expect((await t.call('GET', '/api/health/ready')).status).toBe(200);
    await t.database.exec(`
      CREATE FUNCTION disk_full_test() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file "base/16384/16385": No space left on device' USING ERRCODE = 'disk_full'; END $$;
      CREATE TRIGGER disk_full_test BEFORE INSERT OR UPDATE ON fall_project FOR EACH ROW EXECUTE FUNCTION disk_full_test();`);

    const en = await saveProject('DISK-NEW');
    expect(en.status).toBe(507);
    expect(en.body).toEqual({ code: 507, msg: "The server's disk is full; nothing was saved", data: null });
    const cn = await saveProject('DISK-NEW', 'zh-CN');
    expect(cn.body.msg).toBe('服务器磁盘已满，未保存任何内容');
    const update = await t.call('POST', '/api/ball/fallproject/update', { token: admin, body: { id: kept.body.data.id, name: 'Renamed' } });
    expect(update.status).toBe(507);

    const ready = await t.call('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.data.parts.disk).toMatchObject({ status: 'down', detail: expect.stringContaining('no space') });
    expect((await t.call('GET', '/api/health/live')).status).toBe(200);

    const rows = await t.database.query<{ unique_key: string; name: string }>(`SELECT unique_key, name FROM fall_project WHERE unique_key LIKE 'DISK-%'`);
    expect(rows).toEqual([{ unique_key: 'DISK-KEPT', name: 'Disk DISK-KEPT' }]);
    const read = await t.call('GET', `/api/ball/fallproject/info/${kept.body.data.id}`, { token: admin });
    expect(read.body.data).toMatchObject({ name: 'Disk DISK-KEPT' });
  });

  it('answers that the disk is full when the file store cannot write, and records no file', async () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    vi.spyOn(LocalStorage.prototype, 'put').mockRejectedValue(enospc);
    const before = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM oss_file');
    const boundary = 'cascadeboundary';
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="manual.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const tried = Date.now();
    for (const [lang, msg] of [['en', "The server's disk is full; nothing was saved"], ['zh-CN', '服务器磁盘已满，未保存任何内容']]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/oss/file/upload?ownerType=fall_order',
        headers: { authorization: `Bearer ${admin}`, 'accept-language': lang, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode).toBe(507);
      expect(JSON.parse(res.body)).toMatchObject({ code: 507, msg });
    }
    expect(await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM oss_file')).toEqual(before);
    // This refusal (not the one before) is what readiness now reports.
    expect(t.app.availability.diskFullAt).toBeGreaterThanOrEqual(tried);
    expect((await t.call('GET', '/api/health/ready')).status).toBe(503);
  });
});

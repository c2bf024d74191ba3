import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { newToken } from '../../lib/password';
import { fallProject, ossConfig, ossFile, sysSession } from '../../db/schema';
import { purgeOrphanFiles, storageOf } from './files.service';
import { PDF_BYTES, pngBytes, upload } from '@tests/helpers/file-uploads';

describe('file service', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
  });
  afterAll(() => t.close());

  const raw = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('stores an image with a thumbnail and streams both back with their content types', async () => {
    const png = await pngBytes(800, 600);
    const res = await upload(t, { token: admin, name: '总平面图.png', data: png, ownerType: 'fall_project' });
    expect(res.status).toBe(200);
    const file = res.body.data;
    expect(file).toMatchObject({ name: '总平面图.png', contentType: 'image/png', size: png.length });
    expect(file.url).toBe(`/api/oss/file/download/${file.id}`);
    const down = await raw(file.url, admin);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('image/png');
    expect(down.headers['content-disposition']).toContain("filename*=UTF-8''%E6%80%BB");
    expect(Buffer.compare(down.rawPayload, png)).toBe(0);
    const thumb = await raw(file.thumbUrl, admin);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(thumb.rawPayload.length).toBeLessThan(png.length);
  });

  it('stores new uploads in the active local configuration’s folder and reads older files where they are', async () => {
    const before = await upload(t, { token: admin, name: 'before.pdf', data: PDF_BYTES });
    const [disk] = await t.database.db.insert(ossConfig).values({ name: 'Wall disk', provider: 'local', config: { folder: 'wall/2026' }, active: true }).returning({ id: ossConfig.id });
    try {
      const after = await upload(t, { token: admin, name: 'after.png', data: await pngBytes() });
      const keys = async (id: number) => (await t.database.db.select().from(ossFile).where(eq(ossFile.id, id)))[0];
      expect((await keys(after.body.data.id)).storageKey).toMatch(/^wall\/2026\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
      expect((await keys(after.body.data.id)).thumbKey).toMatch(/^wall\/2026\/.*\.thumb\.webp$/);
      expect((await keys(before.body.data.id)).storageKey).toMatch(/^\d{4}\//);
      expect(await storageOf(t.app).exists((await keys(after.body.data.id)).storageKey)).toBe(true);
      expect((await raw(after.body.data.url, admin)).statusCode).toBe(200);
      expect((await raw(before.body.data.url, admin)).statusCode).toBe(200);
    } finally {
      // It holds a file now (config_id): it stays, no longer active.
      await t.database.db.update(ossConfig).set({ active: false }).where(eq(ossConfig.id, disk.id));
    }
  });

  it('decides the type by content: a PDF named .png is refused, a real PDF is stored as a PDF', async () => {
    const disguised = await upload(t, { token: admin, name: 'plan.png', data: PDF_BYTES, ownerType: 'fall_project' });
    expect(disguised.status).toBe(400);
    expect(disguised.body.data.fields).toEqual({ file: 'The file content does not match its extension' });
    const cn = await upload(t, { token: admin, name: 'plan.png', data: PDF_BYTES, lang: 'zh-CN' });
    expect(cn.body.data.fields.file).toBe('文件内容与扩展名不符');
    const unknown = await upload(t, { token: admin, name: 'run.pdf', data: Buffer.from('MZ\x90\x00 not a document') });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields.file).toBe('This file type is not supported');
    const pdf = await upload(t, { token: admin, name: 'manual.pdf', data: PDF_BYTES, ownerType: 'fall_device' });
    expect(pdf.body.data).toMatchObject({ contentType: 'application/pdf', thumbUrl: null });
    const dxf = await upload(t, { token: admin, name: 'site.dxf', data: Buffer.from('0\nSECTION\n2\nHEADER\n0\nENDSEC\n0\nEOF\n') });
    expect(dxf.body.data.contentType).toBe('image/vnd.dxf');
  });

  it('refuses uploads without a session, without an upload permission, or for records the user cannot write', async () => {
    const png = await pngBytes();
    expect((await upload(t, { name: 'a.png', data: png })).status).toBe(401);
    const reader = await t.userWith(['fall-project#list', 'fall-project#info']);
    expect((await upload(t, { token: reader.token, name: 'a.png', data: png, ownerType: 'fall_project' })).status).toBe(403);
    const orders = await t.userWith(['fall-order#save']);
    expect((await upload(t, { token: orders.token, name: 'a.png', data: png, ownerType: 'fall_project' })).status).toBe(403);
    expect((await upload(t, { token: orders.token, name: 'a.png', data: png, ownerType: 'fall_order' })).status).toBe(200);
    expect((await upload(t, { token: orders.token, name: 'a.png', data: png })).status).toBe(403);
    const general = await t.userWith(['oss-upload#upload']);
    expect((await upload(t, { token: general.token, name: 'a.png', data: png })).status).toBe(200);
    const bad = await upload(t, { token: admin, name: 'a.png', data: png, ownerType: 'nonsense' });
    expect(bad.status).toBe(400);
    // The owner kind may also come as a form field before the file.
    expect((await upload(t, { token: orders.token, name: 'a.png', data: png, ownerField: 'fall_order' })).status).toBe(200);
    expect((await upload(t, { token: orders.token, name: 'a.png', data: png, ownerField: 'fall_project' })).status).toBe(403);
    const badField = await upload(t, { token: admin, name: 'a.png', data: png, ownerField: 'nonsense' });
    expect(badField.status).toBe(400);
    expect(badField.body.data.fields).toEqual({ ownerType: 'Invalid value' });
  });

  it('answers 413 above the configured limits (files and images separately)', async () => {
    await t.app.settings.set('upload.maxMb', '1');
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const res = await upload(t, { token: admin, name: 'big.pdf', data: big });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 413, msg: 'Too large' });
    await t.app.settings.set('upload.maxMb', '20');
    await t.app.settings.set('upload.imageMaxMb', '0.01');
    const image = await upload(t, { token: admin, name: 'photo.png', data: await pngBytes(400, 400, '#123456').then((b) => Buffer.concat([b, Buffer.alloc(20_000)])) });
    expect(image.status).toBe(413);
    await t.app.settings.set('upload.imageMaxMb', '10');
    const [{ n }] = await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM oss_file WHERE original_name IN ('big.pdf', 'photo.png')");
    expect(n).toBe(0);
  });

  it('refuses an upload over the limit sent by Node\'s fetch with 413 and stores nothing, whatever its size against the chunks (a real listening server)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await t.app.settings.set('upload.maxMb', '1');
    try {
      const limit = 1024 * 1024;
      const [{ n: before }] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM oss_file');
      // Over by one byte, by one of fetch's 64 KiB chunks, and twice the limit: fetch's chunks ended
      // exactly on the limit, and busboy marked the file cut only after the last one was read.
      for (const size of [limit + 1, limit + 65_536, 2 * limit, 3 * limit + 17]) {
        for (const url of ['/api/oss/file/upload', '/api/sys/xmlx/upload?dryRun=true']) {
          const form = new FormData();
          form.append('file', new Blob([PDF_BYTES, Buffer.alloc(size - PDF_BYTES.length, 0x20)]), url.includes('xmlx') ? 'big.csv' : 'big.pdf');
          const res = await fetch(`${address}${url}`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' }, body: form });
          const body = (await res.json()) as { code: number; msg: string };
          expect({ url, size, status: res.status, code: body.code }).toEqual({ url, size, status: 413, code: 413 });
        }
      }
      // The client that pauses exactly at the limit (a stream body, as a proxy or a slow disk sends):
      // every byte up to the limit arrived and was read before the next one said there was more.
      for (const url of ['/api/oss/file/upload', '/api/sys/xmlx/upload?dryRun=true']) {
        const boundary = 'cascadeexact';
        const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${url.includes('xmlx') ? 'cut.csv' : 'cut.pdf'}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(Buffer.concat([head, PDF_BYTES, Buffer.alloc(limit - PDF_BYTES.length, 0x20)]));
            await new Promise((resolve) => setTimeout(resolve, 300));
            controller.enqueue(Buffer.concat([Buffer.alloc(4096, 0x20), Buffer.from(`\r\n--${boundary}--\r\n`)]));
            controller.close();
          },
        });
        const res = await fetch(`${address}${url}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
          body,
          duplex: 'half',
        } as RequestInit);
        const answer = (await res.json()) as { code: number; data: unknown };
        expect({ url, status: res.status, code: answer.code }).toEqual({ url, status: 413, code: 413 });
      }
      const [{ n: after }] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM oss_file');
      expect(after).toBe(before);
      // Exactly the limit is whole, and stored.
      const form = new FormData();
      form.append('file', new Blob([PDF_BYTES, Buffer.alloc(limit - PDF_BYTES.length, 0x20)]), 'exact.pdf');
      const res = await fetch(`${address}/api/oss/file/upload`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { size: number } }).data.size).toBe(limit);
    } finally {
      await t.app.settings.set('upload.maxMb', '20');
    }
  });

  it('lets only users who may see the owning record download a file', async () => {
    const plan = (await upload(t, { token: admin, name: 'plan.png', data: await pngBytes(), ownerType: 'fall_project' })).body.data;
    const [project] = await t.database.db
      .insert(fallProject)
      .values({ name: 'P', uniqueKey: 'files-owner', mapBackground: plan.id })
      .returning({ id: fallProject.id });
    await t.database.db.update(ossFile).set({ ownerId: project.id }).where(eq(ossFile.id, plan.id));
    const orderReader = await t.userWith(['fall-order#info', 'oss-file#download']);
    const projectReader = await t.userWith(['fall-project#info']);
    expect((await raw(plan.url, orderReader.token)).statusCode).toBe(403);
    expect((await raw(plan.url, projectReader.token)).statusCode).toBe(200);
    expect((await raw(plan.url)).statusCode).toBe(401);
    expect((await raw('/api/oss/file/download/999999', admin)).statusCode).toBe(404);
    const meta = await t.call('GET', `/api/oss/file/meta?ids=${plan.id}`, { token: orderReader.token });
    expect(meta.body.data).toEqual([]);

    // Unowned: the uploader and file administrators (file list and download) only; the download
    // right alone no longer opens other users' uploads (a viewer could download them).
    const uploader = await t.userWith(['oss-upload#upload']);
    const mine = (await upload(t, { token: uploader.token, name: 'mine.pdf', data: PDF_BYTES })).body.data;
    expect((await raw(mine.url, uploader.token)).statusCode).toBe(200);
    expect((await raw(mine.url, projectReader.token)).statusCode).toBe(403);
    expect((await raw(mine.url, orderReader.token)).statusCode).toBe(403);
    const fileAdmin = await t.userWith(['oss-file#list', 'oss-file#download']);
    expect((await raw(mine.url, fileAdmin.token)).statusCode).toBe(200);

    // A visitor of a public project sees its site plan; of another project, nothing.
    const visitor = async (projectId: number) => {
      const { token, hash } = newToken();
      await t.database.db.insert(sysSession).values({ tokenHash: hash, kind: 'visitor', projectId, expiresAt: new Date(Date.now() + 3600_000) });
      return token;
    };
    const guest = await visitor(project.id);
    expect((await raw(plan.url, guest)).statusCode).toBe(403); // not public yet
    await t.database.db.update(fallProject).set({ isPublic: true }).where(eq(fallProject.id, project.id));
    expect((await raw(plan.url, guest)).statusCode).toBe(200);
    expect((await raw(plan.url, await visitor(project.id + 1000))).statusCode).toBe(403);
    expect((await raw(mine.url, guest)).statusCode).toBe(403);
  });

  it('purges unowned files older than the threshold, bytes and all, and keeps owned and recent ones', async () => {
    const old = (await upload(t, { token: admin, name: 'old.png', data: await pngBytes() })).body.data;
    const fresh = (await upload(t, { token: admin, name: 'fresh.pdf', data: PDF_BYTES })).body.data;
    const [row] = await t.database.db.select().from(ossFile).where(eq(ossFile.id, old.id));
    await t.database.query("UPDATE oss_file SET created_at = now() - interval '2 days' WHERE id = $1", [old.id]);
    // A file whose owner row is gone counts as an orphan too.
    await t.database.query("UPDATE oss_file SET owner_type = 'fall_order', owner_id = 424242, created_at = now() - interval '2 days' WHERE id = $1", [fresh.id]);
    const storage = storageOf(t.app);
    expect(await storage.exists(row.storageKey)).toBe(true);
    const removed = await purgeOrphanFiles(t.app, 24);
    expect(removed).toBeGreaterThanOrEqual(2);
    expect(await storage.exists(row.storageKey)).toBe(false);
    expect(await storage.exists(row.thumbKey!)).toBe(false);
    const left = await t.database.query<{ id: number }>('SELECT id FROM oss_file WHERE id = ANY($1::int[])', [[old.id, fresh.id]]);
    expect(left).toEqual([]);
    const owned = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM oss_file WHERE owner_id IS NOT NULL');
    expect(owned[0].n).toBeGreaterThan(0);
  });
});

describe('files.purgeOrphans job', () => {
  it('is a registered job handler that runs the purge with its hours parameter', async () => {
    const { getJobHandler } = await import('../../jobs/registry');
    await import('./index');
    const handler = getJobHandler('files.purgeOrphans');
    expect(handler).toBeDefined();
    expect(handler!.params.safeParse({ hours: 0 }).success).toBe(false);
    const t = await createTestApp();
    try {
      const admin = await t.tokenFor('admin');
      const file = (await upload(t, { token: admin, name: 'gone.pdf', data: PDF_BYTES })).body.data;
      await t.database.query("UPDATE oss_file SET created_at = now() - interval '3 hours' WHERE id = $1", [file.id]);
      expect(await handler!.run({ app: t.app, log: t.app.log, holder: 'test' }, { hours: 4 })).toEqual({ hours: 4, removed: 0 });
      expect(await handler!.run({ app: t.app, log: t.app.log, holder: 'test' }, { hours: 2 })).toEqual({ hours: 2, removed: 1 });
    } finally {
      await t.close();
    }
  });
});

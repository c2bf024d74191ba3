import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { pngBytes, upload } from '@tests/helpers/file-uploads';
import { startS3, type TestS3 } from '@tests/helpers/s3rver';
import { logCapture } from '@tests/helpers/log-capture';
import { ossConfig, ossFile, sysLog } from '../../db/schema';
import { S3Storage } from '../../storage/s3-storage';
import { storageOf } from './files.service';

const MB = 1024 * 1024;

/** A PDF the sniffer accepts, `size` bytes long, with content that differs along its length. */
function bigPdf(size: number): Buffer {
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4096) data.writeUInt32BE(i, i);
  Buffer.from('%PDF-1.4\n').copy(data, 0);
  return data;
}

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The commands a storage's client sends, by name, from now on. */
function recordCommands(storage: S3Storage): string[] {
  const sent: string[] = [];
  const send = storage.client.send.bind(storage.client);
  storage.client.send = ((command: { constructor: { name: string } }, ...rest: unknown[]) => {
    sent.push(command.constructor.name.replace(/Command$/, ''));
    return (send as (...a: unknown[]) => unknown)(command, ...rest);
  }) as typeof storage.client.send;
  return sent;
}

describe('S3 storage against a real S3-protocol server (s3rver on loopback)', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3?.close());

  it('puts, streams back, tells existence and deletes; a missing key rejects as ENOENT', async () => {
    const storage = new S3Storage(s3.settings);
    try {
      const data = Buffer.from('hello bucket');
      await storage.put('2026/11/a.txt', data);
      expect(await storage.exists('2026/11/a.txt')).toBe(true);
      expect((await read(await storage.get('2026/11/a.txt'))).equals(data)).toBe(true);
      await storage.delete('2026/11/a.txt');
      expect(await storage.exists('2026/11/a.txt')).toBe(false);
      await expect(storage.get('2026/11/a.txt')).rejects.toMatchObject({ code: 'ENOENT' });
      // Deleting twice is not an error (purges may race).
      await storage.delete('2026/11/a.txt');
    } finally {
      storage.destroy();
    }
  });

  it('sends a large file as a multipart upload, part by part, and reads it back whole', async () => {
    const storage = new S3Storage(s3.settings, 5 * MB);
    try {
      const sent = recordCommands(storage);
      const data = bigPdf(12 * MB + 123);
      await storage.put('big/one.pdf', data);
      expect(sent).toEqual(['CreateMultipartUpload', 'UploadPart', 'UploadPart', 'UploadPart', 'CompleteMultipartUpload']);
      expect((await read(await storage.get('big/one.pdf'))).equals(data)).toBe(true);

      // A stream is cut into the same parts.
      sent.length = 0;
      const chunks = [bigPdf(3 * MB), bigPdf(4 * MB), bigPdf(4 * MB)];
      await storage.put('big/two.pdf', Readable.from(chunks));
      expect(sent.filter((c) => c === 'UploadPart')).toHaveLength(3);
      expect((await read(await storage.get('big/two.pdf'))).equals(Buffer.concat(chunks))).toBe(true);

      // One part or less: a single PutObject.
      sent.length = 0;
      await storage.put('small/one.pdf', bigPdf(5 * MB));
      expect(sent).toEqual(['PutObject']);
    } finally {
      storage.destroy();
    }
  });

  it('aborts the multipart upload when a part fails, leaving no object', async () => {
    const storage = new S3Storage(s3.settings, 5 * MB);
    try {
      const sent = recordCommands(storage);
      async function* failing() {
        yield bigPdf(6 * MB);
        yield bigPdf(6 * MB);
        throw new Error('the source broke');
      }
      await expect(storage.put('broken/one.pdf', Readable.from(failing()))).rejects.toThrow('the source broke');
      expect(sent[0]).toBe('CreateMultipartUpload');
      expect(sent).toContain('AbortMultipartUpload');
      expect(sent).not.toContain('CompleteMultipartUpload');
      expect(await storage.exists('broken/one.pdf')).toBe(false);
    } finally {
      storage.destroy();
    }
  });

  it('is refused with an unknown key or an unknown bucket', async () => {
    for (const settings of [
      { ...s3.settings, accessKeyId: 'unknown-key' },
      { ...s3.settings, bucket: 'no-such-bucket' },
    ]) {
      const storage = new S3Storage(settings);
      await expect(storage.check()).rejects.toBeTruthy();
      storage.destroy();
    }
  });

  describe('through the file service', () => {
    let t: TestApp;
    let admin: string;
    const { stream: logStream, lines: log } = logCapture();
    beforeAll(async () => {
      t = await createTestApp({ logLevel: 'info' }, undefined, { logStream });
      admin = await t.tokenFor('admin');
    });
    afterAll(() => t?.close());

    const fileRow = async (id: number) => (await t.database.db.select().from(ossFile).where(eq(ossFile.id, id)))[0];
    const download = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

    it('activates only a reachable bucket, stores uploads there, and keeps each file readable through its own configuration', async () => {
      // The endpoint is an outbound host like any other: refused until an administrator allows it.
      const offList = await t.call('POST', '/api/oss/config/save', { token: admin, lang: 'en', body: { name: 'Bucket', provider: 's3', config: s3.settings, active: true } });
      expect(offList.body.msg).toBe('The address is not on the allowed outbound hosts (setting security.outboundHosts)');
      await t.app.settings.set('security.outboundHosts', new URL(s3.endpoint).host);

      // Wrong keys: refused in the caller's language, nothing made active.
      const wrong = await t.call('POST', '/api/oss/config/save', {
        token: admin,
        lang: 'en',
        body: { name: 'Wrong keys', provider: 's3', config: { ...s3.settings, accessKeyId: 'unknown-key', secretAccessKey: 'not-the-secret' }, active: true },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toMatch(/^The S3 bucket cannot be reached/);
      const wrongCn = await t.call('POST', '/api/oss/config/save', {
        token: admin,
        lang: 'zh-CN',
        body: { name: 'Wrong keys', provider: 's3', config: { ...s3.settings, bucket: 'no-such-bucket' }, active: true },
      });
      expect(wrongCn.body.msg).toMatch(/^无法访问该 S3 存储桶/);
      expect(await t.database.db.select().from(ossConfig).where(eq(ossConfig.active, true))).toEqual([]);

      // Before any configuration: the files directory.
      const before = await upload(t, { token: admin, name: 'before.pdf', data: bigPdf(2048) });
      expect(await fileRow(before.body.data.id)).toMatchObject({ provider: 'local', configId: null });

      const saved = await t.call('POST', '/api/oss/config/save', { token: admin, body: { name: 'Bucket', provider: 's3', config: s3.settings, active: true } });
      expect(saved.body.code).toBe(0);
      const bucketId = saved.body.data.id as number;

      const png = await pngBytes(200, 120);
      const image = await upload(t, { token: admin, name: 'plan.png', data: png });
      expect(image.status).toBe(200);
      const imageRow = await fileRow(image.body.data.id);
      expect(imageRow).toMatchObject({ provider: 's3', configId: bucketId });
      // The bytes are in the bucket, not in the files directory.
      const bucket = new S3Storage(s3.settings);
      try {
        expect(await bucket.exists(imageRow.storageKey)).toBe(true);
        expect(await bucket.exists(imageRow.thumbKey!)).toBe(true);
        expect(await storageOf(t.app).exists(imageRow.storageKey)).toBe(false);

        const down = await download(image.body.data.url);
        expect(down.statusCode).toBe(200);
        expect(down.headers['content-type']).toBe('image/png');
        expect(Buffer.compare(down.rawPayload, png)).toBe(0);
        const thumb = await download(image.body.data.thumbUrl);
        expect(thumb.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

        // Larger than one part (8 MiB): a multipart upload, read back byte for byte.
        const large = bigPdf(17 * MB + 5);
        const big = await upload(t, { token: admin, name: 'manual.pdf', data: large });
        expect(big.status).toBe(200);
        const bigDown = await download(big.body.data.url);
        expect(bigDown.headers['content-length']).toBe(String(large.length));
        expect(bigDown.rawPayload.equals(large)).toBe(true);

        // Uploads move to a local folder; the files in the bucket stay readable through it.
        const disk = await t.call('POST', '/api/oss/config/save', { token: admin, body: { name: 'Disk', provider: 'local', config: { folder: 'after-s3' }, active: true } });
        const after = await upload(t, { token: admin, name: 'after.pdf', data: bigPdf(4096) });
        expect(await fileRow(after.body.data.id)).toMatchObject({ provider: 'local', configId: disk.body.data.id });
        expect((await fileRow(after.body.data.id)).storageKey).toMatch(/^after-s3\//);
        expect(Buffer.compare((await download(image.body.data.url)).rawPayload, png)).toBe(0);
        expect((await download(before.body.data.url)).statusCode).toBe(200);
        expect((await download(after.body.data.url)).statusCode).toBe(200);

        // A configuration that holds files stays, and keeps its provider.
        const del = await t.call('POST', '/api/oss/config/delete', { token: admin, lang: 'en', body: [bucketId] });
        expect(del.status).toBe(409);
        expect(del.body.msg).toBe('Files are still stored through this configuration: it cannot be deleted');
        const change = await t.call('POST', '/api/oss/config/update', { token: admin, lang: 'en', body: { id: bucketId, provider: 'local', config: {} } });
        expect(change.status).toBe(409);

        // Removing a file removes its bytes from the bucket it is in.
        const removed = await t.call('POST', '/api/oss/file/delete', { token: admin, body: [image.body.data.id] });
        expect(removed.body.data.deleted).toBe(1);
        expect(await bucket.exists(imageRow.storageKey)).toBe(false);
        expect(await bucket.exists(imageRow.thumbKey!)).toBe(false);

        // Switching back to the bucket needs it reachable again; it is.
        const back = await t.call('POST', '/api/oss/config/activate', { token: admin, body: { id: bucketId } });
        expect(back.body.code).toBe(0);
      } finally {
        bucket.destroy();
      }
    });

    it('answers 500 in the caller’s language (not a hang) when the active bucket stops answering, and stores nothing', async () => {
      const [gone] = await t.database.db
        .insert(ossConfig)
        .values({ name: 'Gone', provider: 's3', config: { ...s3.settings, bucket: 'bucket-deleted-later' }, active: false })
        .returning({ id: ossConfig.id });
      await t.database.db.update(ossConfig).set({ active: false });
      await t.database.db.update(ossConfig).set({ active: true }).where(eq(ossConfig.id, gone.id));
      try {
        const count = async () => (await t.database.db.select().from(ossFile)).length;
        const n = await count();
        const failed = await upload(t, { token: admin, name: 'x.pdf', data: bigPdf(1024), lang: 'en' });
        expect(failed.status).toBe(500);
        expect(failed.body.msg).toBe('The file could not be stored: try again later');
        expect(await count()).toBe(n);
      } finally {
        await t.database.db.update(ossConfig).set({ active: false }).where(eq(ossConfig.id, gone.id));
      }
    });

    it('never returns, records or logs the secret', async () => {
      const list = await t.call('POST', '/api/oss/config/list', { token: admin, body: { page: 1, limit: 50 } });
      expect(list.body.data.list.some((r: { provider: string; hasSecret: boolean }) => r.provider === 's3' && r.hasSecret)).toBe(true);
      expect(JSON.stringify(list.body)).not.toContain(s3.settings.secretAccessKey);
      const logged = await t.database.db.select({ params: sysLog.params }).from(sysLog);
      expect(logged.length).toBeGreaterThan(0);
      expect(JSON.stringify(logged)).not.toContain(s3.settings.secretAccessKey);
      expect(JSON.stringify(logged)).not.toContain('not-the-secret');
      expect(log.length).toBeGreaterThan(0);
      expect(log.join('')).toContain('S3 bucket not reachable');
      expect(log.join('')).not.toContain(s3.settings.secretAccessKey);
      expect(log.join('')).not.toContain('not-the-secret');
    });
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, redactUrl } from './app';
import { loadConfig } from './config';
import { newToken } from './lib/password';
import { sysSession, sysUser } from './db/schema';
import { eq } from 'drizzle-orm';
import { freshDatabase } from '../../tests/helpers/test-db';
import { PDF_BYTES } from '@tests/helpers/file-uploads';
import { logCapture } from '@tests/helpers/log-capture';

/** No credential in a log (docs/security.md): the log of a running server, at trace level (a request's arrival and its answer), holds no token and no ticket. */
describe('what the log never holds', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let port: number;
  const { stream: logStream, lines } = logCapture();
  let token: string;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    const config = { ...loadConfig({ NODE_ENV: 'test', CAPTCHA: 'off', DATA_DIR: `tmp/test-data/redaction-${process.pid}`, FRAME_MODULE: 'tmp/no-first-frame-renderer.js' }), logLevel: 'trace' };
    app = await buildApp({ config, database: fresh.database, logStream });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    const [operator] = await fresh.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'operator'));
    const made = newToken();
    token = made.token;
    await fresh.database.db.insert(sysSession).values({ tokenHash: made.hash, userId: operator.id, kind: 'user', expiresAt: new Date(Date.now() + 3600_000) });
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  /** A real request over the socket (the logger sees what a browser's request looks like). */
  const request = (method: string, path: string, opts: { auth?: boolean; body?: Buffer; type?: string } = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers: Record<string, string> = {};
      if (opts.auth) headers.authorization = `Bearer ${token}`;
      if (opts.type) headers['content-type'] = opts.type;
      const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
          // An event stream stays open: its first frame is enough.
          if (res.headers['content-type']?.startsWith('text/event-stream')) req.destroy();
        });
        res.on('close', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end(opts.body);
    });

  it('masks credential-like query values in any URL', () => {
    expect(redactUrl('/api/live/stream?ticket=abc&x=1')).toBe('/api/live/stream?ticket=******&x=1');
    expect(redactUrl('/api/oss/file/download/3?x=1&token=abc#f')).toBe('/api/oss/file/download/3?x=1&token=******#f');
    expect(redactUrl('/a?access_token=1&appSecret=2&password=3')).toBe('/a?access_token=******&appSecret=******&password=******');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('logs the requests of streams, downloads and the frame, with tickets and stray tokens, without either', async () => {
    const boundary = '----cascadelog';
    const upload = await request('POST', '/api/oss/file/upload', {
      auth: true,
      type: `multipart/form-data; boundary=${boundary}`,
      body: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
        PDF_BYTES,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.status).toBe(200);
    const fileId = JSON.parse(upload.body).data.id as number;
    const tickets: string[] = [];
    const ticket = async (body: object) => {
      const res = await request('POST', '/api/auth/ticket', { auth: true, type: 'application/json', body: Buffer.from(JSON.stringify(body)) });
      const value = JSON.parse(res.body).data.ticket as string;
      tickets.push(value);
      return value;
    };

    expect((await request('GET', `/api/live/stream?ticket=${await ticket({ purpose: 'stream' })}`)).status).toBe(200);
    expect((await request('GET', `/api/oss/file/download/${fileId}?ticket=${await ticket({ purpose: 'download', fileId })}`)).status).toBe(200);
    // Old links with the token: refused, and still not logged.
    expect((await request('GET', `/api/live/stream?token=${token}`)).status).toBe(401);
    expect((await request('GET', `/api/oss/file/download/${fileId}?token=${token}`)).status).toBe(401);
    expect((await request('GET', `/api/wall/frame?lang=en&token=${token}`)).status).toBe(401);
    expect((await request('GET', `/api/no-such-route?token=${token}`)).status).toBe(404);
    expect((await request('GET', '/api/wall/frame?lang=en', { auth: true })).status).toBe(200);
    // The log is written as the requests end: wait for the lines the requests leave.
    await vi.waitFor(() => {
      const log = lines.join('');
      expect(log).toContain('"url":"/api/live/stream?ticket=******"');
      expect(log).toContain('"url":"/api/oss/file/download/');
      expect(log).toContain('?token=******');
      expect(log).toContain('"url":"/api/no-such-route?token=******"');
      expect(log).toContain('"url":"/api/wall/frame?lang=en"');
    }, { timeout: 60_000 });
    // The lines that hold a secret, named (the multipart parser's trace line once held the headers).
    for (const secret of [token, ...tickets]) expect(lines.filter((l) => l.includes(secret)).map((l) => l.slice(0, 400))).toEqual([]);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { clientCacheControl } from './app';

describe('built client', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cascade-client-'));
  const script = `export const answer = ${'42 + '.repeat(400)}0;\n`;
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script src="/config.js"></script><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets/app-Ab12Cd34.js'), script);
    writeFileSync(path.join(dir, 'assets/app-Ab12Cd34.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dir, 'assets/app-Ab12Cd34.js.gz'), gzipSync(script));
    writeFileSync(path.join(dir, 'assets/app-Ab12Cd34.css'), 'body{margin:0}');
    writeFileSync(path.join(dir, 'assets/logo-Ab12Cd34.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    writeFileSync(path.join(dir, 'assets/font-Ab12Cd34.woff2'), 'wOF2');
    writeFileSync(path.join(dir, 'assets/icon-Ab12Cd34.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    t = await createTestApp({ clientDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('lets browsers keep hashed assets for a year and sends the precompressed file they accept', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);

    const gz = await get('/assets/app-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has the page and the runtime configuration checked on every load', async () => {
    const page = await get('/', 'gzip, br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const config = await get('/config.js', 'gzip, br');
    expect(config.headers['cache-control']).toBe('no-store');
  });

  it('writes the runtime configuration into the page, where a title cannot end its script', async () => {
    await t.app.settings.set('system.title', 'Falls </script><script>alert(1)</script>');
    for (const url of ['/', '/index.html']) {
      const page = await get(url, 'gzip, br');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).not.toContain('/config.js');
      expect(page.body).not.toContain('</script><script>alert');
      const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)![1];
      const window: { __APP_CONFIG__?: { title: string; apiHost: string } } = {};
      new Function('window', script)(window);
      expect(window.__APP_CONFIG__).toMatchObject({ title: 'Falls </script><script>alert(1)</script>', apiHost: '/api' });
    }
  });

  // What a document needs and a script, style, image or font does not (issue 31).
  const documentHeaders = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'strict-transport-security',
    'x-frame-options',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];
  /** The bytes of an answer's status line and headers as they go on the wire. */
  const headerBytes = (headers: Record<string, unknown>) =>
    'HTTP/1.1 200 OK\r\n'.length + Object.entries(headers).reduce((sum, [name, value]) => sum + `${name}: ${String(value)}\r\n`.length, 2);

  it('sends scripts, styles, images and fonts with only what they need, not the document headers', async () => {
    for (const [url, type] of [
      ['/assets/app-Ab12Cd34.js', /javascript/],
      ['/assets/app-Ab12Cd34.css', /text\/css/],
      ['/assets/logo-Ab12Cd34.png', /image\/png/],
      ['/assets/font-Ab12Cd34.woff2', /font\/woff2/],
    ] as const) {
      for (const encoding of [undefined, 'gzip, br']) {
        const answer = await get(url, encoding);
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['content-type'], url).toMatch(type);
        expect(answer.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
        expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
        expect(answer.headers.etag, url).toBeTruthy();
        expect(answer.headers['last-modified'], url).toBeTruthy();
        if (!encoding) expect(answer.headers['content-length'], url).toBe(String(answer.rawPayload.length));
        for (const name of documentHeaders) expect(answer.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
    const script = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br');
    expect(headerBytes(script.headers)).toBeLessThan(400);
    // A browser's revalidation is answered the same way.
    const again = await t.app.inject({ method: 'GET', url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(script.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBeUndefined();
  });

  it('keeps the document headers on pages, SVG files (a document that can run script) and API answers', async () => {
    for (const url of ['/', '/index.html', '/assets/icon-Ab12Cd34.svg', '/api/health', '/api/no-such-thing']) {
      const answer = await get(url, 'gzip, br');
      expect(answer.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(answer.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(answer.headers['strict-transport-security'], url).toBeTruthy();
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer');
      expect(answer.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('treats only files under assets/ as hashed', () => {
    expect(clientCacheControl('/srv/client', '/srv/client/assets/x-1a2b.js.br')).toBe('public, max-age=31536000, immutable');
    expect(clientCacheControl('/srv/client', '/srv/client/geo/world.json')).toBe('no-cache');
    expect(clientCacheControl('/srv/assets/client', '/srv/assets/client/index.html')).toBe('no-cache');
  });
});

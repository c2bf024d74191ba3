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

  it('treats only files under assets/ as hashed', () => {
    expect(clientCacheControl('/srv/client', '/srv/client/assets/x-1a2b.js.br')).toBe('public, max-age=31536000, immutable');
    expect(clientCacheControl('/srv/client', '/srv/client/geo/world.json')).toBe('no-cache');
    expect(clientCacheControl('/srv/assets/client', '/srv/assets/client/index.html')).toBe('no-cache');
  });
});

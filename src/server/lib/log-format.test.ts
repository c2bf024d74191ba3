import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { logCapture } from '@tests/helpers/log-capture';
import { loadConfig } from '../config';
import { prettyLogStream, readableMessage } from './log-format';

/** The console of `npm start` (README, LOG_LEVEL and LOG_FORMAT): readable lines, a request's only when asked. */
describe('the readable log', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** An app logging at `level` in the readable format into a capture; what it wrote after one request with a token in its URL. */
  async function linesAfterARequest(level: string): Promise<string[]> {
    const capture = logCapture();
    t = await createTestApp({ logLevel: level, logFormat: 'pretty' }, undefined, { logStream: prettyLogStream(capture.stream) });
    t.app.log.info('Cascade on http://localhost:8080');
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-route?token=secret-token-123' });
    expect(res.statusCode).toBe(404);
    return capture.lines.join('').split('\n').filter(Boolean);
  }

  it('at info: the start-up line is a line of text, and no request has a line', async () => {
    const lines = await linesAfterARequest('info');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO.*: Cascade on http:\/\/localhost:8080$/);
    expect(lines.join('\n')).not.toContain('{');
  });

  it('at debug: a request is one line, method, URL with its credential masked, status and time', async () => {
    const lines = await linesAfterARequest('debug');
    const request = lines.find((l) => l.includes('/api/no-such-route'));
    expect(request).toMatch(/^\[\d\d:\d\d:\d\d\] DEBUG.*: GET \/api\/no-such-route\?token=\*{6} 404 \d+ ms$/);
    expect(lines.join('\n')).not.toContain('secret-token-123');
  });

  it('reads a request entry as its line and any other entry as its message', () => {
    expect(readableMessage({ req: { method: 'POST', url: '/api/x' }, res: { statusCode: 200 }, responseTime: 12.4 })).toBe('POST /api/x 200 12 ms');
    expect(readableMessage({ req: { method: 'GET', url: '/api/live/stream' } })).toBe('GET /api/live/stream (arrived)');
    expect(readableMessage({ msg: 'stopping' })).toBe('stopping');
  });

  it('is the default outside production; production keeps JSON for a collector; anything else is refused by name', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-password-1' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-password-1', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be pretty or json/);
  });
});

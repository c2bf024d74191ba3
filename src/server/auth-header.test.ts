import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAuthHeader } from './config';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

describe('AUTH_HEADER: the header the token travels in', () => {
  it('defaults to Authorization and refuses what is not a header name', () => {
    expect(parseAuthHeader(undefined)).toBe('Authorization');
    expect(parseAuthHeader(' ')).toBe('Authorization');
    expect(parseAuthHeader('X-Cascade-Token')).toBe('X-Cascade-Token');
    for (const bad of ['X Token', 'X-Token:', 'Tök', '-x']) expect(() => parseAuthHeader(bad), bad).toThrow(/AUTH_HEADER/);
  });

  describe('when set', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ authHeader: 'X-Cascade-Token' });
    });
    afterAll(() => t.close());

    it('/config.js tells the client, and the server reads the token from that header only', async () => {
      const js = (await t.app.inject({ method: 'GET', url: '/config.js' })).body;
      expect(js).toContain('"authHeader":"X-Cascade-Token"');
      const token = await t.tokenFor('admin');
      const named = await t.app.inject({ method: 'GET', url: '/api/sys/user/info', headers: { 'x-cascade-token': token } });
      expect(named.json()).toMatchObject({ code: 0 });
      const usual = await t.app.inject({ method: 'GET', url: '/api/sys/user/info', headers: { authorization: token } });
      expect(usual.statusCode).toBe(401);
    });
  });
});

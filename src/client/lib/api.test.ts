import { afterEach, describe, expect, it } from 'vitest';
import { http } from 'msw';
import { server } from '../../../mocks/server';
import { API, ok } from '../../../mocks/envelope';
import { api } from './api';
import { clearSession, loginDisplay } from './session';

describe('the API client', () => {
  afterEach(() => {
    window.__APP_CONFIG__ = {};
    clearSession();
  });

  it('sends the token in the header /config.js names (spec §7: the header name is configurable)', async () => {
    const seen: Record<string, string | null>[] = [];
    server.use(
      http.get(`${API}/probe`, ({ request }) => {
        seen.push({ authorization: request.headers.get('authorization'), custom: request.headers.get('x-cascade-token') });
        return ok(true);
      }),
    );
    loginDisplay('display-token', 'display');
    await api.get('/probe');
    window.__APP_CONFIG__ = { authHeader: 'X-Cascade-Token' };
    await api.get('/probe');
    expect(seen).toEqual([
      { authorization: 'display-token', custom: null },
      { authorization: null, custom: 'display-token' },
    ]);
  });
});

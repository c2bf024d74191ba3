import { afterEach, describe, expect, it } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { server } from '../../../mocks/server';
import { API, ok } from '../../../mocks/envelope';
import { api, ApiError, setTruncatedHandler, uploadForm } from './api';
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

  it('tells the shell when a listAll answer was cut at the cap, and stays quiet on a whole one', async () => {
    const told: [number, number][] = [];
    setTruncatedHandler((shown, total) => told.push([shown, total]));
    server.use(
      http.post(`${API}/cut/listAll`, () => HttpResponse.json({ code: 0, msg: 'success', data: [{ id: 1 }, { id: 2 }], total: 7, truncated: true })),
      http.post(`${API}/whole/listAll`, () => HttpResponse.json({ code: 0, msg: 'success', data: [{ id: 1 }], total: 1, truncated: false })),
    );
    expect(await api.post('/cut/listAll', {})).toEqual([{ id: 1 }, { id: 2 }]);
    await api.post('/whole/listAll', {});
    setTruncatedHandler(() => undefined);
    expect(told).toEqual([[2, 7]]);
  });

  it('uploads a form with the session header, reports the bytes sent, and cancels on abort', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.post(`${API}/upload-probe`, async ({ request }) => {
        seen.push(request.headers.get('x-cascade-token'));
        if (new URL(request.url).searchParams.get('hold')) await delay('infinite');
        return ok({ stored: true });
      }),
      http.post(`${API}/upload-refused`, () => HttpResponse.json({ code: 413, msg: 'The file is too large', data: null }, { status: 413 })),
    );
    window.__APP_CONFIG__ = { authHeader: 'X-Cascade-Token' };
    loginDisplay('display-token', 'display');
    const form = new FormData();
    form.append('file', new File(['%PDF-1.4 some bytes'], 'a.pdf'));
    const progress: [number, number][] = [];
    expect(await uploadForm('/upload-probe', form, { onProgress: (loaded, total) => progress.push([loaded, total]) })).toEqual({ stored: true });
    expect(seen).toEqual(['display-token']);
    expect(progress.length).toBeGreaterThan(0);
    const [loaded, total] = progress.at(-1)!;
    expect(total).toBeGreaterThan(0);
    expect(loaded).toBe(total);

    await expect(uploadForm('/upload-refused', form)).rejects.toEqual(new ApiError(413, 'The file is too large'));

    const abort = new AbortController();
    const held = uploadForm('/upload-probe', form, { params: { hold: 1 }, signal: abort.signal });
    abort.abort();
    await expect(held).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('asks a read that came with an ETag again with If-None-Match, and keeps the data in hand on a 304', async () => {
    let version = 1;
    const seen: (string | null)[] = [];
    server.use(
      http.post(`${API}/wall-read`, async ({ request }) => {
        const condition = request.headers.get('if-none-match');
        seen.push(condition);
        const etag = `"v${version}"`;
        if (condition === etag) return new HttpResponse(null, { status: 304, headers: { etag } });
        return HttpResponse.json({ code: 0, msg: 'success', data: { version, body: await request.json() } }, { headers: { etag } });
      }),
    );
    loginDisplay('wall-token', 'display');
    const first = await api.post<{ version: number }>('/wall-read', { limit: 30 });
    const second = await api.post<{ version: number }>('/wall-read', { limit: 30 });
    // The same object: a query's data does not change, so nothing on the wall draws again.
    expect(second).toBe(first);
    // Another body is another call, asked without a validator.
    await api.post('/wall-read', { limit: 5 });
    version = 2;
    const third = await api.post<{ version: number }>('/wall-read', { limit: 30 });
    expect(third.version).toBe(2);
    expect(await api.post('/wall-read', { limit: 30 })).toBe(third);
    // Another session asks afresh: one caller's validator is never sent with another's token.
    loginDisplay('other-token', 'display');
    await api.post('/wall-read', { limit: 30 });
    expect(seen).toEqual([null, '"v1"', null, '"v1"', '"v2"', null]);
  });
});

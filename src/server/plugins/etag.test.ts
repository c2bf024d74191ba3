import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { matchesEtag } from './etag';

// The wall asks its reads again on a timer: an unchanged answer is a 304 without a body,
// a changed one a 200 with a new ETag, whatever the change came through.
describe('conditional answers of the wall reads', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
  });
  afterAll(() => t.close());

  it('answers 304 with no body when If-None-Match names the answer, for GET and POST reads', async () => {
    const first = await t.call('GET', '/api/ball/fallproject/countProjects', { token: admin });
    expect(first.status).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{10,}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await t.call('GET', '/api/ball/fallproject/countProjects', { token: admin, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const period = { from: '2026-01-01', to: '2026-01-30', granularity: 'day' };
    const speed = await t.call('POST', '/api/ball/fallproject/repairSpeedList', { token: admin, body: period });
    expect(speed.status).toBe(200);
    const speedAgain = await t.call('POST', '/api/ball/fallproject/repairSpeedList', { token: admin, body: period, headers: { 'if-none-match': `W/${String(speed.headers.etag)}` } });
    expect(speedAgain.status).toBe(304);

    // Another answer of the same route (another period) is not the one the ETag names.
    const other = await t.call('POST', '/api/ball/fallproject/repairSpeedList', { token: admin, body: { ...period, to: '2026-01-29' }, headers: { 'if-none-match': String(speed.headers.etag) } });
    expect(other.status).toBe(200);
    expect(other.headers.etag).not.toBe(speed.headers.etag);
  });

  it('answers 200 with a new ETag once the data changed, and per language', async () => {
    const before = await t.call('GET', '/api/sys/content/current', { token: admin });
    const etag = String(before.headers.etag);
    expect((await t.call('GET', '/api/sys/content/current', { token: admin, headers: { 'if-none-match': etag } })).status).toBe(304);

    const saved = await t.call('POST', '/api/sys/content/save', { token: admin, body: { title: 'ETag notice', published: true } });
    expect(saved.status).toBe(200);
    const after = await t.call('GET', '/api/sys/content/current', { token: admin, headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.body.data.map((n: { title: string }) => n.title)).toContain('ETag notice');
    expect(after.headers.etag).not.toBe(etag);

    // The ETag follows the bytes sent: the same call in the other language has the same one only when the answers are the same.
    const en = await t.call('POST', '/api/ball/fallwarning/latest', { token: admin, body: { limit: 30 }, lang: 'en' });
    const cn = await t.call('POST', '/api/ball/fallwarning/latest', { token: admin, body: { limit: 30 }, lang: 'zh-CN' });
    expect([en.status, cn.status]).toEqual([200, 200]);
    expect(en.headers.etag === cn.headers.etag).toBe(JSON.stringify(en.body) === JSON.stringify(cn.body));
  });

  it('still checks the session first, and leaves routes without the flag alone', async () => {
    const first = await t.call('GET', '/api/ball/fallproject/groupArea', { token: admin });
    const anonymous = await t.call('GET', '/api/ball/fallproject/groupArea', { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.etag).toBeUndefined();
    const list = await t.call('POST', '/api/sys/content/list', { token: admin, body: { page: 1, limit: 10 } });
    expect(list.status).toBe(200);
    expect(list.headers.etag).toBeUndefined();
  });

  it('reads If-None-Match lists, weak forms and *', () => {
    expect(matchesEtag('"a", W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"a"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});

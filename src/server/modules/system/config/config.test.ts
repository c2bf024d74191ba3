import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { itChecksAccess } from '@tests/helpers/guard-cases';

describe('sys/config', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // No CAPTCHA override: /config.js must follow the stored setting.
    t = await createTestApp({ captcha: undefined });
    admin = await t.tokenFor('admin');
  });
  afterAll(() => t.close());

  itChecksAccess(() => t, [
    { method: 'POST', url: '/api/sys/config/list', perm: 'sys-config#list', body: { page: 1, limit: 10 } },
    { method: 'GET', url: '/api/sys/config/info/system.title', perm: 'sys-config#info' },
    { method: 'POST', url: '/api/sys/config/update', perm: 'sys-config#update', body: { key: 'wall.refreshSeconds', value: 20 } },
    { method: 'POST', url: '/api/sys/config/export', perm: 'sys-config#export', body: { columns: [{ prop: 'key', label: 'Key' }], format: 'csv' } },
  ]);

  const configJs = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.js' });
    return JSON.parse(res.body.replace(/^window\.__APP_CONFIG__ = /, '').replace(/;\s*$/, ''));
  };

  it('switching security.captcha changes what /config.js reports, without a restart', async () => {
    expect((await configJs()).captcha).toBe(true);
    const res = await t.call('POST', '/api/sys/config/update', { token: admin, body: { key: 'security.captcha', value: false } });
    expect(res.body).toMatchObject({ code: 0, data: { key: 'security.captcha', value: 'false' } });
    expect((await configJs()).captcha).toBe(false);
    await t.call('POST', '/api/sys/config/update', { token: admin, body: { key: 'security.captcha', value: 'true' } });
    expect((await configJs()).captcha).toBe(true);
    await t.call('POST', '/api/sys/config/update', { token: admin, body: { key: 'system.title', value: 'Fountains HQ', remark: 'Header title' } });
    expect((await configJs()).title).toBe('Fountains HQ');
    const info = await t.call('GET', '/api/sys/config/info/system.title', { token: admin });
    expect(info.body.data).toMatchObject({ key: 'system.title', value: 'Fountains HQ', type: 'string', remark: 'Header title' });
  });

  it('/config.js carries the system title in both languages; the English one falls back to the Chinese', async () => {
    expect(await configJs()).toMatchObject({ titleEn: 'Cascade Water-Feature Operations' });
    await t.call('POST', '/api/sys/config/update', { token: admin, body: { key: 'system.titleEn', value: 'Fountains HQ (EN)' } });
    expect((await configJs()).titleEn).toBe('Fountains HQ (EN)');
    await t.call('POST', '/api/sys/config/update', { token: admin, body: { key: 'system.titleEn', value: '' } });
    expect((await configJs()).titleEn).toBe('');
  });

  it('lists with a filter and paging', async () => {
    const res = await t.call('POST', '/api/sys/config/list', { token: admin, body: { key: 'sla.', page: 1, limit: 3 } });
    expect(res.body.data).toMatchObject({ total: 4, page: 1, limit: 3, pages: 2 });
    expect(res.body.data.list.map((r: { key: string }) => r.key)).toEqual(['sla.hours.high', 'sla.hours.low', 'sla.hours.normal']);
  });

  it('validates the value by the setting type and refuses unknown keys', async () => {
    const cases: [string, unknown, string][] = [
      ['security.lockThreshold', 'five', 'Enter a number'],
      ['security.lockThreshold', -1, 'Enter a number'],
      ['security.captcha', 'maybe', 'Enter true or false'],
    ];
    for (const [key, value, message] of cases) {
      const res = await t.call('POST', '/api/sys/config/update', { token: admin, body: { key, value } });
      expect(res.status, `${key}=${String(value)}`).toBe(400);
      expect(res.body.data.fields).toEqual({ value: message });
    }
    const unknown = await t.call('POST', '/api/sys/config/update', { token: admin, lang: 'zh-CN', body: { key: 'no.such', value: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields).toEqual({ key: '参数不存在' });
    const shape = await t.call('POST', '/api/sys/config/update', { token: admin, body: { key: 'security.captcha', value: { x: 1 }, extra: 1 } });
    expect(shape.status).toBe(400);
    expect(shape.body.data.fields).toMatchObject({ value: 'Invalid value', extra: 'Unknown field' });
    expect((await t.call('GET', '/api/sys/config/info/no.such', { token: admin })).status).toBe(404);
  });
});

describe('sys/config under an environment override', () => {
  it('shows that CAPTCHA=off decides the captcha setting, and nothing when the variable is unset', async () => {
    const withVariable = await createTestApp({ captcha: 'off' });
    const withoutVariable = await createTestApp({ captcha: undefined });
    try {
      for (const [t, expected] of [[withVariable, { variable: 'CAPTCHA', value: 'false' }], [withoutVariable, null]] as const) {
        const token = await t.tokenFor('admin');
        const list = await t.call('POST', '/api/sys/config/list', { token, body: { page: 1, limit: 100 } });
        const captcha = list.body.data.list.find((row: { key: string }) => row.key === 'security.captcha');
        expect(captcha).toMatchObject({ value: 'true', override: expected });
        expect(list.body.data.list.find((row: { key: string }) => row.key === 'system.title').override).toBeNull();
        const info = await t.call('GET', '/api/sys/config/info/security.captcha', { token });
        expect(info.body.data.override).toEqual(expected);
      }
    } finally {
      await withVariable.close();
      await withoutVariable.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';

describe('fall/others sensors', () => {
  let t: TestApp;
  let admin: string;
  let projectId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    projectId = await seedProject(t, { name: 'Basin' });
  });
  afterAll(() => t.close());

  it('saves with a default unit, flags values outside thresholds, and checks min against max', async () => {
    const res = await t.call('POST', '/api/ball/fallothers/save', { token: admin, body: { name: 'Basin level', kind: 'water_level', value: 1.8, minValue: 0.5, maxValue: 1.5, projectId } });
    expect(res.status).toBe(200);
    const list = await t.call('POST', '/api/ball/fallothers/list', { token: admin, body: { page: 1, limit: 10, kind: 'water_level' } });
    expect(list.body.data.list[0]).toMatchObject({ name: 'Basin level', unit: 'm', outOfRange: true, projectName: 'Basin' });
    const fixed = await t.call('POST', '/api/ball/fallothers/update', { token: admin, body: { id: res.body.data.id, value: 1.0 } });
    expect(fixed.status).toBe(200);
    expect((await t.call('GET', `/api/ball/fallothers/info/${res.body.data.id}`, { token: admin })).body.data).toMatchObject({ value: 1, unit: 'm', outOfRange: false });
    const inverted = await t.call('POST', '/api/ball/fallothers/update', { token: admin, body: { id: res.body.data.id, minValue: 9 } });
    expect(inverted.body.data.fields).toEqual({ maxValue: 'The minimum cannot be greater than the maximum' });
    const bad = await t.call('POST', '/api/ball/fallothers/save', { token: admin, body: { name: '', kind: 'humidity', projectId } });
    expect(bad.body.data.fields).toMatchObject({ name: 'This field is required', kind: 'This field is required' });
    const noProject = await t.call('POST', '/api/ball/fallothers/save', { token: admin, body: { name: 'x', kind: 'wind', projectId: 999999 } });
    expect(noProject.body.data.fields).toEqual({ projectId: 'Invalid value' });
    expect((await t.call('POST', '/api/ball/fallothers/delete', { token: admin, body: [res.body.data.id] })).body.data).toEqual({ deleted: 1 });
  });

  it('checks permissions', async () => {
    expect((await t.call('POST', '/api/ball/fallothers/list', { body: { page: 1, limit: 10 } })).status).toBe(401);
    const { token } = await t.userWith(['fall-others#list']);
    expect((await t.call('POST', '/api/ball/fallothers/list', { token, body: { page: 1, limit: 10 } })).status).toBe(200);
    expect((await t.call('POST', '/api/ball/fallothers/save', { token, body: { name: 'x' } })).status).toBe(403);
  });
});

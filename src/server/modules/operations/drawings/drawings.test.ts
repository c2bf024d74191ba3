import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { ossFile } from '../../../db/schema';
import { seedFile, seedProject } from '@tests/helpers/work-fixtures';

describe('fall/draw drawings and fall/train training', () => {
  let t: TestApp;
  let admin: string;
  let projectId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    projectId = await seedProject(t, { name: 'Grand cascade' });
  });
  afterAll(() => t.close());

  const owner = async (id: number) => (await t.database.db.select().from(ossFile).where(eq(ossFile.id, id)))[0];

  it('saves drawings with picture and file owned by the drawing, lists them in viewer order', async () => {
    const picture = await seedFile(t, 'fall_draw', 'image/png');
    const pdf = await seedFile(t, 'fall_draw');
    const second = await t.call('POST', '/api/ball/falldraw/save', { token: admin, body: { name: 'Pipe plan', projectId, picture, file: pdf, sort: 2 } });
    expect(second.status).toBe(200);
    expect(await owner(picture)).toMatchObject({ ownerType: 'fall_draw', ownerId: second.body.data.id });
    const first = await t.call('POST', '/api/ball/falldraw/save', { token: admin, body: { name: 'Site plan', projectId, sort: 1 } });
    const viewer = await t.userWith(['ship-scene#view']);
    const ordered = await t.call('GET', `/api/ball/falldraw/byProject/${projectId}`, { token: viewer.token });
    expect(ordered.body.data.map((d: { id: number }) => d.id)).toEqual([first.body.data.id, second.body.data.id]);
    // replacing the picture releases the old one
    const newPicture = await seedFile(t, 'fall_draw', 'image/jpeg');
    await t.call('POST', '/api/ball/falldraw/update', { token: admin, body: { id: second.body.data.id, picture: newPicture } });
    expect((await owner(picture)).ownerId).toBeNull();
    expect((await owner(newPicture)).ownerId).toBe(second.body.data.id);
    expect((await owner(pdf)).ownerId).toBe(second.body.data.id);
    const taken = await t.call('POST', '/api/ball/falldraw/save', { token: admin, body: { name: 'Copy', projectId, picture: newPicture } });
    const notImage = await t.call('POST', '/api/ball/falldraw/save', { token: admin, body: { name: 'Pdf as picture', projectId, picture: await seedFile(t, 'fall_draw') } });
    expect(notImage.body.data.fields).toEqual({ picture: 'Please upload an image file' });
    expect(taken.body.data.fields).toEqual({ picture: 'The file does not exist or cannot be used here' });
    const list = await t.call('POST', '/api/ball/falldraw/list', { token: admin, body: { page: 1, limit: 10, projectId } });
    expect(list.body.data.list[0]).toMatchObject({ projectName: 'Grand cascade' });
    await t.call('POST', '/api/ball/falldraw/delete', { token: admin, body: [second.body.data.id] });
    expect((await owner(newPicture)).ownerId).toBeNull();
    expect((await t.call('GET', `/api/ball/falldraw/byProject/${projectId}`)).status).toBe(401);
    expect((await t.call('GET', `/api/ball/falldraw/byProject/${projectId}`, { token: (await t.userWith(['fall-order#list'])).token })).status).toBe(403);
  });

  it('saves training with attachments, device and project, and refuses bad input', async () => {
    const doc = await seedFile(t, 'fall_train');
    const res = await t.call('POST', '/api/ball/falltrain/save', { token: admin, body: { name: 'Pump safety', content: 'Lock out before service', trainAt: '2024-04-01T02:00:00Z', projectId, files: [doc] } });
    expect(res.status).toBe(200);
    expect(await owner(doc)).toMatchObject({ ownerType: 'fall_train', ownerId: res.body.data.id });
    const info = await t.call('GET', `/api/ball/falltrain/info/${res.body.data.id}`, { token: admin });
    expect(info.body.data).toMatchObject({ name: 'Pump safety', projectName: 'Grand cascade', deviceName: null, files: [doc] });
    const cleared = await t.call('POST', '/api/ball/falltrain/update', { token: admin, body: { id: res.body.data.id, files: [], trainAt: null } });
    expect(cleared.status).toBe(200);
    expect((await owner(doc)).ownerId).toBeNull();
    const bad = await t.call('POST', '/api/ball/falltrain/save', { token: admin, body: { name: '', trainAt: 'soon', deviceId: 999999 } });
    expect(bad.body.data.fields).toMatchObject({ name: 'This field is required', trainAt: 'Invalid value' });
    const noDevice = await t.call('POST', '/api/ball/falltrain/save', { token: admin, body: { name: 'x', deviceId: 999999 } });
    expect(noDevice.body.data.fields).toEqual({ deviceId: 'Invalid value' });
    const list = await t.call('POST', '/api/ball/falltrain/list', { token: admin, body: { page: 1, limit: 10, name: 'pump' } });
    expect(list.body.data.total).toBe(1);
    expect((await t.call('POST', '/api/ball/falltrain/list', { body: { page: 1, limit: 10 } })).status).toBe(401);
    const reader = await t.userWith(['fall-train#list']);
    expect((await t.call('POST', '/api/ball/falltrain/save', { token: reader.token, body: { name: 'x' } })).status).toBe(403);
  });
});

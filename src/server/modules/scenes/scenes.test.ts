import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { fallProject } from '../../db/schema';
import { seedScenes } from './scenes.seed';

describe('cards and scenes', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let cardEditor: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    viewer = await t.tokenFor('viewer');
    cardEditor = (await t.userWith(['ship-cards#list', 'ship-cards#save'])).token;
  });
  afterAll(() => t.close());

  async function card(body: unknown, token = admin) {
    return t.call('POST', '/api/ship/cards/save', { token, body });
  }

  it('lists cards in their own order: new ones last, then as dragged (POST /ship/cards/sort), which only their editors may change', async () => {
    const ids: number[] = [];
    for (const name of ['Order A', 'Order B', 'Order C']) ids.push((await card({ name, type: 'kpi', config: {} })).body.data.id);
    const names = async () => ((await t.call('POST', '/api/ship/cards/listAll', { token: admin, body: {} })).body.data as { id: number }[]).map((c) => c.id).filter((id) => ids.includes(id));
    expect(await names()).toEqual(ids);
    const order = [ids[2], ids[0], ids[1]];
    expect((await t.call('POST', '/api/ship/cards/sort', { token: cardEditor, body: { ids: order } })).status).toBe(403);
    expect((await t.call('POST', '/api/ship/cards/sort', { token: admin, body: { ids: order } })).status).toBe(200);
    expect(await names()).toEqual(order);
    expect((await t.call('POST', '/api/ship/cards/sort', { token: admin, body: { ids: [ids[0], 999999] } })).status).toBe(400);
    expect(await names()).toEqual(order);
  });

  it('checks a card config against its type, in the caller language', async () => {
    const good = await card({ name: 'Speed', type: 'repair-speed', config: { granularity: 'week', periods: 8 } }, cardEditor);
    expect(good.status).toBe(200);
    const info = await t.call('GET', `/api/ship/cards/info/${good.body.data.id}`, { token: admin });
    // Defaults of the type are filled in when saved.
    expect(info.body.data.config).toEqual({ title: '', titleEn: '', granularity: 'week', periods: 8 });

    const bad = await card({ name: 'Speed', type: 'repair-speed', config: { granularity: 'year', colour: 'red' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ 'config.granularity': 'Invalid value', 'config.colour': 'Unknown field' });
    const cn = await card({ name: 'KPI', type: 'kpi', config: { metric: 'nope' } }, admin);
    expect(cn.status).toBe(400);
    const cnMsg = await t.call('POST', '/api/ship/cards/save', { token: admin, body: { name: 'x', type: 'nope' }, lang: 'zh-CN' });
    expect(cnMsg.body.data.fields.type).toBe('必填项');

    // Changing the type re-checks the config the card keeps.
    const map = await card({ name: 'Map', type: 'map', config: { cluster: false } });
    const retype = await t.call('POST', '/api/ship/cards/update', { token: admin, body: { id: map.body.data.id, type: 'kpi' } });
    expect(retype.status).toBe(400);
    expect(retype.body.data.fields).toHaveProperty('config.cluster');
    const renamed = await t.call('POST', '/api/ship/cards/update', { token: admin, body: { id: map.body.data.id, name: 'World map' } });
    expect(renamed.status).toBe(200);
    expect((await t.call('POST', '/api/ship/cards/update', { token: admin, body: { id: 999999, name: 'x' } })).status).toBe(404);
    // Only the holder of the permission writes.
    expect((await card({ name: 'x', type: 'notice' }, viewer)).status).toBe(403);
  });

  it('validates layouts: inside the grid, no overlap, unique keys, existing cards', async () => {
    const a = (await card({ name: 'A', type: 'notice', config: { text: 'hello' } })).body.data.id;
    const b = (await card({ name: 'B', type: 'kpi', config: { metric: 'availability' } })).body.data.id;
    const save = (layout: unknown, extra: object = {}) => t.call('POST', '/api/ship/scene/save', { token: admin, body: { name: 'S', layout, ...extra } });

    const outside = await save([{ i: 'a', cardId: a, x: 20, y: 0, w: 6, h: 4 }]);
    expect(outside.status).toBe(400);
    expect(outside.body.data.fields['layout.0.w']).toBe('The card goes beyond the canvas');
    const overlap = await save([
      { i: 'a', cardId: a, x: 0, y: 0, w: 6, h: 4 },
      { i: 'b', cardId: b, x: 5, y: 3, w: 6, h: 4 },
    ]);
    expect(overlap.body.data.fields['layout.1']).toBe('Cards overlap');
    const dup = await save([
      { i: 'a', cardId: a, x: 0, y: 0, w: 6, h: 4 },
      { i: 'a', cardId: b, x: 6, y: 0, w: 6, h: 4 },
    ]);
    expect(dup.body.data.fields['layout.1.i']).toBe('Two layout items have the same key');
    const missing = await save([{ i: 'a', cardId: 424242, x: 0, y: 0, w: 6, h: 4 }]);
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields['layout.0.cardId']).toBe('No such card');
    const fractional = await save([{ i: 'a', cardId: a, x: 0.5, y: 0, w: 6, h: 4 }]);
    expect(fractional.status).toBe(400);

    const good = await save([
      { i: 'a', cardId: a, x: 0, y: 0, w: 6, h: 4 },
      { i: 'b', cardId: b, x: 6, y: 0, w: 18, h: 20 },
    ]);
    expect(good.status).toBe(200);
    const view = await t.call('GET', `/api/ship/scene/info/${good.body.data.id}`, { token: viewer });
    expect(view.status).toBe(200);
    expect(view.body.data.layout).toHaveLength(2);
    expect(view.body.data.cards.map((c: { id: number }) => c.id).sort()).toEqual([a, b].sort());

    // Deleting a card takes it out of every layout.
    await t.call('POST', '/api/ship/cards/delete', { token: admin, body: [a] });
    const after = await t.call('GET', `/api/ship/scene/info/${good.body.data.id}`, { token: admin });
    expect(after.body.data.layout.map((it: { i: string }) => it.i)).toEqual(['b']);
  });

  it('keeps one default scene per scope and serves it to walls', async () => {
    const [p] = await t.database.db.insert(fallProject).values({ name: 'Lake', uniqueKey: 'scene-lake' }).returning({ id: fallProject.id });
    const first = await t.call('POST', '/api/ship/scene/save', { token: admin, body: { name: 'G1', isDefault: true } });
    const second = await t.call('POST', '/api/ship/scene/save', { token: admin, body: { name: 'G2', isDefault: true } });
    const own = await t.call('POST', '/api/ship/scene/save', { token: admin, body: { name: 'P1', isDefault: true, projectId: p.id } });
    expect([first.status, second.status, own.status]).toEqual([200, 200, 200]);

    const global = await t.call('GET', '/api/ship/scene/default', { token: viewer });
    expect(global.body.data.id).toBe(second.body.data.id);
    expect((await t.call('GET', `/api/ship/scene/info/${first.body.data.id}`, { token: admin })).body.data.isDefault).toBe(false);
    expect((await t.call('GET', `/api/ship/scene/default?projectId=${p.id}`, { token: viewer })).body.data.id).toBe(own.body.data.id);
    // A project without its own default falls back to the global one.
    expect((await t.call('GET', '/api/ship/scene/default?projectId=999999', { token: viewer })).body.data.id).toBe(second.body.data.id);

    await t.call('POST', '/api/ship/scene/update', { token: admin, body: { id: first.body.data.id, isDefault: true } });
    expect((await t.call('GET', '/api/ship/scene/default', { token: viewer })).body.data.id).toBe(first.body.data.id);
    // The project's default is untouched by the global change.
    expect((await t.call('GET', `/api/ship/scene/default?projectId=${p.id}`, { token: viewer })).body.data.id).toBe(own.body.data.id);

    const list = await t.call('POST', '/api/ship/scene/list', { token: admin, body: { projectId: p.id, page: 1, limit: 10 } });
    expect(list.body.data.list).toEqual([expect.objectContaining({ name: 'P1', projectName: 'Lake' })]);
    expect((await t.call('GET', '/api/ship/scene/default', {})).status).toBe(401);
    const stranger = (await t.userWith(['ship-cards#list'])).token;
    expect((await t.call('GET', '/api/ship/scene/default', { token: stranger })).status).toBe(403);
    expect((await t.call('POST', '/api/ship/scene/save', { token: viewer, body: { name: 'x' } })).status).toBe(403);
  });

  it('seeds two scenes once, with layouts that pass their own validation', async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedScenes(fresh.database)).toEqual({ cards: 14, scenes: 2 });
      expect(await seedScenes(fresh.database)).toEqual({ cards: 0, scenes: 0 });
      const token = await fresh.tokenFor('viewer');
      const def = await fresh.call('GET', '/api/ship/scene/default', { token });
      expect(def.body.data.name).toBe('总览');
      expect(def.body.data.cards.length).toBe(def.body.data.layout.length);
      const all = await fresh.call('POST', '/api/ship/scene/listAll', { token: await fresh.tokenFor('admin'), body: {} });
      expect(all.body.data.map((s: { name: string }) => s.name).sort()).toEqual(['总览', '运维'].sort());
    } finally {
      await fresh.close();
    }
  });
});

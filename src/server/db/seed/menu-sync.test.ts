import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { RESOURCE_LIST } from '@shared/resources';
import { bootstrapData } from './bootstrap';
import { MENU_TREE, type MenuSeed } from './menus';
import { registryNodes, syncMenus } from './menu-sync';

/** The menu sync on start (menu-sync.ts): the registry's menus reach existing databases, an administrator's changes stay. */
describe('menus synced from the resource registry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const menuRows = () =>
    t.database.query<{ id: number; parent_id: number; name: string; name_en: string; type: number; url: string; perms: string; menu_code: string; icon: string; sort: number }>(
      'SELECT id, parent_id, name, name_en, type, url, perms, menu_code, icon, sort FROM sys_menu ORDER BY id',
    );
  const grantsOf = (role: string) =>
    t.database.query<{ perms: string; url: string }>(
      `SELECT m.perms, m.url FROM sys_role_menu rm JOIN sys_role r ON r.id = rm.role_id JOIN sys_menu m ON m.id = rm.menu_id WHERE r.code = $1`,
      [role],
    );

  it('seeds a fresh database with every registry menu and button, and a second sync changes nothing', async () => {
    const rows = await menuRows();
    const nodes = registryNodes();
    expect(rows).toHaveLength(nodes.length);
    for (const r of RESOURCE_LIST.filter((x) => x.menu)) {
      const menu = rows.find((m) => m.type === 1 && m.menu_code === r.code)!;
      expect(menu.url).toBe(r.menu!.url);
      expect(menu.name_en).toBe(r.menu!.nameEn);
      const buttons = rows.filter((m) => m.parent_id === menu.id && m.type === 2).map((m) => m.perms);
      expect(buttons).toEqual(Object.keys(r.buttons).map((a) => `${r.code}#${a}`));
    }
    const [{ n }] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sys_menu_origin WHERE menu_id IS NOT NULL');
    expect(n).toBe(nodes.length);

    expect(await syncMenus(t.database)).toEqual({ inserted: 0, adopted: 0, updated: 0, kept: 0 });
    expect(await menuRows()).toEqual(rows);
  });

  it('adds a menu an existing database lacks, on start, with its buttons granted to administrators only', async () => {
    // As an installation seeded before the training screen existed: its menu, buttons and their origin absent.
    await t.database.query(`DELETE FROM sys_menu_origin WHERE key = 'menu:fall-train' OR key LIKE 'button:fall-train#%'`);
    await t.database.query(`DELETE FROM sys_menu WHERE menu_code = 'fall-train'`);
    expect((await grantsOf('administrator')).some((g) => g.perms.startsWith('fall-train#'))).toBe(false);

    expect(await bootstrapData(t.database, t.config)).toBe('present');

    const rows = await menuRows();
    const menu = rows.find((m) => m.type === 1 && m.menu_code === 'fall-train')!;
    expect(menu).toMatchObject({ url: 'fall/train', name_en: 'Training' });
    const dir = rows.find((m) => m.id === menu.parent_id)!;
    expect(dir.menu_code).toBe('fall');
    expect(rows.filter((m) => m.parent_id === menu.id).map((m) => m.perms).sort()).toEqual(
      ['delete', 'export', 'info', 'list', 'save', 'update'].map((a) => `fall-train#${a}`),
    );
    const admin = await grantsOf('administrator');
    expect(admin.filter((g) => g.perms.startsWith('fall-train#'))).toHaveLength(6);
    expect(admin.some((g) => g.url === 'fall/train')).toBe(true);
    // The manager held fall-train# when seeded; a new button is an administrator's to hand out.
    expect((await grantsOf('manager')).some((g) => g.perms.startsWith('fall-train#'))).toBe(false);

    // The new menu is usable at once: the administrator's list of the resource answers.
    const admin1 = await t.tokenFor('admin');
    expect((await t.call('POST', '/api/ball/falltrain/list', { token: admin1, body: { page: 1, limit: 5 } })).status).toBe(200);
  });

  it('keeps a menu an administrator renamed, while the fields they left follow the registry', async () => {
    const admin = await t.tokenFor('admin');
    const [menu] = await t.database.query<{ id: number }>(`SELECT id FROM sys_menu WHERE type = 1 AND menu_code = 'fall-draw'`);
    const info = await t.call('GET', `/api/sys/menu/info/${menu.id}`, { token: admin });
    expect(info.status).toBe(200);
    const renamed = await t.call('POST', '/api/sys/menu/update', { token: admin, body: { ...pick(info.body.data), name: '工程图纸', nameEn: 'Plans' } });
    expect(renamed.status).toBe(200);

    // The registry then renames the menu and changes its icon.
    const tree = structuredClone(MENU_TREE);
    const draw = tree.flatMap((d) => d.children ?? []).find((m: MenuSeed) => m.menuCode === 'fall-draw')!;
    Object.assign(draw, { name: '图纸', nameEn: 'Drawing files', icon: 'map' });
    const result = await syncMenus(t.database, tree);
    expect(result.updated).toBe(1);
    expect(result.kept).toBeGreaterThanOrEqual(1);

    const [row] = await t.database.query<{ name: string; name_en: string; icon: string }>(`SELECT name, name_en, icon FROM sys_menu WHERE id = $1`, [menu.id]);
    expect(row).toEqual({ name: '工程图纸', name_en: 'Plans', icon: 'map' });
  });

  it('does not bring back a menu an administrator deleted, and adopts the rows of a database seeded before the sync', async () => {
    const [menu] = await t.database.query<{ id: number }>(`SELECT id FROM sys_menu WHERE type = 1 AND menu_code = 'fall-others'`);
    await t.database.query(`DELETE FROM sys_menu WHERE id = $1 OR parent_id = $1`, [menu.id]);
    expect((await syncMenus(t.database)).inserted).toBe(0);
    expect(await t.database.query(`SELECT id FROM sys_menu WHERE menu_code = 'fall-others'`)).toHaveLength(0);

    // A database migrated to 0020 from before it: rows present, no origins. Nothing is added twice.
    const before = await menuRows();
    await t.database.query('DELETE FROM sys_menu_origin');
    const result = await syncMenus(t.database);
    expect(result.inserted).toBe(1 + 6); // the deleted sensors menu is unknown to such a database: it comes back
    expect(result.adopted).toBe(registryNodes().length - 7);
    const after = await menuRows();
    expect(after.filter((r) => r.menu_code !== 'fall-others')).toEqual(before);
  });
});

/** The fields sys/menu/update takes, from its info answer. */
function pick(m: Record<string, unknown>) {
  const { menuId, parentId, name, nameEn, type, url, perms, menuCode, icon, sort } = m as Record<string, unknown>;
  return Object.fromEntries(Object.entries({ menuId, parentId, name, nameEn, type, url, perms, menuCode, icon, sort }).filter(([, v]) => v !== undefined));
}

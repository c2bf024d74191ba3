import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { FILE_OWNER_TYPES } from '@shared/contracts/file';
import { NON_RESOURCE_PERMISSIONS, RESOURCES, RESOURCE_LIST, readActions, routeTopics, type PermissionCode } from '@shared/resources';
import { RESTORE_PERMISSIONS, ROLE_SEEDS } from './db/seed/menus';
import { OWNER_RULES } from './modules/files/owners';
import { resourceNames } from './lib/crud';

/**
 * The resource registry (src/shared/resources.ts) against the server as it really registers its
 * routes (app.routePermissions): a path, a button or a topic declared in one place and not the
 * other fails here.
 */
describe('the resource registry matches the routes', () => {
  let t: TestApp;
  let routes: { method: string; url: string; permissions: string[] }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const prefix = t.config.apiPrefix;
    routes = [...t.app.routePermissions].map(([key, permission]) => {
      const [method, url] = key.split(' ');
      return { method, url: url.slice(prefix.length), permissions: [permission].flat() as string[] };
    });
  });
  afterAll(async () => t?.close());

  const isNonResource = (p: string) => (NON_RESOURCE_PERMISSIONS as readonly string[]).includes(p);
  const under = (api: string) => routes.filter((r) => r.url.startsWith(`${api}/`));

  it('gives every registry path routes that declare the resource\'s own permission', () => {
    const wrong: string[] = [];
    for (const r of RESOURCE_LIST) {
      if (!r.api) continue;
      const own = under(r.api);
      if (!own.length) wrong.push(`${r.api}: no routes`);
      for (const route of own) {
        if (route.permissions.every(isNonResource)) continue;
        if (!route.permissions.some((p) => p.startsWith(`${r.code}#`))) wrong.push(`${route.method} ${route.url}: ${route.permissions.join(',')} lacks ${r.code}#…`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('finds every permission a route declares among the registry\'s buttons or the explicit non-resource list', () => {
    const buttons = new Set(RESOURCE_LIST.flatMap((r) => Object.keys(r.buttons).map((a) => `${r.code}#${a}`)));
    const unknown = routes.flatMap((route) => route.permissions.filter((p) => !isNonResource(p) && !buttons.has(p)).map((p) => `${route.method} ${route.url}: ${p}`));
    expect(unknown).toEqual([]);
    // and the check has something to check
    expect(routes.length).toBeGreaterThan(100);
  });

  it('publishes live topics and skips read actions only for routes that exist', () => {
    const posts = new Set(routes.filter((r) => r.method === 'POST').map((r) => r.url));
    const missing: string[] = [];
    for (const r of RESOURCE_LIST) {
      for (const p of r.live?.publish ?? []) for (const a of p.actions) if (!posts.has(`${r.api}/${a}`)) missing.push(`${r.api}/${a}`);
      for (const a of r.reads ?? []) if (!under(r.api!).some((route) => route.url.startsWith(`${r.api}/${a}`))) missing.push(`${r.api}/${a}`);
    }
    expect(missing).toEqual([]);
    expect(routeTopics().find(([re]) => re.test('/api/ball/fallorder/accept'))?.[1]).toEqual(['order', 'equipment']);
    expect(routeTopics().some(([re]) => re.test('/api/ball/fallorder/list'))).toBe(false);
    expect(readActions()).toContain('queryAllMenuId');
  });

  it('names one resource for every kind of file owner, whose rights the files follow', () => {
    const owners = RESOURCE_LIST.flatMap((r) => (r.fileOwners ?? []).map((type) => [type, r] as const));
    expect(owners.map(([type]) => type).sort()).toEqual([...FILE_OWNER_TYPES].sort());
    for (const [type, r] of owners) expect(OWNER_RULES[type].read).toBe(`${r.code}#info`);
  });

  it('types the seeded roles\' grants by the registry: a misspelled code fails the typecheck, and each names a real button', () => {
    // @ts-expect-error 'fall-projekt' is no registry code
    const misspelled: PermissionCode = 'fall-projekt#list';
    // @ts-expect-error 'lisst' is no button of fall-project
    const noButton: PermissionCode = 'fall-project#lisst';
    const fine: PermissionCode[] = ['fall-project#list', 'fall-project#', 'fall-detect#ack'];
    expect([misspelled, noButton, ...fine]).toHaveLength(5);
    const buttons = new Set(RESOURCE_LIST.flatMap((r) => Object.keys(r.buttons).map((a) => `${r.code}#${a}`)));
    const menus = new Set(RESOURCE_LIST.filter((r) => Object.keys(r.buttons).length).map((r) => `${r.code}#`));
    const granted = [...ROLE_SEEDS.flatMap((r) => [...(r.grants === 'all' ? [] : r.grants), ...(r.except ?? [])]), ...RESTORE_PERMISSIONS];
    expect(granted.filter((p) => !buttons.has(p) && !menus.has(p))).toEqual([]);
    expect(granted.length).toBeGreaterThan(50);
  });

  it('refuses a route builder whose sortable columns or names differ from the registry', () => {
    const col = {} as never;
    expect(resourceNames({ resource: RESOURCES.monitor, sortable: { name: col, serial: col, createdAt: col } })).toEqual({ base: '/ball/fallmonitor', permission: 'fall-monitor' });
    expect(() => resourceNames({ resource: RESOURCES.monitor, sortable: { name: col } })).toThrow(/sortable/);
    expect(() => resourceNames({ resource: RESOURCES.monitor, permission: 'fall-draw' })).toThrow(/registry/);
  });
});

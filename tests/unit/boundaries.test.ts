import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { moduleFolders } from '../../src/server/modules/index';

/**
 * The boundaries of eslint-rules/boundaries.js, through ESLint itself with the repository's
 * eslint.config.js: a forbidden import in a file at a given path must fail the lint that npm test
 * runs, and the allowed ones must not.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'local/boundaries').map((m) => m.message);
}

describe('boundaries the linter keeps', () => {
  it('fails a client feature that imports another feature, relative or through the alias', async () => {
    const relative = await boundaryErrors('src/client/features/operations/equipment/fixture.tsx', "import { ProjectsPage } from '../projects/project.screen';\nexport const x = ProjectsPage;\n");
    expect(relative).toHaveLength(1);
    expect(relative[0]).toMatch(/features never import each other \(features\/operations\/equipment -> features\/operations\/projects\)/);
    const aliased = await boundaryErrors('src/client/features/dashboard/fixture.tsx', "import { OverviewWall } from '@client/features/wall/overview-wall';\nexport const x = OverviewWall;\n");
    expect(aliased).toHaveLength(1);
  });

  it('lets a feature use the shared layer, the kit and lib, and its own files', async () => {
    const code = [
      "import { useCountProjects } from '@client/shared/stats/api/get-count-projects';",
      "import { FileField } from '../../../components/form/file-field';",
      "import { api } from '../../../lib/api';",
      "import { EquipmentPage } from './equipment.screen';",
      'export const x = [useCountProjects, FileField, api, EquipmentPage];',
    ].join('\n');
    expect(await boundaryErrors('src/client/features/operations/equipment/fixture.tsx', code)).toEqual([]);
  });

  it('fails the kit importing a feature or the shared layer, and anything below app importing app', async () => {
    expect(await boundaryErrors('src/client/components/wall/fixture.ts', "export { overviewPrefetch } from '../../features/wall/overview-data';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/client/components/fixture.ts', "import { x } from '@client/shared/stats/chart-options';\nexport const y = x;\n")).toHaveLength(1);
    const [app] = await boundaryErrors('src/client/shared/fixture.ts', "import { useTabs } from '../app/tabs-store';\nexport const y = useTabs;\n");
    expect(app).toMatch(/never imports app\//);
    expect(await boundaryErrors('src/client/lib/fixture.ts', "const load = () => import('../components/table/data-table');\nexport default load;\n")).toHaveLength(1);
    // The app may import any feature.
    expect(await boundaryErrors('src/client/app/fixture.ts', "export { OverviewWall } from '../features/wall/overview-wall';\n")).toEqual([]);
  });

  it('keeps test code out of src/: only test files import tests/ and mocks/', async () => {
    const code = "import { renderKit } from '@tests/helpers/kit-render';\nexport const x = renderKit;\n";
    expect(await boundaryErrors('src/client/components/fixture.tsx', code)).toHaveLength(1);
    expect(await boundaryErrors('src/client/components/fixture.test.tsx', code)).toEqual([]);
    expect(await boundaryErrors('src/server/lib/fixture.ts', "import { createTestApp } from '../../../tests/helpers/test-app';\nexport const x = createTestApp;\n")).toHaveLength(1);
  });

  it('fails a server module reaching into another module, and lets it use that module\'s index.ts', async () => {
    const [internal] = await boundaryErrors('src/server/modules/wall/fixture.ts', "import { insertOrder } from '../operations/orders/orders.repository';\nexport const x = insertOrder;\n");
    expect(internal).toMatch(/modules\/wall may use another module only through its index.ts, not operations\/orders\/orders.repository.ts/);
    // A service is its module's own too: others use what the index re-exports.
    const [service] = await boundaryErrors('src/server/modules/wall/fixture.ts', "import { storageOf } from '../files/files.service';\nexport const x = storageOf;\n");
    expect(service).toMatch(/export what it needs from modules\/files\/index.ts/);
    const ok = ["import { storageOf } from '../files';", "import { recomputeEquipmentState } from '../operations/equipment';", 'export const x = [storageOf, recomputeEquipmentState];'].join('\n');
    expect(await boundaryErrors('src/server/modules/wall/fixture.ts', ok)).toEqual([]);
    // Each folder under operations/ is its own module, as the loader registers it.
    const [sibling] = await boundaryErrors('src/server/modules/operations/reports/fixture.ts', "import { checkReportTimes } from '../orders/work-times';\nexport const x = checkReportTimes;\n");
    expect(sibling).toMatch(/modules\/operations\/reports may use another module only through its index.ts/);
    expect(await boundaryErrors('src/server/modules/operations/reports/fixture.ts', "import { checkReportTimes } from '../orders';\nexport const x = checkReportTimes;\n")).toEqual([]);
    // Inside one module, its files use each other.
    expect(await boundaryErrors('src/server/modules/operations/orders/fixture.ts', "import { insertOrder } from './orders.repository';\nexport const x = insertOrder;\n")).toEqual([]);
    // The base layers never import a module.
    expect(await boundaryErrors('src/server/lib/fixture.ts', "import { storageOf } from '../modules/files';\nexport const x = storageOf;\n")).toHaveLength(1);
  });

  it('fails a file under modules/ that belongs to no module (a group folder holds modules, not code)', async () => {
    const [stray] = await boundaryErrors('src/server/modules/operations/fixture.service.ts', 'export const x = 1;\n');
    expect(stray).toMatch(/operations\/fixture.service.ts belongs to no module/);
    expect(await boundaryErrors('src/server/modules/operations/fixture.test.ts', 'export const x = 1;\n')).toEqual([]);
    expect(await boundaryErrors('src/server/modules/operations/orders/fixture.ts', 'export const x = 1;\n')).toEqual([]);
  });

  it('lets a client shared area import only the areas eslint.config.js declares for it', async () => {
    const [up] = await boundaryErrors('src/client/shared/stats/fixture.ts', "import { WALL_LIVE_KEYS } from '../wall/live-keys';\nexport const x = WALL_LIVE_KEYS;\n");
    expect(up).toMatch(/shared\/stats may not import shared\/wall/);
    expect(await boundaryErrors('src/client/shared/wall/fixture.ts', "import { useLiveRefresh } from '../stats/api/refresh';\nexport const x = useLiveRefresh;\n")).toEqual([]);
    expect(await boundaryErrors('src/client/shared/work-kit/fixture.ts', "import { PROJECT_BASE } from '@client/shared/projects/project-api';\nexport const x = PROJECT_BASE;\n")).toHaveLength(1);
  });

  it('fails routes registered outside their own folder, unless modules/index.ts registers them', async () => {
    const code = "import { orderRoutes } from '../operations/orders/orders.routes';\nexport const x = orderRoutes;\n";
    const [routes] = await boundaryErrors('src/server/modules/stats/fixture.ts', code);
    expect(routes).toMatch(/routes are registered by their own folder/);
    const [sibling] = await boundaryErrors('src/server/modules/operations/devices/fixture.ts', "import { orderRoutes } from '../orders/orders.routes';\nexport const x = orderRoutes;\n");
    expect(sibling).toMatch(/routes are registered by their own folder/);
    expect(await boundaryErrors('src/server/modules/index.ts', "import { orderRoutes } from './operations/orders/orders.routes';\nexport const x = orderRoutes;\n")).toEqual([]);
  });
});

type Rule = {
  moduleFolders: (root: string) => string[];
  serverModule: (file: string, modules: string[]) => string | null;
  resolveImport: (from: string, spec: string, root: string) => string | null;
};
const root = process.cwd();
const loadRule = async () => (await import(/* @vite-ignore */ pathToFileURL(path.join(root, 'eslint-rules/boundaries.js')).href)) as Rule;

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** Which modules each module imports (module folder -> module folders), read from the sources as the lint resolves them. */
async function moduleGraph(): Promise<Map<string, Set<string>>> {
  const rule = await loadRule();
  const modules = rule.moduleFolders(root);
  const graph = new Map<string, Set<string>>(modules.map((m) => [m, new Set<string>()]));
  for (const file of sources('src/server/modules')) {
    const from = rule.serverModule(file, modules);
    if (!from) continue;
    for (const m of readFileSync(path.join(root, file), 'utf8').matchAll(/(?:^import|^export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
      const to = rule.resolveImport(file, m[1] ?? m[2], root);
      const target = to ? rule.serverModule(to, modules) : null;
      if (target && target !== from) graph.get(from)!.add(target);
    }
  }
  return graph;
}

/** The cycles of a graph, each as the path that closes it (a -> b -> a). */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, trail: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      found.push([...trail.slice(trail.indexOf(node)), node].join(' -> '));
      return;
    }
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    state.set(node, 'done');
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

describe('server modules: the lint\'s are the loader\'s, and they import each other one way', () => {
  it('finds the module folders the loader registers (modules/index.ts moduleFolders)', async () => {
    const rule = await loadRule();
    expect(rule.moduleFolders(root)).toEqual(moduleFolders());
    // Each folder under operations/ and system/ is a module of its own, not the group.
    expect(moduleFolders()).toEqual(expect.arrayContaining(['operations/orders', 'operations/reports', 'system/menus', 'identity', 'stats']));
    expect(moduleFolders()).not.toContain('operations');
  });

  it('has no two modules importing each other, directly or round a longer cycle', async () => {
    const graph = await moduleGraph();
    // The graph is read, not empty: operations/reports uses operations/orders' time rules.
    expect([...graph.get('operations/reports')!]).toContain('operations/orders');
    expect(cycles(graph)).toEqual([]);
  }, 60_000);

  it('finds a cycle where there is one', () => {
    const graph = new Map([
      ['identity', new Set(['system/menus'])],
      ['system/menus', new Set(['identity'])],
      ['stats', new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual(['identity -> system/menus -> identity']);
  });
});

import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

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

  it('fails a server module reaching into another module, and lets it use index.ts and *.service.ts', async () => {
    const [internal] = await boundaryErrors('src/server/modules/wall/fixture.ts', "import { insertOrder } from '../operations/orders/orders.repository';\nexport const x = insertOrder;\n");
    expect(internal).toMatch(/modules\/wall may use modules\/operations only through its public entries/);
    const ok = [
      "import { storageOf } from '../files';",
      "import { countedEquipment } from '../operations/equipment-state.service';",
      'export const x = [storageOf, countedEquipment];',
    ].join('\n');
    expect(await boundaryErrors('src/server/modules/wall/fixture.ts', ok)).toEqual([]);
    // Inside one module (operations), its folders use each other.
    expect(await boundaryErrors('src/server/modules/operations/reports/fixture.ts', "import { insertOrder } from '../orders/orders.repository';\nexport const x = insertOrder;\n")).toEqual([]);
    // The base layers never import a module.
    expect(await boundaryErrors('src/server/lib/fixture.ts', "import { storageOf } from '../modules/files';\nexport const x = storageOf;\n")).toHaveLength(1);
  });

  it('fails routes registered outside their own folder, unless modules/index.ts registers them', async () => {
    const code = "import { orderRoutes } from '../operations/orders/orders.routes';\nexport const x = orderRoutes;\n";
    const [routes] = await boundaryErrors('src/server/modules/stats/fixture.ts', code);
    expect(routes).toMatch(/routes are registered by their own folder/);
    expect(await boundaryErrors('src/server/modules/operations/devices/fixture.ts', "import { orderRoutes } from '../orders/orders.routes';\nexport const x = orderRoutes;\n")).toHaveLength(1);
    expect(await boundaryErrors('src/server/modules/index.ts', "import { orderRoutes } from './operations/orders/orders.routes';\nexport const x = orderRoutes;\n")).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadModules, moduleFolders } from './index';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Every folder under modules/ that holds route files (*.routes.ts), relative to modules/. */
function routeFolders(rel = ''): string[] {
  const entries = readdirSync(path.join(ROOT, rel), { withFileTypes: true });
  const here = entries.some((e) => e.isFile() && e.name.endsWith('.routes.ts')) ? [rel] : [];
  return [...here, ...entries.filter((e) => e.isDirectory()).flatMap((e) => routeFolders(rel ? `${rel}/${e.name}` : e.name))];
}

describe('modules are found, not listed', () => {
  it('finds a registrar for every folder with routes: no routes file lies outside a module', async () => {
    const modules = await loadModules();
    const folders = modules.map((m) => m.folder);
    const orphans = routeFolders().filter((f) => !folders.some((m) => f === m || f.startsWith(`${m}/`)));
    expect(orphans).toEqual([]);
    expect(folders).toContain('operations/spare-parts');
    expect(folders).toContain('stats');
    expect(modules.length).toBeGreaterThan(25);
    expect(modules.every((m) => m.name.endsWith('Module') && typeof m.register === 'function')).toBe(true);
  });

  it('treats group folders (system, operations) as groups: their subfolders are the modules', () => {
    const folders = moduleFolders();
    expect(folders).not.toContain('system');
    expect(folders).toContain('system/users');
    expect(folders).not.toContain('operations');
    expect(folders).toContain('operations/orders');
  });
});

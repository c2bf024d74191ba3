import type { AppInstance } from '../app-instance';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { liveRoutes } from '../live';

/** A module's registrar: registers the routes of its folder (each route declares its permission, plugins/auth.ts). */
export type ApiModule = (app: AppInstance) => Promise<void>;

export interface FoundModule {
  /** The module's folder under modules/, e.g. 'operations/orders'. */
  folder: string;
  /** Its registrar's name, e.g. 'ordersModule'. */
  name: string;
  register: ApiModule;
}

const MODULES_DIR = path.dirname(fileURLToPath(import.meta.url));
/** A module's entry file: index.ts in the sources, index.js in the compiled server (dist/server). */
const INDEX = `index${path.extname(fileURLToPath(import.meta.url))}`;

/**
 * The module folders: every folder under modules/ that holds an index.ts, nearest first (a module's
 * own subfolders belong to it; `system/` and `operations/` are groups, not modules). Sorted, so the
 * registration order does not depend on the file system.
 */
export function moduleFolders(root = MODULES_DIR): string[] {
  const found: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true }).filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
      const sub = rel ? `${rel}/${entry.name}` : entry.name;
      if (existsSync(path.join(root, sub, INDEX))) found.push(sub);
      else walk(sub);
    }
  };
  walk('');
  return found;
}

/**
 * Every API module, found by convention instead of a hand list: a module is one folder,
 * modules/<area>/[<part>/]index.ts, whose index exports exactly one `<name>Module` registrar (what
 * else it exports is its public entry for other modules). A new module needs no line here.
 * Loaded before the plugin runs: importing every module inside it would count against Fastify's
 * plugin timeout.
 */
export async function loadModules(root = MODULES_DIR): Promise<FoundModule[]> {
  const modules: FoundModule[] = [];
  for (const folder of moduleFolders(root)) {
    const exports = (await import(pathToFileURL(path.join(root, folder, INDEX)).href)) as Record<string, unknown>;
    const registrars = Object.entries(exports).filter(([name, value]) => name.endsWith('Module') && typeof value === 'function');
    if (registrars.length !== 1) {
      throw new Error(`modules/${folder}/index.ts must export exactly one <name>Module registrar, found ${registrars.map(([n]) => n).join(', ') || 'none'}`);
    }
    const [[name, register]] = registrars;
    modules.push({ folder, name, register: register as ApiModule });
  }
  return modules;
}

/** Registers the live stream and every module under the API prefix, each as its own encapsulated plugin. */
export async function registerModules(app: AppInstance, options: { modules: FoundModule[] }): Promise<void> {
  await app.register(liveRoutes);
  for (const m of options.modules) await app.register(m.register);
}

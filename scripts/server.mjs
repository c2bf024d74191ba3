/**
 * The one way to run the server outside development (`npm start`, the benchmarks, the browser
 * tests): compiled JavaScript in dist/server, built here when missing or older than its sources.
 * Through the TypeScript loader (tsx) the same idle server held some 85 MB more: the loader's own
 * thread, and every module's source with its inline source map, stay in memory for the process's
 * life. Development (`npm run dev`, `npm run serve`) and the tests keep running the TypeScript.
 *
 * dist/server mirrors src/: dist/server/server/main.js, dist/server/shared/…; each file compiled on
 * its own (esbuild), its imports pointing at the compiled neighbours, packages left to node_modules.
 * So what the server finds at run time by its own file's place still holds: the API modules by
 * folder (modules/index.ts), the migrations beside db/migrate.ts (copied with the build).
 *
 * V8's young generation stays at its default: 4 MB semi-spaces saved some 24 MB of RSS but cost the
 * order list a sixth of its throughput and its p99 on PostgreSQL (quiet machine, 50 connections, two
 * runs each: 1,088–1,297 req/s and p99 89–102 ms with 4 MB; 1,364–1,395 req/s and p99 66–76 ms with
 * V8's default).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'dist/server');
const SOURCES = ['src/server', 'src/shared', 'tsconfig.json', 'package-lock.json', 'scripts/server.mjs'];
const MIGRATIONS = 'server/db/migrations';
/** Written last: a build without it is unfinished. */
const DONE = '.built';

/** The newest modification time under `p` (a file or a folder), skipping node_modules and dot files. */
function newest(p) {
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(p)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    max = Math.max(max, newest(path.join(p, name)));
  }
  return max;
}

/** Whether `built` is missing or older than any of `sources` (paths relative to the project). */
export function stale(built, sources) {
  if (!existsSync(built)) return true;
  const newestSource = Math.max(...sources.map((p) => path.join(root, p)).filter(existsSync).map(newest));
  return newestSource > statSync(built).mtimeMs;
}

/** Every .ts file of the server and shared code that the server may load: all but tests. */
function entryPoints() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) found.push(file);
    }
  };
  walk(path.join(root, 'src/server'));
  walk(path.join(root, 'src/shared'));
  return found;
}

/**
 * esbuild compiles each entry on its own: an import of another source file (relative or through a
 * tsconfig alias such as @shared/…) becomes an import of that file's compiled neighbour, relative
 * and with its .js extension as node requires; packages stay imports from node_modules.
 */
const importsStayImports = {
  name: 'imports-stay-imports',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData === 'resolving') return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'resolving' });
      if (found.errors.length || found.external || !found.path.endsWith('.ts')) return found;
      const relative = path.relative(path.dirname(args.importer), found.path).replace(/\.ts$/, '.js');
      return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
    });
  },
};

/** Compiles src/server and src/shared into dist/server, or `out` (into a fresh folder, then swapped in). */
export async function buildServer(out = OUT) {
  const { build, stop } = await import('esbuild');
  const tmp = `${out}.building-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  // esbuild's service process would otherwise live as long as the process that built (npm start).
  await build({
    entryPoints: entryPoints(),
    outbase: path.join(root, 'src'),
    outdir: tmp,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: path.join(root, 'tsconfig.json'),
    plugins: [importsStayImports],
    logLevel: 'warning',
  }).finally(stop);
  cpSync(path.join(root, 'src', MIGRATIONS), path.join(tmp, MIGRATIONS), { recursive: true });
  writeFileSync(path.join(tmp, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(tmp, DONE), '');
  // Another process (a bench beside the browser tests) may have built it meanwhile: last one wins.
  mkdirSync(path.dirname(out), { recursive: true });
  rmSync(out, { recursive: true, force: true });
  renameSync(tmp, out);
}

/**
 * The node arguments that start the server (spawn(process.execPath, await serverCommand())): the
 * compiled server, built first when it is missing or older than its sources. SERVER_FROM=source
 * starts the TypeScript through tsx instead, to compare the two or to debug with the sources.
 */
export async function serverCommand() {
  if (process.env.SERVER_FROM === 'source') return ['--import', 'tsx', path.join(root, 'src/server/main.ts')];
  if (stale(path.join(OUT, DONE), SOURCES)) await buildServer();
  return [path.join(OUT, 'server/main.js')];
}

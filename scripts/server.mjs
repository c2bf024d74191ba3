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
 * On the embedded database the server runs with EMBEDDED_V8_FLAGS (below); what each saved and what
 * was tried besides is in docs/decisions.md ("Server memory").
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'dist/server');
const SOURCES = ['src/server', 'src/shared', 'tsconfig.json', 'package-lock.json', 'scripts/server.mjs'];
const MIGRATIONS = 'server/db/migrations';
/** The embedded database's thread and the plain-JavaScript module it imports. */
const PGLITE_WORKER = ['server/db/pglite-worker.mjs', 'server/db/pglite-data-files.mjs'];
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
  // The embedded database's thread is plain JavaScript, loaded by its file's place (db/pglite-remote.ts).
  for (const file of PGLITE_WORKER) cpSync(path.join(root, 'src', file), path.join(tmp, file));
  writeFileSync(path.join(tmp, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(tmp, DONE), '');
  // Another process (a bench beside the browser tests) may have built it meanwhile: last one wins.
  mkdirSync(path.dirname(out), { recursive: true });
  rmSync(out, { recursive: true, force: true });
  renameSync(tmp, out);
}

/**
 * V8 settings of the server on the embedded database, each measured on the throughput bench
 * (docs/decisions.md "Server memory"). The embedded database lives in the server's process, so its
 * memory budgets are the tight ones; on PostgreSQL (DATABASE_URL) the server held 160 MB idle and
 * ~220 MB at peak without them, and the same flags cost its order list 5–30 % more CPU a request.
 *  - one V8 helper thread rather than four: every thread that compiles or marks gets a malloc arena
 *    of its own, and what the arenas kept was the largest and most variable part of the idle
 *    server's C heap (idle RSS with the two flags below, load 4–5: 232–240 MB with one thread,
 *    241–277 with two, 266–276 with four);
 *  - 8 MB semi-spaces (V8 grows them to 16 MB): the order list now allocates half what it did per
 *    request, so collections come no more often than before (idle −10 MB). 4 MB semi-spaces cost
 *    the list a sixth of its throughput on PostgreSQL when requests allocated twice as much;
 *  - the old generation collected when it has grown by half since the last full collection rather
 *    than V8's up to fourfold: under the list's load what requests promote was collected only near
 *    the end, and the peak followed how far it had got (peak 321 MB against 396–398).
 */
export const EMBEDDED_V8_FLAGS = ['--v8-pool-size=1', '--max-semi-space-size=8', '--heap-growing-percent=50'];

/**
 * The node arguments that start the server (spawn(process.execPath, await serverCommand(env))) with
 * the environment `env` it will run in: the compiled server, built first when it is missing or older
 * than its sources, with EMBEDDED_V8_FLAGS unless env names a DATABASE_URL. SERVER_FROM=source
 * starts the TypeScript through tsx instead, to compare the two or to debug with the sources.
 */
export async function serverCommand(env = process.env) {
  const flags = env.DATABASE_URL ? [] : EMBEDDED_V8_FLAGS;
  if (process.env.SERVER_FROM === 'source') return [...flags, '--import', 'tsx', path.join(root, 'src/server/main.ts')];
  if (stale(path.join(OUT, DONE), SOURCES)) await buildServer();
  return [...flags, path.join(OUT, 'server/main.js')];
}

import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '@server/db/migrate';
import { moduleFolders } from '@server/modules';

const out = path.resolve('tmp', `server-build-test-${process.pid}`);
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Runs an ES module snippet in plain node (no test transform), as the compiled server runs; its stdout. */
function node(code: string): string {
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
  return res.stdout;
}

// npm start, the benches and the browser tests run the compiled server (scripts/server.mjs): what it
// finds by its files' places must be what the sources find.
it('compiles the server so that it finds the same API modules and migrations as the sources', () => {
  node(`await (await import(${JSON.stringify(pathToFileURL(path.resolve('scripts/server.mjs')).href)})).buildServer(${JSON.stringify(out)});`);
  const modulesIndex = pathToFileURL(path.join(out, 'server/modules/index.js')).href;
  const found = JSON.parse(node(`console.log(JSON.stringify((await import(${JSON.stringify(modulesIndex)})).moduleFolders()))`)) as string[];
  expect(found.length).toBeGreaterThan(10);
  expect(found).toEqual(moduleFolders());
  expect(readdirSync(path.join(out, 'server/db/migrations'))).toEqual(readdirSync(MIGRATIONS_DIR));
}, 60_000);

// A flag a newer node no longer knows stops the server before it starts ("bad option").
it('starts node with the V8 flags the server runs with on the embedded database', () => {
  const flags = JSON.parse(node(`console.log(JSON.stringify((await import(${JSON.stringify(pathToFileURL(path.resolve('scripts/server.mjs')).href)})).EMBEDDED_V8_FLAGS))`)) as string[];
  expect(flags.length).toBeGreaterThan(0);
  const res = spawnSync(process.execPath, [...flags, '-e', 'process.exit(0)'], { encoding: 'utf8' });
  expect(res.stderr).toBe('');
  expect(res.status).toBe(0);
});

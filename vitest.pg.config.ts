import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// The server suite again, on a real PostgreSQL server. Each test file creates and drops its own
// database on TEST_DATABASE_URL (see tests/helpers/test-app.ts).
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Only the files that open the test database run again here: a file that never does (pure functions,
 * lint rules, the embedded engine's own worker, the captcha reader) gives the same answer on either
 * engine and has already run in `npm test`. A file opens the database through the test helpers
 * (createTestApp, freshDatabase) or reads TEST_DATABASE_URL itself.
 */
const OPENS_DATABASE = /helpers\/test-(app|db)'|createTestApp|freshDatabase|TEST_DATABASE_URL/;
const ROOTS = ['src/server', 'src/shared', 'tests/unit'];

/** Test files under a root, by path from the project's root (Node's recursive listing). */
const testFiles = (root: string): string[] =>
  readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.test.ts')).map((name) => path.join(root, name));

const engineIndependent = ROOTS.flatMap(testFiles).filter((file) => !OPENS_DATABASE.test(readFileSync(file, 'utf8')));

type Project = { test?: { name?: string; exclude?: string[] } };

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: (base.test?.projects as Project[]).map((project) =>
      project.test?.name?.startsWith('server') ? { ...project, test: { ...project.test, exclude: [...(project.test.exclude ?? ['**/node_modules/**']), ...engineIndependent] } } : project,
    ),
  },
});

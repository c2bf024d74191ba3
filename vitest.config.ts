import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
  // Test helpers live outside src (tests/helpers); tests import them as @tests/helpers/...
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
};

const SERVER_FILES = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/unit/**/*.test.ts'];
/** Server files that replace modules (vi.mock): each gets a module graph of its own. */
const SERVER_APART = ['src/server/modules/wall/login2.test.ts'];
const server = {
  environment: 'node',
  // One generous limit that only a hang reaches: a test waits for what it expects, and on a
  // machine under load (docs/testing.md) a database and an app take many times their usual time.
  testTimeout: 300_000,
  hookTimeout: 300_000,
  pool: 'forks',
  maxWorkers: 2,
  // One template database per run, whichever server project asks first (global-setup.ts).
  globalSetup: ['tests/helpers/global-setup.ts'],
  setupFiles: ['tests/helpers/server-setup.ts'],
  env: { NODE_ENV: 'test' },
} satisfies TestProjectInlineConfiguration['test'];
const CLIENT_FILES = ['src/client/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts'];
/**
 * Client files that replace modules (vi.mock) or test what a lazy module's first import draws
 * (date-pickers: the frame before the picker's chunk): each gets a module graph of its own.
 */
const CLIENT_APART = [
  'src/client/components/form/date-pickers.test.tsx',
  'src/client/components/list-page/list-page.test.tsx',
  'src/client/components/wall/wall-chart.test.tsx',
  'src/client/features/dashboard/dashboard-page.test.tsx',
  'src/client/features/operations/statistics/statistics-page.test.tsx',
  'src/client/features/wall/detail-wall.test.tsx',
  'src/client/features/wall/overview-wall.test.tsx',
];
const client = {
  environment: 'jsdom',
  setupFiles: ['tests/helpers/client-setup.ts'],
  testTimeout: 300_000,
  hookTimeout: 300_000,
  pool: 'forks',
  maxWorkers: 2,
  css: false,
} satisfies TestProjectInlineConfiguration['test'];

// The server and shared code run in Node, each test file on a database of its own as the template
// was (tests/helpers/test-db.ts); the client runs in jsdom and talks to MSW. Each side's files share
// worker processes (isolate: false), but for the few that replace modules. 2 cores: small pools.
export default defineConfig({
  test: {
    projects: [
      {
        // The app's build config (its plugins: the client's sources import @shared/messages?locale=…,
        // vite.config.ts localeMessages), which the server's tests need to draw the wall's first frame.
        extends: './vite.config.ts',
        resolve: { alias },
        test: {
          ...server,
          name: 'server',
          include: SERVER_FILES,
          exclude: ['**/node_modules/**', ...SERVER_APART],
          // Files share their worker's modules and embedded databases (tests/helpers/test-db.ts,
          // server-setup.ts closes what a file left open).
          isolate: false,
        },
      },
      {
        extends: './vite.config.ts',
        resolve: { alias },
        test: { ...server, name: 'server-isolated', include: SERVER_APART },
      },
      {
        extends: './vite.config.ts',
        resolve: { alias },
        test: {
          ...client,
          name: 'client',
          include: CLIENT_FILES,
          exclude: ['**/node_modules/**', ...CLIENT_APART],
          // Files share their worker's modules and its jsdom window (setup and cleanup per file in
          // client-setup.ts); a file that replaces modules with vi.mock, or tests a first import, runs apart (client-isolated).
          isolate: false,
        },
      },
      {
        extends: './vite.config.ts',
        resolve: { alias },
        test: { ...client, name: 'client-isolated', include: CLIENT_APART },
      },
    ],
  },
});

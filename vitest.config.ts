import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
  // Test helpers live outside src (tests/helpers); tests import them as @tests/helpers/...
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
};

// Two projects: the server and shared code run in Node against a fresh embedded database per
// test file; the client runs in jsdom and talks to MSW. 2 cores: keep the pools small.
export default defineConfig({
  test: {
    projects: [
      {
        // The app's build config (its plugins: the client's sources import @shared/messages?locale=…,
        // vite.config.ts localeMessages), which the server's tests need to draw the wall's first frame.
        extends: './vite.config.ts',
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          globalSetup: ['tests/helpers/global-setup.ts'],
          env: { NODE_ENV: 'test' },
        },
      },
      {
        extends: './vite.config.ts',
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts'],
          setupFiles: ['tests/helpers/client-setup.ts'],
          testTimeout: 20_000,
          pool: 'forks',
          maxWorkers: 2,
          css: false,
        },
      },
    ],
  },
});

import { afterAll, vi } from 'vitest';
import { closeOpenTestApps } from './test-app';
import { reclaimDatabases } from './test-db';

// The server project's files share worker processes (vitest.config.ts, isolate: false): what a
// file left open is closed after it, so the next file in the process starts from nothing of it.
afterAll(async () => {
  await closeOpenTestApps();
  await reclaimDatabases();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

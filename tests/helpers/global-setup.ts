import { buildTemplate } from './test-db';

const BUILT = Symbol.for('cascade.test-template');

/**
 * Vitest globalSetup of the server projects: one migrated, seeded template per run. Both server
 * projects name this file and vitest runs it for each, in its own process: the first builds.
 */
export default async function setup(): Promise<void> {
  process.env.NODE_ENV = 'test';
  const shared = globalThis as { [BUILT]?: Promise<void> };
  shared[BUILT] ??= buildTemplate();
  await shared[BUILT];
}

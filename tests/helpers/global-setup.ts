import { buildTemplate } from './test-db';

/** Vitest globalSetup of the server project: one migrated, seeded template per run. */
export default async function setup(): Promise<void> {
  process.env.NODE_ENV = 'test';
  await buildTemplate();
}

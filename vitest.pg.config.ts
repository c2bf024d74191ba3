import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// The server suite again, on a real PostgreSQL server. Each test file creates and drops its own
// database on TEST_DATABASE_URL (see tests/helpers/test-app.ts).
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

export default mergeConfig(base, defineConfig({ test: {} }));

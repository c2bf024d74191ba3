import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '@tests/helpers/test-db';
import type { Database } from './client';
import { migrate, SchemaNewerError } from './migrate';

// An older build started on a database a newer one migrated (an upgrade rolled back without its
// backup) must stop before it writes, saying which migrations it does not know.
describe('migrate: a database newer than the code', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
  });
  afterAll(() => drop());

  it('runs as usual when the code knows every applied migration', async () => {
    expect(await migrate(database)).toEqual([]);
  });

  it('refuses, naming the unknown migrations, and applies nothing', async () => {
    await database.exec("INSERT INTO schema_migrations(name) VALUES ('9998_from_a_newer_build.sql'), ('9999_and_another.sql')");
    const before = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    const error = await migrate(database).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaNewerError);
    expect((error as SchemaNewerError).unknown).toEqual(['9998_from_a_newer_build.sql', '9999_and_another.sql']);
    expect((error as Error).message).toMatch(/migrated by a newer Cascade: migrations 9998_from_a_newer_build\.sql, 9999_and_another\.sql are unknown to this build \(its newest is \d{4}_\w+\.sql\).*docs\/upgrade\.md/);
    expect(await database.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).toEqual(before);
    // the advisory lock was let go: another start can ask again
    await expect(migrate(database)).rejects.toBeInstanceOf(SchemaNewerError);
  });
});

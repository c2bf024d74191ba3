import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/helpers/test-db';
import { LISTENER_NAME } from './client';

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !done(); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > end) throw new Error('timed out');
  }
}

describe('LISTEN', () => {
  it('hears a NOTIFY sent on its channel', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const heard: string[] = [];
      const unlisten = await database.listen('cascade_test', (p) => heard.push(p));
      await database.notify('cascade_test', 'one');
      await database.notify('cascade_other', 'not ours');
      await until(() => heard.length > 0);
      await unlisten();
      await database.notify('cascade_test', 'after');
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toEqual(['one']);
    } finally {
      await drop();
    }
  });

  // PostgreSQL only: PGlite runs in the process and has no connection to lose.
  it.runIf(process.env.TEST_DATABASE_URL)('listens again once its connection is lost, and tells of the gap', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const heard: string[] = [];
      let gaps = 0;
      await database.listen('cascade_test', (p) => heard.push(p), () => (gaps += 1));
      // What a server restart or a cut network does to the listening connection.
      const [ended] = await database.query<{ n: number }>(
        'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LISTENER_NAME],
      );
      expect(ended.n).toBe(1);
      await until(() => gaps === 1);
      await database.notify('cascade_test', 'back');
      await until(() => heard.includes('back'));
    } finally {
      await drop();
    }
  });
});

import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../db/client';

const LOOKUP_KEY = 'login2.lookup';
const cache = new WeakMap<Database, Promise<Buffer>>();

/**
 * The key of project password lookups, made by the first instance that needs it and kept in
 * sys_secret so every instance computes the same lookup hash (a racing second instance keeps the
 * first one's key: ON CONFLICT DO NOTHING, then read). Never sent anywhere nor logged.
 */
export function lookupKey(database: Database): Promise<Buffer> {
  let key = cache.get(database);
  if (!key) {
    key = (async () => {
      await database.query(`INSERT INTO sys_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
        LOOKUP_KEY,
        randomBytes(32).toString('base64'),
      ]);
      const rows = await database.query<{ value: string }>(`SELECT value FROM sys_secret WHERE name = $1`, [LOOKUP_KEY]);
      return Buffer.from(rows[0].value, 'base64');
    })();
    key.catch(() => cache.delete(database));
    cache.set(database, key);
  }
  return key;
}

/** HMAC-SHA256 of a project password, bound to its project: one index lookup finds it at login2. */
export async function projectPasswordLookup(database: Database, projectId: number, password: string): Promise<string> {
  return createHmac('sha256', await lookupKey(database)).update(`${projectId}:${password}`).digest('hex');
}

// The hand-written reference the throughput bench compares Cascade's order list to (issue 31): plain
// Fastify with the same driver (Cascade's openDatabase: node-postgres on DATABASE_URL, PGlite on the
// folder DATA_DIR/pglite) answering POST /api/ball/fallorder/list with one session lookup by token
// (the same statement as plugins/auth.ts) and the same page query, built once by Cascade's own
// repository (selectOrders, orderOrdering) and prepared, with the kept count beside it. No schema,
// no hooks, no serializer but JSON.stringify. Started by throughput.bench.mjs through tsx; PORT, and
// REFERENCE_TOKEN: the bench's signed-in token, whose session the embedded copy lacks (the sign-in
// happened on Cascade's folder after the copy), so it is written once, at start, for the admin.
import { createHash } from 'node:crypto';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { fallOrderCount } from '../../src/server/db/schema';
import { orderOrdering, selectOrders } from '../../src/server/modules/operations/orders/orders.repository';

const url = process.env.DATABASE_URL || undefined;
const database = await openDatabase({ url, dataDir: url ? undefined : path.join(process.env.DATA_DIR ?? 'tmp/bench-throughput-ref', 'pglite') });
const db = database.db;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
if (process.env.REFERENCE_TOKEN) {
  await database.query(
    `INSERT INTO sys_session(token_hash, kind, user_id, expires_at) SELECT $1, 'user', id, now() + interval '1 day' FROM sys_user WHERE username = 'admin'
     ON CONFLICT (token_hash) DO NOTHING`,
    [tokenHash(process.env.REFERENCE_TOKEN)],
  );
}
const page = selectOrders(db).orderBy(...orderOrdering()).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare('reference_order_page');
const count = db.select({ n: sql<number>`coalesce(sum(${fallOrderCount.n}), 0)::int` }).from(fallOrderCount).prepare('reference_order_count');
const SESSION = `SELECT s.id, s.kind, s.user_id, s.expires_at, u.status
  FROM sys_session s LEFT JOIN sys_user u ON u.id = s.user_id WHERE s.token_hash = $1`;

const app = Fastify();
app.post('/api/ball/fallorder/list', async (request, reply) => {
  const token = request.headers.authorization;
  const [session] = token ? await database.query<{ expires_at: Date | null; status: number | null }>(SESSION, [tokenHash(token)]) : [];
  if (!session || session.status !== 1 || (session.expires_at && session.expires_at.getTime() <= Date.now())) return reply.code(401).send({ code: 401, msg: 'unauthorized' });
  const body = (request.body ?? {}) as { page?: number; limit?: number };
  const p = Math.max(1, Number(body.page) || 1);
  const limit = Math.min(100, Math.max(1, Number(body.limit) || 10));
  const [list, [{ n }]] = await Promise.all([page.execute({ limit, offset: (p - 1) * limit }), count.execute()]);
  return { code: 0, msg: 'success', data: { list, total: n, page: p, limit, pages: Math.ceil(n / limit), totalExact: true } };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () => void app.close().then(() => database.close()).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

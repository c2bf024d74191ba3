// The order-list benchmark's TypeScript half (loaded through tsx by orders.bench.mjs): pages, filters
// and sorts of POST /ball/fallorder/list on seed:large (~1,000,000 orders) through the whole HTTP
// stack, each next to the bare SQL that fetches the same page (rows with project and equipment names).
import { openLargeApp } from './large-app';
import { medianMs } from './timing';

export interface OrderTiming {
  name: string;
  injectMs: number;
  sqlMs: number;
}

const PAGE = 20;
const BARE = `SELECT o.id, o.number, o.name, o.status, o.priority, o.submitted_at, p.name AS project_name, e.name AS equipment_name
  FROM fall_order o JOIN fall_project p ON p.id = o.project_id LEFT JOIN fall_eq_info e ON e.id = o.equipment_id`;

export async function measureOrders(dir: string, runs: number, log: (s: string) => void): Promise<OrderTiming[]> {
  const { app, database, token, close } = await openLargeApp(dir, log);
  const [{ id: projectId }] = await database.query<{ id: number }>('SELECT id FROM fall_project ORDER BY id LIMIT 1 OFFSET 500');
  const [{ equipment_id: equipmentId }] = await database.query<{ equipment_id: number }>(
    'SELECT equipment_id FROM fall_order WHERE equipment_id IS NOT NULL ORDER BY id LIMIT 1 OFFSET 5000',
  );
  const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date().toISOString().slice(0, 10);

  const list = async (body: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: '/api/ball/fallorder/list', headers: { authorization: token }, payload: { page: 1, limit: PAGE, ...body } });
    if (res.statusCode !== 200) throw new Error(`list ${JSON.stringify(body)}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };
  const bare = (where: string, order: string, params: unknown[] = [], offset = 0) => () =>
    database.query(`${BARE} ${where ? `WHERE ${where}` : ''} ORDER BY ${order} LIMIT ${PAGE} OFFSET ${offset}`, params);

  const cases: [string, Record<string, unknown>, () => Promise<unknown>][] = [
    ['newest first, page 1', {}, bare('', 'o.submitted_at DESC, o.id DESC')],
    ['newest first, page 50', { page: 50 }, bare('', 'o.submitted_at DESC, o.id DESC', [], 49 * PAGE)],
    ['one project', { projectId }, bare('o.project_id = $1', 'o.submitted_at DESC, o.id DESC', [projectId])],
    ['one equipment', { equipmentId }, bare('o.equipment_id = $1', 'o.submitted_at DESC, o.id DESC', [equipmentId])],
    ['status repairing', { status: 'repairing' }, bare("o.status = 'repairing'", 'o.submitted_at DESC, o.id DESC')],
    ['last 30 days', { submittedFrom: from, submittedTo: to }, bare('o.submitted_at >= $1 AND o.submitted_at < $2::date + 1', 'o.submitted_at DESC, o.id DESC', [from, to])],
    ['number prefix', { keyword: 'WO-2026' }, bare("o.number LIKE 'WO-2026%'", 'o.submitted_at DESC, o.id DESC')],
    ['sorted by number', { sort: 'number', order: 'asc' }, bare('', 'o.number ASC, o.id DESC')],
    ['sorted by status', { sort: 'status', order: 'asc' }, bare('', 'o.status ASC, o.id DESC')],
  ];
  const out: OrderTiming[] = [];
  for (const [name, body, viaSql] of cases) {
    const sqlMs = await medianMs(viaSql, runs);
    const injectMs = await medianMs(() => list(body), runs);
    out.push({ name, injectMs, sqlMs });
    log(`${name}: inject ${injectMs} ms, bare SQL ${sqlMs} ms`);
  }
  await close();
  return out;
}

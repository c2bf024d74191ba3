import type { Database } from '../client';
import { DEMO_FAULTS, DEMO_PEOPLE_CN, DEMO_PEOPLE_EN, DEMO_REPAIRERS } from './demo-data';

/**
 * Set-based generators shared by the demo and the benchmark data: one INSERT … SELECT per table,
 * so tens of thousands of rows (or a million) take seconds, not a round trip each.
 *
 * Randomness comes from R(text): a number in [0, 1) from the md5 of a seed text. It is the same on
 * PGlite and PostgreSQL and on every run, so the data is reproducible without a PRNG in the loop.
 */
export const R = (seed: string) => `(((('x' || substr(md5(${seed}), 1, 8))::bit(32)::int) & 2147483647) / 2147483648.0)`;

/** The k-th (0–3) random number in [0, 1) of one md5 hash: four draws for the price of one hash. */
const H = (hash: string, k: number) => `(((('x' || substr(${hash}, ${1 + k * 8}, 8))::bit(32)::int) & 2147483647) / 2147483648.0)`;

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (items: string[]) => `ARRAY[${items.map(lit).join(', ')}]`;
/** One element of a literal array, picked by R(seed). */
const pickBy = (items: string[], random: string) => `(${textArray(items)})[1 + floor(${random} * ${items.length})::int]`;

/** Relative share of installed units per device category (many nozzles and lights, few cameras). */
const CATEGORY_WEIGHT: Record<string, number> = { nozzle: 6, light: 5, pump: 3, valve: 3, controller: 1, sensor: 1, camera: 1, other: 1 };
const CATEGORY_PREFIX: Record<string, string> = { pump: 'P', nozzle: 'N', light: 'L', valve: 'V', controller: 'C', sensor: 'S', camera: 'CAM', other: 'X' };

export interface EquipmentOptions {
  fromProject: number;
  toProject: number;
  /** Units per project: min + floor(R * spread). */
  min: number;
  spread: number;
  /** Projects whose units get a position on the site plan. */
  placed: number[];
}

/** Installed equipment for a range of project ids; returns the number of rows. */
export async function insertEquipment(database: Database, o: EquipmentOptions): Promise<number> {
  const devices = await database.query<{ id: number; category: string }>('SELECT id, category FROM fall_device ORDER BY id');
  if (!devices.length) throw new Error('seed the device catalogue first');
  const bag = devices.flatMap((d) => Array<number>(CATEGORY_WEIGHT[d.category] ?? 1).fill(d.id));
  const prefix = `CASE category ${Object.entries(CATEGORY_PREFIX).map(([c, p]) => `WHEN ${lit(c)} THEN ${lit(p)}`).join(' ')} ELSE 'X' END`;
  const placed = o.placed.length ? `ARRAY[${o.placed.join(',')}]::int[]` : 'ARRAY[]::int[]';
  const rows = await database.query<{ n: number }>(
    `WITH slots AS (
       SELECT p.id AS project_id, g,
              (ARRAY[${bag.join(',')}])[1 + floor(${R("p.id || 'dev' || g")} * ${bag.length})::int] AS device_id,
              now() - make_interval(days => 760 + floor(${R("p.id || 'built'")} * 400)::int) AS installed
         FROM fall_project p
        CROSS JOIN LATERAL generate_series(1, $3 + floor(${R("p.id || 'count'")} * $4)::int) g
        WHERE p.id BETWEEN $1 AND $2 AND p.status NOT IN ('B', 'D')
     ), named AS (
       SELECT s.*, d.category, d.name AS device_name, d.name_en AS device_name_en, d.maker,
              row_number() OVER (PARTITION BY s.project_id, d.category ORDER BY s.g) AS k,
              ${R("s.project_id || 'st' || s.g")} AS rs
         FROM slots s JOIN fall_device d ON d.id = s.device_id
     ), ins AS (
       INSERT INTO fall_eq_info (name, name_en, serial, state, state_since, project_id, device_id, pos_x, pos_y, created_at, warranty_end)
       SELECT ${prefix} || '-' || lpad(k::text, 2, '0') || ' ' || device_name,
              CASE WHEN device_name_en <> '' THEN ${prefix} || '-' || lpad(k::text, 2, '0') || ' ' || device_name_en ELSE '' END,
              upper(left(regexp_replace(maker, '[^A-Za-z]', '', 'g'), 3)) || '-' || to_char(installed, 'YYMM') || '-' || upper(substr(md5(project_id || '-' || g), 1, 6)),
              CASE WHEN rs < 0.035 THEN 'broken' WHEN rs < 0.05 THEN 'maintenance' WHEN rs < 0.06 THEN 'offline' ELSE 'normal' END,
              CASE WHEN rs < 0.06 THEN now() - make_interval(secs => (0.1 + ${R("project_id || 'since' || g")} * 9) * 86400) ELSE installed END,
              project_id, device_id,
              CASE WHEN project_id = ANY(${placed}) THEN round((0.08 + ${R("project_id || 'x' || g")} * 0.84)::numeric, 4)::float8 END,
              CASE WHEN project_id = ANY(${placed}) THEN round((0.12 + ${R("project_id || 'y' || g")} * 0.76)::numeric, 4)::float8 END,
              installed,
              -- Three years' warranty from installation: some ended, some ending within the month, most running.
              (installed + interval '3 years')::date
         FROM named
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM ins`,
    [o.fromProject, o.toProject, o.min, o.spread],
  );
  return rows[0].n;
}

const FAULT_VALUES = Object.entries(DEMO_FAULTS)
  .flatMap(([category, faults]) => faults.map((f, i) => `(${lit(category)}, ${i}, ${f.map(lit).join(', ')})`))
  .join(',\n');
const FIXED_NOTES_CN = ['更换损坏部件后试运行正常', '清理除垢并调整，运行恢复正常', '紧固接线并做绝缘测试，合格', '重启设备并更新控制程序，观察两小时无异常', '更换密封件，试压无渗漏', '重新标定参数，读数恢复正常'];
const FIXED_NOTES_EN = ['Replaced the faulty part, test run normal', 'Cleaned, descaled and adjusted; back to normal', 'Re-terminated wiring, insulation test passed', 'Restarted and updated the program; two hours without fault', 'Replaced the seals, pressure test without leaks', 'Recalibrated; readings back to normal'];
const NOT_FIXED_NOTES_CN = ['现场排查未找到根本原因，需厂家技术支持', '缺少备件，已申请采购', '临时处理后故障复现，需二次上门', '需停喷检修，已与业主协调时间'];
const NOT_FIXED_NOTES_EN = ['Root cause not found on site, maker support needed', 'Spare part missing, ordered', 'Fault came back after a temporary fix; second visit needed', 'Needs a shutdown; scheduling with the owner'];

/** Per-day order counters so batches never give two orders the same WO number. */
async function ensureSequence(database: Database): Promise<void> {
  const [{ present }] = await database.query<{ present: boolean }>(`SELECT to_regclass('seed_order_seq') IS NOT NULL AS present`);
  if (present) return;
  await database.exec(`CREATE TABLE seed_order_seq (day date PRIMARY KEY, n integer NOT NULL)`);
  await database.exec(`INSERT INTO seed_order_seq(day, n)
    SELECT to_date(substr(number, 4, 8), 'YYYYMMDD'), max(substr(number, 13)::int) FROM fall_order
     WHERE number ~ '^WO-[0-9]{8}-[0-9]+$' GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET n = greatest(seed_order_seq.n, EXCLUDED.n)`);
}

export async function dropSequence(database: Database): Promise<void> {
  await database.exec('DROP TABLE IF EXISTS seed_order_seq');
}

export interface OrderOptions {
  fromProject: number;
  toProject: number;
  /** Orders per unit over the period: 1 + floor(R * perEquipment). */
  perEquipment: number;
  days: number;
}

/**
 * Maintenance orders over `days` for the units of a range of projects, with their reports.
 * Repair times are skewed (most within a day, a long tail of waiting for parts) and depend on
 * priority; about 9% of repairs are followed by another fault on the same unit within 30 days;
 * about 13% need a second visit (a "not fixed" report first). Old orders are completed or closed,
 * recent ones still submitted, accepted or in repair. Returns [orders, reports].
 */
export async function insertOrders(database: Database, o: OrderOptions): Promise<[number, number]> {
  await ensureSequence(database);
  const [{ last }] = await database.query<{ last: number }>('SELECT coalesce(max(id), 0)::int AS last FROM fall_order');
  const ordered = await database.query<{ n: number }>(
    `WITH faults(category, idx, name_cn, name_en, desc_cn, desc_en) AS (VALUES ${FAULT_VALUES}),
     eq AS (
       SELECT e.id, e.project_id, coalesce(d.category, 'other') AS category, (p.area = 'overseas') AS en
         FROM fall_eq_info e JOIN fall_project p ON p.id = e.project_id LEFT JOIN fall_device d ON d.id = e.device_id
        WHERE p.id BETWEEN $1 AND $2 AND p.status IN ('A', 'E', 'F', 'G')
     ), first AS (
       SELECT eq.*, g, hh.h1, hh.h2,
              now() - make_interval(secs => (${H('hh.h1', 0)} * $4 + 0.02) * 86400) AS at,
              ${H('hh.h1', 1)} AS rp, ${H('hh.h1', 2)} AS rh
         FROM eq CROSS JOIN LATERAL generate_series(1, 1 + floor(${R("eq.id || 'n'")} * $3)::int) g
        CROSS JOIN LATERAL (SELECT md5(eq.id || '/' || g) AS h1, md5(eq.id || '|' || g) AS h2) hh
     ), timed AS (
       SELECT f.*, CASE WHEN rp < 0.08 THEN 'urgent' WHEN rp < 0.30 THEN 'high' WHEN rp < 0.80 THEN 'normal' ELSE 'low' END AS priority,
              CASE WHEN rp < 0.08 THEN 1 + 10 * power(rh, 2.5) WHEN rp < 0.30 THEN 2 + 36 * power(rh, 2.5)
                   WHEN rp < 0.80 THEN 4 + 90 * power(rh, 2.5) ELSE 8 + 160 * power(rh, 2.5) END AS hrs
         FROM first f
     ), repeats AS (
       SELECT id, project_id, category, en, g + 1000 AS g, md5(h1) AS h1, md5(h2) AS h2,
              at + make_interval(secs => hrs * 3600 + (1 + ${H('h2', 0)} * 27) * 86400) AS at,
              rp, rh, priority, hrs * 0.8 AS hrs
         FROM timed WHERE ${H('h1', 3)} < 0.09
     ), orders AS (
       SELECT * FROM timed UNION ALL SELECT * FROM repeats WHERE at < now() - interval '1 hour'
     ), shaped AS (
       SELECT x.*, x.at + make_interval(secs => x.hrs * 3600) AS done_at,
              ${H('x.h2', 1)} AS rf, ${H('x.h2', 2)} AS rs, ${H('x.h2', 3)} < 0.13 AS second_visit, md5(x.h1 || x.h2) AS h3,
              row_number() OVER (PARTITION BY x.at::date ORDER BY x.at, x.id, x.g) + coalesce(q.n, 0) AS seq
         FROM orders x LEFT JOIN seed_order_seq q ON q.day = x.at::date
     ), final AS (
       SELECT s.*,
              CASE WHEN s.done_at < now() THEN CASE WHEN s.rs < 0.35 AND s.done_at < now() - interval '3 days' THEN 'closed' ELSE 'completed' END
                   WHEN now() - s.at < interval '2 hours' THEN 'submitted' WHEN s.rs < 0.3 AND NOT s.second_visit THEN 'accepted' ELSE 'repairing' END AS status
         FROM shaped s
     ), ins AS (
       INSERT INTO fall_order (number, name, description, submitter, contact, submitted_at, project_id, equipment_id, priority, source, status,
                               accepted_at, completed_at, closed_at, report_count, updated_at)
       SELECT 'WO-' || to_char(f.at, 'YYYYMMDD') || '-' || lpad(f.seq::text, 4, '0'),
              CASE WHEN f.en THEN t.name_en ELSE t.name_cn END,
              CASE WHEN f.en THEN t.desc_en ELSE t.desc_cn END,
              CASE WHEN f.en THEN ${pickBy(DEMO_PEOPLE_EN, H('f.h3', 0))} ELSE ${pickBy(DEMO_PEOPLE_CN, H('f.h3', 0))} END,
              CASE WHEN f.en THEN '+' || (1 + floor(${H('f.h3', 1)} * 97))::int || ' ' || lpad(floor(${H('f.h3', 2)} * 1e8)::bigint::text, 8, '0')
                   ELSE '1' || (3 + floor(${H('f.h3', 1)} * 6))::int || lpad(floor(${H('f.h3', 2)} * 1e9)::bigint::text, 9, '0') END,
              f.at, f.project_id, f.id, f.priority,
              CASE WHEN ${H('f.h3', 3)} < 0.15 THEN 'warning' ELSE 'manual' END,
              f.status,
              CASE WHEN f.status <> 'submitted' THEN f.at + make_interval(secs => least(f.hrs * 0.15, 4) * 3600) END,
              CASE WHEN f.status IN ('completed', 'closed') THEN f.done_at END,
              CASE WHEN f.status = 'closed' THEN least(f.done_at + make_interval(secs => (0.5 + ${H('f.h1', 3)} * 2.5) * 86400), now()) END,
              CASE WHEN f.status IN ('completed', 'closed') THEN CASE WHEN f.second_visit THEN 2 ELSE 1 END
                   WHEN f.status = 'repairing' AND f.second_visit THEN 1 ELSE 0 END,
              CASE WHEN f.status IN ('completed', 'closed') THEN f.done_at ELSE f.at END
         FROM final f JOIN faults t ON t.category = f.category AND t.idx = floor(f.rf * 4)::int
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM ins`,
    [o.fromProject, o.toProject, o.perEquipment, o.days],
  );
  await database.exec(`INSERT INTO seed_order_seq(day, n)
    SELECT to_date(substr(number, 4, 8), 'YYYYMMDD'), max(substr(number, 13)::int) FROM fall_order WHERE id > ${Number(last)} GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET n = greatest(seed_order_seq.n, EXCLUDED.n)`);

  const reports = await database.query<{ n: number }>(
    `WITH o AS (
       SELECT o.id, o.submitted_at, o.accepted_at, o.completed_at, o.status, o.report_count, (p.area = 'overseas') AS en,
              extract(epoch FROM (coalesce(o.completed_at, now()) - o.submitted_at)) / 3600 AS span, md5(o.id::text) AS h
         FROM fall_order o JOIN fall_project p ON p.id = o.project_id
        WHERE o.id > $1 AND o.report_count > 0
     ), visits AS (
       -- the visit that fixed it
       SELECT id, h, en, 'fixed' AS result,
              greatest(least(span * 0.4, 0.5 + ${H('h', 0)} * 5.5), 0.3) AS dur,
              completed_at AS done
         FROM o WHERE completed_at IS NOT NULL
       UNION ALL
       -- a first visit that did not
       SELECT id, md5(h), en, 'not_fixed',
              least(0.5 + ${H('h', 1)} * 2.5, span * 0.3),
              submitted_at + make_interval(secs => span * 0.45 * 3600)
         FROM o WHERE (completed_at IS NOT NULL AND report_count = 2) OR (completed_at IS NULL AND report_count = 1)
     ), ins AS (
       INSERT INTO fall_report (order_id, repairer, repair_at, duration_hours, completed_at, result, notes, created_at)
       SELECT id, ${pickBy(DEMO_REPAIRERS, H('h', 2))},
              done - make_interval(secs => dur * 3600), round(dur::numeric, 1)::float8, done, result,
              CASE WHEN result = 'fixed' THEN CASE WHEN en THEN ${pickBy(FIXED_NOTES_EN, H('h', 3))} ELSE ${pickBy(FIXED_NOTES_CN, H('h', 3))} END
                   ELSE CASE WHEN en THEN ${pickBy(NOT_FIXED_NOTES_EN, H('h', 3))} ELSE ${pickBy(NOT_FIXED_NOTES_CN, H('h', 3))} END END,
              done
         FROM visits
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM ins`,
    [last],
  );
  return [ordered[0].n, reports[0].n];
}

/** Rebuilds indexes a previous bulk load dropped and did not get to rebuild (it was killed). */
export async function restoreIndexes(database: Database): Promise<void> {
  const [{ present }] = await database.query<{ present: boolean }>(`SELECT to_regclass('seed_index_backup') IS NOT NULL AS present`);
  if (!present) return;
  for (const { name, def } of await database.query<{ name: string; def: string }>('SELECT name, def FROM seed_index_backup ORDER BY name')) {
    const [{ exists }] = await database.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [name]);
    if (!exists) await database.exec(def);
  }
  await database.exec('DROP TABLE seed_index_backup');
}

/**
 * Runs a bulk load with the secondary indexes of some tables dropped and rebuilds them after: one
 * sort per index instead of a million index insertions. Constraint indexes (primary keys, unique
 * numbers) stay. The definitions are kept in a table first, so a killed run is repaired by the next.
 */
export async function withoutIndexes<T>(database: Database, tables: string[], work: () => Promise<T>): Promise<T> {
  await restoreIndexes(database);
  const defs = await database.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  await database.exec('CREATE TABLE seed_index_backup (name text PRIMARY KEY, def text NOT NULL)');
  for (const d of defs) await database.query('INSERT INTO seed_index_backup (name, def) VALUES ($1, $2)', [d.name, d.def]);
  for (const d of defs) await database.exec(`DROP INDEX "${d.name.replace(/"/g, '')}"`);
  try {
    return await work();
  } finally {
    await restoreIndexes(database);
  }
}

/** The statement triggers that keep the repair rollup (migration 0008) as fall_order changes. */
const STATS_TRIGGERS = ['stats_order_ins', 'stats_order_upd', 'stats_order_del'];

/**
 * Switches the statistics triggers on again and recomputes the rollup if a bulk load left them off
 * (it was killed): an order table whose rollup is not kept would show the wall wrong figures silently.
 */
export async function restoreStatsTriggers(database: Database): Promise<void> {
  const [{ off }] = await database.query<{ off: number }>(
    `SELECT count(*)::int AS off FROM pg_trigger WHERE tgrelid = 'fall_order'::regclass AND tgname = ANY($1::text[]) AND tgenabled = 'D'`,
    [STATS_TRIGGERS],
  );
  if (off === 0) return;
  // One multi-statement call runs on one connection: the rollup is rebuilt and kept again atomically.
  await database.exec(`BEGIN; SELECT stats_rebuild(); ${STATS_TRIGGERS.map((name) => `ALTER TABLE fall_order ENABLE TRIGGER ${name};`).join(' ')} COMMIT;`);
}

/**
 * Runs a bulk load of orders with the statistics triggers off, then recomputes the rollup in one
 * pass (stats_rebuild, migration 0010) and switches them on again. With the triggers on, every
 * insert statement re-read the orders of its equipment for the 30-day repeat flag, which without
 * the order indexes (see withoutIndexes) was a full scan per statement: a million orders took hours.
 * Nothing else may write orders meanwhile: seeds run on a database of their own.
 */
export async function withoutStatsTriggers<T>(database: Database, work: () => Promise<T>): Promise<T> {
  await restoreStatsTriggers(database);
  for (const name of STATS_TRIGGERS) await database.exec(`ALTER TABLE fall_order DISABLE TRIGGER ${name}`);
  try {
    return await work();
  } finally {
    await restoreStatsTriggers(database);
  }
}

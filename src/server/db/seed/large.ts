import { recomputeAllEquipmentStates } from '../../modules/operations/equipment/equipment-state.service';
import type { Database } from '../client';
import { fallProject } from '../schema';
import { seedAreaDictionary, seedCatalogues } from './demo';
import { DEMO_PROJECTS } from './demo-data';
import { dropSequence, insertEquipment, insertOrders, restoreIndexes, withoutIndexes, withoutStatsTriggers } from './seed-sql';
import { prng } from './site-plan';

export interface LargeSeedOptions {
  projects?: number;
  equipmentPerProject?: number;
  /** Orders aimed at in total (reached within a few percent). */
  orders?: number;
  log?: (line: string) => void;
}

export interface LargeSeedSummary {
  projects: number;
  equipment: number;
  orders: number;
  reports: number;
  ms: number;
}

const BATCH_PROJECTS = 50;

/**
 * Benchmark data (`npm run seed:large`): 1,000 projects, 100,000 units and about 1,000,000 orders
 * with their reports, made with the same set-based generators as the demo, in batches of 50
 * projects so memory stays flat and progress shows. Adds to whatever is there; the projects get
 * keys BENCH-0001… so a second run refuses instead of doubling up.
 */
export async function seedLarge(database: Database, opts: LargeSeedOptions = {}): Promise<LargeSeedSummary> {
  const started = Date.now();
  const log = opts.log ?? (() => undefined);
  const count = opts.projects ?? 1000;
  const perProject = opts.equipmentPerProject ?? 100;
  const target = opts.orders ?? 1_000_000;
  await restoreIndexes(database);
  const [{ n: done }] = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM fall_project WHERE unique_key LIKE 'BENCH-%'");
  if (done > 0) throw new Error('benchmark projects exist already (unique keys BENCH-…); use a fresh database');

  await seedAreaDictionary(database);
  await seedCatalogues(database);
  const rnd = prng(777);
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
      const i = start + k;
      const [nameCn, nameEn, city, country, lon, lat, area, waterType, projectType] = DEMO_PROJECTS[i % DEMO_PROJECTS.length];
      const phase = Math.floor(i / DEMO_PROJECTS.length) + 1;
      return {
        name: `${nameCn} ${phase}期`,
        nameCn: `${nameCn} ${phase}期`,
        nameEn: `${nameEn} phase ${phase}`,
        area,
        country,
        city,
        longitude: Math.max(-180, Math.min(180, lon + (rnd() - 0.5) * 0.4)),
        latitude: Math.max(-90, Math.min(90, lat + (rnd() - 0.5) * 0.4)),
        totalArea: Math.round(500 + rnd() * 12000),
        powerConsumption: Math.round(40 + rnd() * 800),
        runTime: 3,
        // Nearly all in operation: only built projects have maintenance orders.
        status: rnd() < 0.96 ? 'A' : 'C',
        uniqueKey: `BENCH-${String(i + 1).padStart(4, '0')}`,
        waterType,
        projectType,
        dailyShowTime: '19:30-21:30',
      };
    });
    const inserted = await database.db.insert(fallProject).values(rows).returning({ id: fallProject.id });
    ids.push(...inserted.map((r) => r.id));
  }
  const first = ids[0];
  const last = ids[ids.length - 1];
  log(`projects: ${ids.length} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  let equipment = 0;
  for (let from = first; from <= last; from += BATCH_PROJECTS * 2) {
    equipment += await insertEquipment(database, { fromProject: from, toProject: Math.min(last, from + BATCH_PROJECTS * 2 - 1), min: perProject, spread: 0, placed: [] });
  }
  log(`equipment: ${equipment} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // Orders per unit are 1 + floor(R * k) plus ~9% repeat faults, so k follows from the target.
  const [{ units }] = await database.query<{ units: number }>(
    `SELECT count(*)::int AS units FROM fall_eq_info e JOIN fall_project p ON p.id = e.project_id WHERE p.id BETWEEN $1 AND $2 AND p.status = 'A'`,
    [first, last],
  );
  const perUnit = target / Math.max(units, 1) / 1.075;
  const k = Math.max(1, 2 * (perUnit - 1) + 1);
  let orders = 0;
  let reports = 0;
  // Indexes off, then statistics triggers off: the rollup is recomputed once the indexes are back.
  await withoutStatsTriggers(database, () => withoutIndexes(database, ['fall_order', 'fall_report'], async () => {
    for (let from = first; from <= last; from += BATCH_PROJECTS) {
      const [o, r] = await insertOrders(database, { fromProject: from, toProject: Math.min(last, from + BATCH_PROJECTS - 1), perEquipment: k, days: 730 });
      orders += o;
      reports += r;
      log(`orders: ${orders.toLocaleString('en')} reports: ${reports.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    log('rebuilding the order and report indexes …');
  }).finally(() => log('recomputing the repair statistics …')));
  log(`indexes and statistics rebuilt (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await dropSequence(database);
  // Open orders written in bulk hold their units in maintenance by the one rule (equipment-state.service.ts).
  await recomputeAllEquipmentStates(database.db);
  await database.exec('ANALYZE');
  return { projects: ids.length, equipment, orders, reports, ms: Date.now() - started };
}

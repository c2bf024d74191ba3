import type { Database } from '../client';
import { fallSparePart, fallStockMove, fallStore } from '../schema';
import { prng } from './site-plan';

/** Parts a unit of each device category keeps: [name, part number, unit cost, reorder point]. */
const PARTS: Record<string, [string, string, number, number][]> = {
  pump: [['机械密封 Mechanical seal', 'MS-96455088', 1280.5, 2], ['叶轮 Impeller', 'IMP-CR45', 3400, 1], ['进水滤网 Intake screen', 'SCR-200', 186.4, 3]],
  nozzle: [['喷嘴芯 Nozzle insert', 'NZ-C330', 420, 2], ['密封圈 O-ring kit', 'OR-KIT-50', 35.8, 5]],
  light: [['LED 模组 LED module', 'LED-UW36', 960, 2], ['灯具密封垫 Lamp gasket', 'GSK-UW36', 48.2, 4]],
  valve: [['电磁线圈 Solenoid coil', 'COIL-6213', 530, 2], ['阀芯组件 Valve seat kit', 'SEAT-EV220', 275.6, 2]],
  controller: [['继电器模块 Relay module', 'RLY-S7-16', 890, 1]],
  sensor: [['探头 Probe', 'PRB-CL2', 1150, 1]],
};

/**
 * Parts stores, stock and its history (docs/maintenance.md "Parts and stock"): each built project
 * keeps a plant-room store (the first projects also a depot); units keep their category's parts at
 * their unit cost and reorder point; an opening receipt per part and store, a restock later, and the
 * latest "fixed" reports on units take 1–3 of a part — never more than the store holds — so the
 * statistics' parts cost and the reorder list have rows from the first start. The counts are the sums
 * of the moves, as the stock service keeps them.
 */
export async function seedDemoStock(database: Database, limit = 400): Promise<{ stores: number; parts: number; moves: number }> {
  const rand = prng(67);
  const projects = await database.query<{ id: number }>(
    `SELECT DISTINCT e.project_id AS id FROM fall_eq_info e WHERE e.archived_at IS NULL ORDER BY 1`,
  );
  if (!projects.length) return { stores: 0, parts: 0, moves: 0 };
  const storeRows = projects.flatMap((p, i) => [
    { projectId: p.id, name: '泵房仓库', nameEn: 'Plant room store', remark: '现场备件 On-site spares' },
    ...(i < 8 ? [{ projectId: p.id, name: '中心仓库', nameEn: 'Central depot', remark: '' }] : []),
  ]);
  const stores = await database.db.insert(fallStore).values(storeRows).returning({ id: fallStore.id, projectId: fallStore.projectId, name: fallStore.name });
  const plantRoom = new Map(stores.filter((s) => s.name === '泵房仓库').map((s) => [s.projectId, s.id]));
  const depot = new Map(stores.filter((s) => s.name === '中心仓库').map((s) => [s.projectId, s.id]));

  // The first six units with a catalogue of parts in each project keep them.
  const units = await database.query<{ id: number; project_id: number; category: string }>(
    `SELECT id, project_id, category FROM (
       SELECT e.id, e.project_id, coalesce(d.category, 'other') AS category,
              row_number() OVER (PARTITION BY e.project_id ORDER BY e.id) AS n
         FROM fall_eq_info e LEFT JOIN fall_device d ON d.id = e.device_id
        WHERE e.archived_at IS NULL AND coalesce(d.category, 'other') IN ('pump', 'nozzle', 'light', 'valve', 'controller', 'sensor')) x
      WHERE n <= 6 ORDER BY id`,
  );
  const partRows = units.flatMap((u) => PARTS[u.category].map(([name, partNo, unitCost, reorderPoint]) => ({ equipmentId: u.id, name, partNo, unitCost, reorderPoint, remark: '' })));
  if (!partRows.length) return { stores: stores.length, parts: 0, moves: 0 };
  const parts = await database.db.insert(fallSparePart).values(partRows).returning({ id: fallSparePart.id, equipmentId: fallSparePart.equipmentId, unitCost: fallSparePart.unitCost, reorderPoint: fallSparePart.reorderPoint });
  const projectOf = new Map(units.map((u) => [u.id, u.project_id]));
  const partsOf = new Map<number, typeof parts>();
  for (const p of parts) partsOf.set(p.equipmentId, [...(partsOf.get(p.equipmentId) ?? []), p]);

  const [{ first }] = await database.query<{ first: string | null }>(`SELECT min(submitted_at)::text AS first FROM fall_order`);
  const opening = new Date(first ? Date.parse(first) - 86_400_000 : Date.now() - 800 * 86_400_000);
  const moves: (typeof fallStockMove.$inferInsert)[] = [];
  const onHand = new Map<string, number>();
  const put = (partId: number, storeId: number, quantity: number, m: Omit<typeof fallStockMove.$inferInsert, 'partId' | 'storeId' | 'quantity'>) => {
    const key = `${partId}-${storeId}`;
    onHand.set(key, (onHand.get(key) ?? 0) + quantity);
    moves.push({ partId, storeId, quantity, ...m });
  };
  for (const p of parts) {
    const projectId = projectOf.get(p.equipmentId)!;
    put(p.id, plantRoom.get(projectId)!, (p.reorderPoint ?? 1) + 2 + Math.floor(rand() * 6), { kind: 'receipt', unitCost: p.unitCost, at: opening, by: 'admin', reason: '期初入库 Opening stock' });
    const d = depot.get(projectId);
    if (d) put(p.id, d, 4 + Math.floor(rand() * 6), { kind: 'receipt', unitCost: p.unitCost, at: opening, by: 'admin', reason: '' });
  }

  // The latest "fixed" reports on units that keep parts, oldest first, take from the plant room (the depot when it runs dry).
  const reports = await database.query<{ id: number; order_id: number; equipment_id: number; repair_at: Date | string; repairer: string }>(
    `SELECT id, order_id, equipment_id, repair_at, repairer FROM (
       SELECT r.id, r.order_id, o.equipment_id, r.repair_at, r.repairer FROM fall_report r JOIN fall_order o ON o.id = r.order_id
        WHERE r.result = 'fixed' AND o.equipment_id = ANY($1::int[]) AND r.repair_at > $2::timestamptz
        ORDER BY r.repair_at DESC, r.id DESC LIMIT $3) x ORDER BY repair_at, id`,
    [[...partsOf.keys()], opening.toISOString(), limit],
  );
  const restocked = new Set<string>();
  for (const r of reports) {
    const own = partsOf.get(r.equipment_id)!;
    const part = own[Math.floor(rand() * own.length)];
    const projectId = projectOf.get(r.equipment_id)!;
    const want = 1 + Math.floor(rand() * 3);
    const at = new Date(r.repair_at);
    let store = plantRoom.get(projectId)!;
    if ((onHand.get(`${part.id}-${store}`) ?? 0) < want) {
      const d = depot.get(projectId);
      if (d && (onHand.get(`${part.id}-${d}`) ?? 0) >= want) store = d;
      else if (!restocked.has(`${part.id}`) && at.getTime() < Date.now() - 60 * 86_400_000) {
        // Once, long enough ago: a restock at a dearer price (the past issues keep theirs).
        restocked.add(`${part.id}`);
        put(part.id, store, 6, { kind: 'receipt', unitCost: Math.round(part.unitCost * 108) / 100, at: new Date(at.getTime() - 3_600_000), by: 'admin', reason: '补货 Restock' });
      } else continue;
    }
    put(part.id, store, -want, { kind: 'issue', unitCost: part.unitCost, orderId: r.order_id, reportId: r.id, at, by: r.repairer, reason: '' });
  }
  // A stocktake or two: an adjustment always names its reason.
  for (const p of parts.slice(0, 3)) {
    const store = plantRoom.get(projectOf.get(p.equipmentId)!)!;
    if ((onHand.get(`${p.id}-${store}`) ?? 0) > 0) put(p.id, store, -1, { kind: 'adjustment', unitCost: p.unitCost, at: new Date(Date.now() - 20 * 86_400_000), by: 'admin', reason: '盘点损坏 Found damaged at stocktake' });
  }
  for (let i = 0; i < moves.length; i += 1000) await database.db.insert(fallStockMove).values(moves.slice(i, i + 1000));
  // An issue happens at its report's time, to the microsecond the database holds (a Date keeps milliseconds).
  await database.query(`UPDATE fall_stock_move m SET at = r.repair_at FROM fall_report r WHERE r.id = m.report_id AND m.kind = 'issue'`);
  // The counts from the moves, as the stock service keeps them on every write.
  await database.query(`INSERT INTO fall_stock (part_id, store_id, quantity) SELECT part_id, store_id, sum(quantity)::int FROM fall_stock_move GROUP BY part_id, store_id`);
  await database.query(`UPDATE fall_spare_part p SET quantity = s.q FROM (SELECT part_id, sum(quantity)::int AS q FROM fall_stock_move GROUP BY part_id) s WHERE s.part_id = p.id`);
  return { stores: stores.length, parts: parts.length, moves: moves.length };
}

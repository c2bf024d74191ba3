import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { shipCard, shipScene } from '../../db/schema';
import { parseCardConfig, sceneLayoutSchema, type CardType } from '@shared/contracts/scene';

interface CardSeed {
  key: string;
  name: string;
  type: CardType;
  config: Record<string, unknown>;
}

const CARDS: CardSeed[] = [
  { key: 'projects', name: '项目统计', type: 'count-projects', config: { title: '项目统计', titleEn: 'Projects by status', chart: 'pie' } },
  { key: 'map', name: '项目分布', type: 'map', config: { title: '项目分布', titleEn: 'Project map', cluster: true } },
  { key: 'area', name: '区域分布', type: 'group-area', config: { title: '区域分布', titleEn: 'Projects per area', chart: 'bar' } },
  { key: 'water', name: '水景类型', type: 'group-water', config: { title: '水景类型', titleEn: 'Water types', chart: 'pie' } },
  { key: 'device', name: '设备状态', type: 'group-device', config: { title: '设备状态', titleEn: 'Equipment by category', chart: 'bar' } },
  { key: 'speed', name: '维修速度', type: 'repair-speed', config: { title: '维修速度', titleEn: 'Repair speed', granularity: 'month', periods: 12 } },
  { key: 'quality', name: '维修质量', type: 'repair-quality', config: { title: '维修质量', titleEn: 'Repair quality', granularity: 'month', periods: 12 } },
  { key: 'broken', name: '故障设备', type: 'broken-devices', config: { title: '故障设备', titleEn: 'Broken equipment', limit: 20 } },
  { key: 'warnings', name: '实时告警', type: 'warnings', config: { title: '实时告警', titleEn: 'Live warnings', limit: 30 } },
  { key: 'notice', name: '通知公告', type: 'notice', config: { title: '通知公告', titleEn: 'Notices' } },
  { key: 'kpiOrders', name: '未完成工单', type: 'kpi', config: { title: '未完成工单', titleEn: 'Open orders', metric: 'openOrders' } },
  { key: 'kpiSpeed', name: '平均修复时长', type: 'kpi', config: { title: '平均修复时长', titleEn: 'Average repair time', metric: 'repairSpeed' } },
  { key: 'kpiQuality', name: '一次修复率', type: 'kpi', config: { title: '一次修复率', titleEn: 'First-time fix rate', metric: 'repairQuality' } },
  { key: 'kpiAvailability', name: '设备可用率', type: 'kpi', config: { title: '设备可用率', titleEn: 'Availability', metric: 'availability' } },
];

type Cell = [key: string, x: number, y: number, w: number, h: number];

/** The overview: the map in the middle, statistics around it (24 × 20 grid). */
const OVERVIEW: Cell[] = [
  ['projects', 0, 0, 6, 6],
  ['area', 0, 6, 6, 7],
  ['water', 0, 13, 6, 7],
  ['map', 6, 0, 12, 13],
  ['speed', 6, 13, 6, 7],
  ['quality', 12, 13, 6, 7],
  ['device', 18, 0, 6, 7],
  ['broken', 18, 7, 6, 6],
  ['warnings', 18, 13, 6, 7],
];

/** Operations: the four KPIs across the top, warnings and repairs below. */
const OPERATIONS: Cell[] = [
  ['kpiOrders', 0, 0, 6, 4],
  ['kpiSpeed', 6, 0, 6, 4],
  ['kpiQuality', 12, 0, 6, 4],
  ['kpiAvailability', 18, 0, 6, 4],
  ['warnings', 0, 4, 8, 11],
  ['notice', 0, 15, 8, 5],
  ['speed', 8, 4, 8, 8],
  ['quality', 8, 12, 8, 8],
  ['broken', 16, 4, 8, 8],
  ['device', 16, 12, 8, 8],
];

/**
 * Seeds the cards and two polished scenes, "总览 Overview" (the global default) and
 * "运维 Operations", once: nothing happens when any scene exists already.
 */
export async function seedScenes(database: Database): Promise<{ cards: number; scenes: number }> {
  return database.db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(shipScene);
    if (n > 0) return { cards: 0, scenes: 0 };
    const ids = new Map<string, number>();
    for (const card of CARDS) {
      const parsed = parseCardConfig(card.type, card.config);
      if (!parsed.ok) throw new Error(`seed card ${card.key}: ${JSON.stringify(parsed.fields)}`);
      const [row] = await tx.insert(shipCard).values({ name: card.name, nameEn: String(card.config.titleEn ?? ''), type: card.type, config: parsed.config }).returning({ id: shipCard.id });
      ids.set(card.key, row.id);
    }
    const layout = (cells: Cell[]) =>
      sceneLayoutSchema.parse(cells.map(([key, x, y, w, h]) => ({ i: key, cardId: ids.get(key)!, x, y, w, h })));
    await tx.insert(shipScene).values([
      { name: '总览', nameEn: 'Overview', isDefault: true, isPublic: false, layout: layout(OVERVIEW) },
      { name: '运维', nameEn: 'Operations', isDefault: false, isPublic: false, layout: layout(OPERATIONS) },
    ]);
    return { cards: CARDS.length, scenes: 2 };
  });
}

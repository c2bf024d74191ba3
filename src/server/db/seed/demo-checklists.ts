import type { CheckAnswers, CheckItem } from '@shared/checklist';
import { judge } from '@shared/checklist';
import type { Database } from '../client';
import { eq } from 'drizzle-orm';
import { fallChecklist, fallChecklistFilled, fallChecklistValue, fallOrder } from '../schema';

/** The demo's templates (docs/maintenance.md "Checklists"): what fountain makers' own guidance asks for. */
const TEMPLATES: { name: string; nameEn: string; remark: string; items: CheckItem[] }[] = [
  {
    name: '水泵周检',
    nameEn: 'Weekly pump round',
    remark: '每周：进水滤网、叶轮、出口压力 Weekly: intake screens, impellers, outlet pressure',
    items: [
      { key: 'pressure', type: 'number', label: '出口压力', labelEn: 'Outlet pressure', required: true, unit: 'bar', limited: true, min: 2, max: 8 },
      { key: 'screen', type: 'check', label: '进水滤网清洁', labelEn: 'Intake screen clean', required: true },
      { key: 'noise', type: 'choice', label: '叶轮噪音', labelEn: 'Impeller noise', required: false, options: ['正常 quiet', '嗡鸣 hum', '异响 rattle'] },
      { key: 'photo', type: 'photo', label: '泵房照片', labelEn: 'Pump room photo', required: true },
      { key: 'sign', type: 'signature', label: '检查人签名', labelEn: 'Inspector\'s signature', required: true },
    ],
  },
  {
    name: '过滤器反冲洗',
    nameEn: 'Filter backflush',
    remark: '每两周 Every two weeks',
    items: [
      { key: 'dp_before', type: 'number', label: '反冲洗前压差', labelEn: 'Pressure drop before', required: true, unit: 'bar', limited: true, min: null, max: 1.5 },
      { key: 'dp_after', type: 'number', label: '反冲洗后压差', labelEn: 'Pressure drop after', required: true, unit: 'bar', limited: true, min: null, max: 0.5 },
      { key: 'done', type: 'check', label: '反冲洗完成', labelEn: 'Backflush done', required: true },
      { key: 'remark', type: 'text', label: '备注', labelEn: 'Remark', required: false },
    ],
  },
  {
    name: '水质检测',
    nameEn: 'Water quality test',
    remark: '余氯、pH、水温 Free chlorine, pH, temperature',
    items: [
      { key: 'chlorine', type: 'number', label: '余氯', labelEn: 'Free chlorine', required: true, unit: 'mg/L', limited: true, min: 0.5, max: 3 },
      { key: 'ph', type: 'number', label: 'pH 值', labelEn: 'pH', required: true, unit: '', limited: true, min: 7.2, max: 7.8 },
      { key: 'temperature', type: 'number', label: '水温', labelEn: 'Water temperature', required: true, unit: '°C', limited: false, min: null, max: null },
      { key: 'clear', type: 'check', label: '水体清澈无异味', labelEn: 'Clear, no odour', required: true },
    ],
  },
];

/** A number in [a, b) drawn from a seed, to two decimals (deterministic, as the rest of the demo). */
function draw(seed: number, a: number, b: number): number {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return Math.round((a + (x - Math.floor(x)) * (b - a)) * 100) / 100;
}

/**
 * Checklist templates, and a history for them: the latest completed orders with a unit (up to
 * `limit`) name a backflush or water-quality template, and their "fixed" report carries it filled,
 * every answer within its limits — the demo's corrective orders come from the API only, so no seeded
 * failure stands without one. Their numbers are the units' history (fall_checklist_value).
 */
export async function seedDemoChecklists(database: Database, limit = 160): Promise<{ templates: number; filled: number }> {
  const templates = await database.db
    .insert(fallChecklist)
    .values(TEMPLATES.map((t) => ({ ...t, createdBy: 'admin' })))
    .returning({ id: fallChecklist.id, name: fallChecklist.name, nameEn: fallChecklist.nameEn, items: fallChecklist.items });
  const [, backflush, water] = templates;
  const done = await database.query<{ orderId: number; projectId: number; equipmentId: number; reportId: number; repairer: string; at: Date }>(
    `SELECT o.id AS "orderId", o.project_id AS "projectId", o.equipment_id AS "equipmentId", r.id AS "reportId", r.repairer, coalesce(r.completed_at, r.repair_at) AS at
       FROM fall_order o
       JOIN LATERAL (SELECT * FROM fall_report r WHERE r.order_id = o.id AND r.result = 'fixed' ORDER BY r.repair_at DESC, r.id DESC LIMIT 1) r ON true
      WHERE o.status IN ('completed', 'closed') AND o.equipment_id IS NOT NULL
      ORDER BY r.repair_at DESC, o.id DESC LIMIT $1`,
    [limit],
  );
  let filled = 0;
  for (const [i, d] of done.entries()) {
    const template = i % 2 === 0 ? water : backflush;
    const answers: CheckAnswers =
      template === water
        ? { chlorine: draw(d.orderId, 0.7, 2.6), ph: draw(d.orderId + 1, 7.25, 7.75), temperature: draw(d.orderId + 2, 8, 27), clear: 'pass' }
        : { dp_before: draw(d.orderId, 0.6, 1.4), dp_after: draw(d.orderId + 1, 0.1, 0.45), done: 'pass' };
    const verdict = judge(template.items, answers);
    // Seeded history keeps the rules the API keeps: complete, nothing failed.
    if (Object.keys(verdict.missing).length || Object.keys(verdict.invalid).length || verdict.failed.length) throw new Error(`demo checklist of order ${d.orderId} breaks its template`);
    await database.db.transaction(async (tx) => {
      await tx.update(fallOrder).set({ checklistId: template.id }).where(eq(fallOrder.id, d.orderId));
      const [row] = await tx
        .insert(fallChecklistFilled)
        .values({ reportId: d.reportId, orderId: d.orderId, checklistId: template.id, name: template.name, nameEn: template.nameEn, items: template.items, answers, failed: 0, flagged: 0, filledBy: d.repairer, filledAt: d.at })
        .returning({ id: fallChecklistFilled.id });
      const numbers = template.items.filter((item) => item.type === 'number');
      await tx.insert(fallChecklistValue).values(
        numbers.map((item) => ({
          filledId: row.id, projectId: d.projectId, equipmentId: d.equipmentId, itemKey: item.key, label: item.label, labelEn: item.labelEn, unit: item.unit ?? '',
          value: answers[item.key] as number, min: item.min ?? null, max: item.max ?? null, ok: true, at: d.at,
        })),
      );
    });
    filled += 1;
  }
  return { templates: templates.length, filled };
}

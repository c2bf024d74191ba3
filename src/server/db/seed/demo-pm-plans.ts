import { judge, type CheckAnswers, type CheckItem } from '@shared/checklist';
import { addDays, localDate } from '@shared/local-time';
import type { Database, Db } from '../client';
import { fallChecklistFilled, fallChecklistValue, fallOrder, fallPmMeter, fallPmOccurrence, fallPmPlan, fallReport } from '../schema';
import { nextOrderNumber } from '../../modules/operations/orders/orders.repository';
import { addMonths } from '../../modules/operations/pm-plans/pm-schedule';

const DAY_MS = 86_400_000;

interface Template {
  id: number;
  name: string;
  nameEn: string;
  items: CheckItem[];
}

/** A number in [a, b) drawn from a seed, to two decimals (deterministic, as the rest of the demo). */
function draw(seed: number, a: number, b: number): number {
  const x = Math.sin(seed * 78.233) * 43758.5453;
  return Math.round((a + (x - Math.floor(x)) * (b - a)) * 100) / 100;
}

/** Answers within every limit of the demo's backflush and water-quality templates. */
function answersFor(t: Template, seed: number): CheckAnswers {
  const out: CheckAnswers = {};
  for (const [n, item] of t.items.entries()) {
    if (item.type === 'number') {
      const lo = item.min ?? (item.max !== null && item.max !== undefined ? item.max / 4 : 10);
      const hi = item.max ?? lo + 15;
      out[item.key] = draw(seed * 7 + n, lo + (hi - lo) * 0.1, hi - (hi - lo) * 0.1);
    } else if (item.type === 'check') out[item.key] = 'pass';
  }
  return out;
}

/**
 * One completed occurrence of a plan, as the sweep and a technician would have left it: its
 * preventive order (submitted the lead before its due date, completed a day after it at most),
 * the "fixed" report, and the checklist filled with every answer in its limits.
 */
async function history(
  tx: Db,
  plan: { id: number; projectId: number; name: string; nameEn: string; leadDays: number; priority: string },
  unit: { key: number; id: number | null },
  due: string,
  key: string,
  template: Template | null,
  now: number,
): Promise<void> {
  const submittedAt = new Date(Math.min(Date.parse(`${addDays(due, -plan.leadDays)}T01:00:00Z`), now - 2 * DAY_MS));
  const completedAt = new Date(Math.min(Date.parse(`${due}T06:30:00Z`) + (unit.key % 2) * DAY_MS, now - DAY_MS));
  const repairAt = new Date(completedAt.getTime() - 2 * 3600_000);
  const label = plan.nameEn ? `${plan.name} / ${plan.nameEn}` : plan.name;
  const [order] = await tx
    .insert(fallOrder)
    .values({
      number: await nextOrderNumber(tx, submittedAt),
      name: `${plan.name} · ${due}`,
      description: `保养计划 Preventive plan: ${label} · 到期 due ${due}`,
      submitter: 'system',
      submittedAt,
      projectId: plan.projectId,
      equipmentId: unit.id,
      priority: plan.priority,
      source: 'preventive',
      status: 'completed',
      acceptedAt: new Date(submittedAt.getTime() + 3600_000),
      completedAt,
      reportCount: 1,
      checklistId: template?.id ?? null,
    })
    .returning({ id: fallOrder.id });
  const [report] = await tx
    .insert(fallReport)
    .values({ orderId: order.id, repairer: '王工 Wang', repairAt, durationHours: 1.5, completedAt, result: 'fixed', notes: '按计划保养完成 Serviced as planned' })
    .returning({ id: fallReport.id });
  if (template) {
    const answers = answersFor(template, order.id);
    const verdict = judge(template.items, answers);
    if (Object.keys(verdict.missing).length || verdict.failed.length) throw new Error(`demo plan checklist of order ${order.id} breaks its template`);
    const [filled] = await tx
      .insert(fallChecklistFilled)
      .values({ reportId: report.id, orderId: order.id, checklistId: template.id, name: template.name, nameEn: template.nameEn, items: template.items, answers, filledBy: '王工 Wang', filledAt: completedAt })
      .returning({ id: fallChecklistFilled.id });
    const numbers = template.items.filter((i) => i.type === 'number');
    if (numbers.length) {
      await tx.insert(fallChecklistValue).values(
        numbers.map((i) => ({
          filledId: filled.id, projectId: plan.projectId, equipmentId: unit.id, itemKey: i.key, label: i.label, labelEn: i.labelEn, unit: i.unit ?? '',
          value: answers[i.key] as number, min: i.min ?? null, max: i.max ?? null, ok: true, at: completedAt,
        })),
      );
    }
  }
  await tx.insert(fallPmOccurrence).values({ planId: plan.id, unitKey: unit.key, equipmentId: unit.id, due: key, dueDate: due, orderId: order.id, openedAt: submittedAt });
}

/**
 * The demo's preventive plans (docs/maintenance.md "Preventive plans"), for the first built projects
 * with units: a fortnightly filter backflush on a pump, from completion; a monthly water-quality test
 * of the whole project on a fixed schedule; the run-hours of a pump counted from its board channel;
 * and, where the calendar closes the fountain for the winter, winterisation and the spring start-up.
 * Each has a history of completed preventive orders (their reports, their checklists filled), so the
 * plans screen and "due next" show real rows from the first start; what is due now opens at the
 * server's first sweep. Returns the plans and the orders made.
 */
export async function seedDemoPmPlans(database: Database, now = Date.now(), projects = 8): Promise<{ plans: number; orders: number }> {
  const { db } = database;
  const templates = await database.query<Template>(`SELECT id, name, name_en AS "nameEn", items FROM fall_checklist WHERE archived_at IS NULL ORDER BY id`);
  const backflush = templates.find((t) => t.nameEn === 'Filter backflush') ?? null;
  const water = templates.find((t) => t.nameEn === 'Water quality test') ?? null;
  const sites = await database.query<{ id: number; timeZone: string; unitId: number; unitName: string; seasonFrom: string | null; seasonTo: string | null }>(
    `SELECT p.id, p.time_zone AS "timeZone", u.id AS "unitId", u.name AS "unitName", s.date_from AS "seasonFrom", s.date_to AS "seasonTo"
       FROM fall_project p
       JOIN LATERAL (SELECT id, name FROM fall_eq_info e WHERE e.project_id = p.id AND e.archived_at IS NULL ORDER BY e.id LIMIT 1) u ON true
       LEFT JOIN LATERAL (SELECT date_from, date_to FROM fall_calendar_entry c WHERE c.project_id = p.id AND c.kind = 'season' AND c.archived_at IS NULL ORDER BY c.date_from LIMIT 1) s ON true
      WHERE p.status IN ('A', 'E', 'F', 'G') AND p.archived_at IS NULL
      ORDER BY p.id LIMIT $1`,
    [projects],
  );
  let plans = 0;
  let orders = 0;
  for (const [i, site] of sites.entries()) {
    const today = localDate(now, site.timeZone);
    // A pump's run-hours from its board's first channel: serviced at 2,000 h, once already.
    const [channel] = await database.query<{ detectId: number; ch: number; analogMin: number; analogMax: number; unitId: number }>(
      `SELECT c.detect_id AS "detectId", c.ch, c.analog_min AS "analogMin", c.analog_max AS "analogMax", c.equipment_id AS "unitId" FROM fall_detect_channel c JOIN fall_detect d ON d.id = c.detect_id
        WHERE d.project_id = $1 AND d.archived_at IS NULL AND c.equipment_id IS NOT NULL ORDER BY c.equipment_id, c.ch LIMIT 1`,
      [site.id],
    );
    await db.transaction(async (tx) => {
      const add = async (values: Omit<typeof fallPmPlan.$inferInsert, 'projectId'>) => {
        const [row] = await tx.insert(fallPmPlan).values({ projectId: site.id, createdBy: 'admin', createdAt: new Date(now - 120 * DAY_MS), ...values }).returning();
        plans += 1;
        return row;
      };
      // Fortnightly from completion: the last backflush 10–14 days ago, so some are due today, some in a few days.
      const flush = await add({ name: '过滤器反冲洗', nameEn: 'Filter backflush', target: 'unit', equipmentId: site.unitId, checklistId: backflush?.id ?? null, priority: 'normal', leadDays: 2, trigger: 'calendar', rule: { unit: 'week', every: 2, startDate: addDays(today, -70), from: 'completion' } });
      for (const back of [56, 42, 28, 14].map((d) => d - (i % 5))) {
        const done = addDays(today, -back);
        await history(tx, flush, { key: site.unitId, id: site.unitId }, done, done, backflush, now);
        orders += 1;
      }
      // Monthly on the 1st, fixed: every date already passed was done; the next is next month's.
      const start = addMonths(`${today.slice(0, 7)}-01`, -4);
      const quality = await add({ name: '水质检测', nameEn: 'Water quality test', target: 'project', checklistId: water?.id ?? null, priority: 'normal', leadDays: 3, trigger: 'calendar', rule: { unit: 'month', every: 1, startDate: start, from: 'schedule' } });
      for (let k = 0; k <= 4; k += 1) {
        const d = addMonths(start, k);
        if (d > addDays(today, -2)) break;
        await history(tx, quality, { key: 0, id: null }, d, d, water, now);
        orders += 1;
      }
      if (channel) {
        const hours = await add({
          name: '水泵运行保养', nameEn: 'Pump run-hours service', target: 'unit', equipmentId: channel.unitId, priority: 'high', leadDays: 0, trigger: 'meter',
          rule: { kind: 'hours', detectId: channel.detectId, ch: channel.ch, signal: 'analog', runAbove: channel.analogMin + (channel.analogMax - channel.analogMin) * 0.1, limit: 2000, initial: 0 },
        });
        const served = addDays(today, -90 - i * 7);
        await history(tx, hours, { key: channel.unitId, id: channel.unitId }, served, '#1', null, now);
        orders += 1;
        await tx.insert(fallPmMeter).values({ planId: hours.id, cycle: 2, value: 1200 + i * 95, countedTo: new Date(now), running: false });
      }
      // Closed for the winter: winterisation two weeks before, the spring start-up ten days before it opens again; last year's done.
      if (site.seasonFrom && site.seasonTo) {
        const winter = await add({ name: '冬季防冻排空', nameEn: 'Winterisation', target: 'project', priority: 'high', leadDays: 7, trigger: 'season', rule: { when: 'end', days: 14 } });
        await add({ name: '春季开机调试', nameEn: 'Spring start-up', target: 'project', priority: 'high', leadDays: 7, trigger: 'season', rule: { when: 'start', days: 10 } });
        for (const back of [1, 0]) {
          const done = addDays(`${Number(site.seasonFrom.slice(0, 4)) - back}${site.seasonFrom.slice(4)}`, -14);
          if (done >= addDays(today, -2)) continue;
          await history(tx, winter, { key: 0, id: null }, done, done, null, now);
          orders += 1;
        }
      }
    });
  }
  return { plans, orders };
}

import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeOf } from '@shared/contracts/common';
import {
  checkPlan,
  pmDueQuerySchema,
  pmDueRowSchema,
  pmPlanQuerySchema,
  pmPlanRowSchema,
  pmPlanSaveSchema,
  pmPlanUpdateSchema,
  PM_TRIGGERS,
  type PmPlanSave,
  type PmPlanUpdate,
  type PmTrigger,
} from '@shared/contracts/pm-plan';
import { RESOURCES } from '@shared/resources';
import type { AppInstance } from '../../../app-instance';
import type { Db } from '../../../db/client';
import { fallChecklist, fallDetect, fallDetectChannel, fallDevice, fallEqInfo, fallPmMeter, fallPmOccurrence, fallPmPlan, fallProject } from '../../../db/schema';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { badRequest, notFound } from '../../../lib/errors';
import { assertProjectLive } from '../../../lib/archive';
import { inScope, scopeOf } from '../../../lib/data-scope';
import { dueNext } from './pm-plan.service';

type Whole = Omit<PmPlanSave, 'remark' | 'name' | 'nameEn'>;

const triggerOf = (p: Pick<Whole, 'calendar' | 'meter' | 'season'>): PmTrigger => PM_TRIGGERS.find((k) => p[k] !== null && p[k] !== undefined) ?? 'calendar';

/** The plan's references, each as the caller named it: a 400 naming the field when one is unknown, archived or of another project. */
async function checkReferences(tx: Db, p: Whole): Promise<void> {
  await assertProjectLive(tx, p.projectId);
  if (p.target === 'unit') {
    const [unit] = await tx.select({ id: fallEqInfo.id }).from(fallEqInfo).where(and(eq(fallEqInfo.id, Number(p.equipmentId)), eq(fallEqInfo.projectId, p.projectId), isNull(fallEqInfo.archivedAt)));
    if (!unit) throw badRequest('v.invalid', { equipmentId: 'v.invalid' });
  }
  if (p.target === 'model') {
    const [device] = await tx.select({ id: fallDevice.id }).from(fallDevice).where(eq(fallDevice.id, Number(p.deviceId)));
    if (!device) throw badRequest('v.invalid', { deviceId: 'v.invalid' });
  }
  if (p.checklistId) {
    const [template] = await tx.select({ id: fallChecklist.id }).from(fallChecklist).where(and(eq(fallChecklist.id, Number(p.checklistId)), isNull(fallChecklist.archivedAt)));
    if (!template) throw badRequest('v.invalid', { checklistId: 'v.invalid' });
  }
  if (p.meter) {
    const [board] = await tx.select({ id: fallDetect.id }).from(fallDetect).where(and(eq(fallDetect.id, Number(p.meter.detectId)), eq(fallDetect.projectId, p.projectId), isNull(fallDetect.archivedAt)));
    if (!board) throw badRequest('v.pmChannel', { 'meter.detectId': 'v.pmChannel' });
    const [channel] = await tx.select({ id: fallDetectChannel.id }).from(fallDetectChannel).where(and(eq(fallDetectChannel.detectId, board.id), eq(fallDetectChannel.ch, p.meter.ch)));
    if (!channel) throw badRequest('v.pmChannel', { 'meter.ch': 'v.pmChannel' });
  }
}

/** The columns of a plan as it will be: only what its target and trigger read is kept. */
function columnsOf(p: Whole) {
  const trigger = triggerOf(p);
  return {
    projectId: p.projectId,
    target: p.target,
    equipmentId: p.target === 'unit' ? Number(p.equipmentId) : null,
    deviceId: p.target === 'model' ? Number(p.deviceId) : null,
    checklistId: p.checklistId ? Number(p.checklistId) : null,
    priority: p.priority ?? 'normal',
    leadDays: p.leadDays ?? 0,
    trigger,
    rule: (trigger === 'meter' ? { ...p.meter, detectId: Number(p.meter!.detectId), initial: p.meter!.initial ?? 0 } : p[trigger]) as Record<string, unknown>,
  };
}

const wholeSchema = z.object({}).passthrough().superRefine((v, ctx) => checkPlan(v as Parameters<typeof checkPlan>[0], ctx));

/**
 * fall/pm-plan (fall-pmplan, /ball/fallpmplan): preventive plans (docs/maintenance.md "Preventive
 * plans"). Every write checks the whole plan (one trigger, its target's unit or model) and its
 * references; deleting a plan that has opened orders archives it, one that has not is deleted.
 * `GET /due?projectId=` lists what the project's plans have due next, soonest first.
 */
export async function pmPlanRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;
  const p = fallPmPlan;
  const ruleOf = (kind: PmTrigger) => sql`CASE WHEN ${p.trigger} = ${kind} THEN ${p.rule} END`;

  resourceRoutes(app, RESOURCES.pmPlan, {
    rows: {
      table: p,
      row: pmPlanRowSchema,
      id: p.id,
      query: pmPlanQuerySchema,
      where: {
        keyword: filters.search(p.name, p.nameEn, p.remark),
        projectId: filters.eq(p.projectId),
        trigger: filters.eq(p.trigger),
      },
      sortable: { name: p.name, projectName: fallProject.name, trigger: p.trigger, createdAt: p.createdAt },
      defaultSort: [asc(p.projectId), asc(p.name), asc(p.id)],
      hidden: ['rule'],
      extra: {
        projectName: sql<string>`${fallProject.name}`.as('project_name'),
        projectNameEn: sql<string>`${fallProject.nameEn}`.as('project_name_en'),
        equipmentName: sql<string | null>`(SELECT e.name FROM fall_eq_info e WHERE e.id = ${p.equipmentId})`.as('equipment_name'),
        deviceName: sql<string | null>`(SELECT d.name FROM fall_device d WHERE d.id = ${p.deviceId})`.as('device_name'),
        checklistName: sql<string | null>`(SELECT c.name FROM fall_checklist c WHERE c.id = ${p.checklistId})`.as('checklist_name'),
        equipmentNameEn: sql<string | null>`(SELECT e.name_en FROM fall_eq_info e WHERE e.id = ${p.equipmentId})`.as('equipment_name_en'),
        deviceNameEn: sql<string | null>`(SELECT d.name_en FROM fall_device d WHERE d.id = ${p.deviceId})`.as('device_name_en'),
        checklistNameEn: sql<string | null>`(SELECT c.name_en FROM fall_checklist c WHERE c.id = ${p.checklistId})`.as('checklist_name_en'),
        calendar: ruleOf('calendar').as('calendar'),
        meter: ruleOf('meter').as('meter'),
        season: ruleOf('season').as('season'),
        orders: sql<number>`(SELECT count(*)::int FROM fall_pm_occurrence o WHERE o.plan_id = "fall_pm_plan"."id" AND o.order_id IS NOT NULL)`.as('orders'),
      },
      from: (q) => q.innerJoin(fallProject, eq(fallProject.id, p.projectId)),
      scope: () => isNull(p.archivedAt),
      project: { column: p.projectId },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'preventive-plans' },
    create: {
      body: pmPlanSaveSchema,
      write: async (body: PmPlanSave, request: FastifyRequest) => {
        const id = await db.transaction(async (tx) => {
          await checkReferences(tx, body);
          const [row] = await tx
            .insert(p)
            .values({ ...columnsOf(body), name: body.name, nameEn: body.nameEn ?? '', remark: body.remark ?? '', createdBy: request.auth?.username ?? '' })
            .returning({ id: p.id });
          return row.id;
        });
        return { id };
      },
    },
    update: {
      body: pmPlanUpdateSchema,
      write: async (body: PmPlanUpdate) => {
        await db.transaction(async (tx) => {
          const [stored] = await tx.select().from(p).where(and(eq(p.id, body.id), isNull(p.archivedAt))).for('update');
          if (!stored) throw notFound();
          const had = { calendar: null, meter: null, season: null, [stored.trigger]: stored.rule };
          const pick = <K extends keyof PmPlanUpdate>(k: K, fallback: unknown) => (body[k] !== undefined ? body[k] : fallback);
          const next = {
            projectId: Number(pick('projectId', stored.projectId)),
            target: pick('target', stored.target),
            equipmentId: pick('equipmentId', stored.equipmentId),
            deviceId: pick('deviceId', stored.deviceId),
            checklistId: pick('checklistId', stored.checklistId),
            priority: pick('priority', stored.priority),
            leadDays: pick('leadDays', stored.leadDays),
            calendar: pick('calendar', had.calendar),
            meter: pick('meter', had.meter),
            season: pick('season', had.season),
          } as Whole;
          const whole = wholeSchema.safeParse(next);
          if (!whole.success) throw badRequest(whole.error.issues[0].message, Object.fromEntries(whole.error.issues.map((i) => [i.path.join('.'), i.message])));
          await checkReferences(tx, next);
          const columns = columnsOf(next);
          const texts = Object.fromEntries(Object.entries({ name: body.name, nameEn: body.nameEn, remark: body.remark }).filter(([, v]) => v !== undefined));
          await tx.update(p).set({ ...columns, ...texts, updatedAt: new Date() }).where(eq(p.id, body.id));
          // A meter counting another channel, or another way, starts again.
          const counted = (r: Record<string, unknown>) => JSON.stringify([r.detectId, r.ch, r.kind, r.signal, r.runAbove ?? null]);
          if (stored.trigger !== 'meter' || columns.trigger !== 'meter' || counted(stored.rule) !== counted(columns.rule)) await tx.delete(fallPmMeter).where(eq(fallPmMeter.planId, body.id));
        });
      },
    },
    remove: {
      write: async (ids) =>
        db.transaction(async (tx) => {
          const used = await tx.selectDistinct({ id: fallPmOccurrence.planId }).from(fallPmOccurrence).where(and(inArray(fallPmOccurrence.planId, ids), isNotNull(fallPmOccurrence.orderId)));
          const keep = used.map((u) => u.id);
          const archived = keep.length
            ? await tx.update(p).set({ archivedAt: new Date(), updatedAt: new Date() }).where(and(inArray(p.id, keep), isNull(p.archivedAt))).returning({ id: p.id })
            : [];
          const free = ids.filter((id) => !keep.includes(id));
          const deleted = free.length ? await tx.delete(p).where(and(inArray(p.id, free), isNull(p.archivedAt))).returning({ id: p.id }) : [];
          return archived.length + deleted.length;
        }),
    },
  });

  app.get(
    `${RESOURCES.pmPlan.api}/due`,
    { schema: { querystring: pmDueQuerySchema, response: { 200: envelopeOf(z.array(pmDueRowSchema)) } }, config: { permission: `${RESOURCES.pmPlan.code}#list` } },
    async (request) => {
      const projectId = Number(request.query.projectId);
      const [project] = await db.select({ id: fallProject.id }).from(fallProject).where(and(eq(fallProject.id, projectId), isNull(fallProject.archivedAt)));
      // A project outside the caller's data scope is not found, as in every list.
      if (!project || !inScope(scopeOf(request), projectId)) throw notFound();
      return ok(await dueNext(db, projectId, request.query.at ? new Date(request.query.at) : new Date()));
    },
  );
}

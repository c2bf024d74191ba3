import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { windowQuerySchema, windowShapeSchema, windowRowSchema, windowSaveSchema, windowUpdateSchema, type WindowSave, type WindowUpdate } from '@shared/contracts/alarm-window';
import { RESOURCES } from '@shared/resources';
import type { AppInstance } from '../../../app-instance';
import { fallAlarmWindow, fallProject, type OncallSlot } from '../../../db/schema';
import { filters, resourceRoutes } from '../../../lib/crud';
import { instantJson } from '../../../lib/iso-text';
import { badRequest, notFound } from '../../../lib/errors';
import { assertProjectLive } from '../../../lib/archive';
import { publishLive } from '../../../live';
import { applyWindows } from './suppression';

type Db = AppInstance['database']['db'];
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The columns of a window of its kind: a weekly one keeps no dates, a dates one no hours. */
function columnsOf(w: Pick<WindowSave, 'kind' | 'slots' | 'dateFrom' | 'dateTo'>) {
  return w.kind === 'weekly' ? { slots: (w.slots ?? []) as OncallSlot[], dateFrom: null, dateTo: null } : { slots: [], dateFrom: w.dateFrom ?? null, dateTo: w.dateTo ?? null };
}

/**
 * fall/alarm-window (fall-alarmwindow, /ball/fallalarmwindow): a project's alarm maintenance windows
 * (docs/alarms.md "Maintenance windows"). Every write brings the projects' window state to now at
 * once (applyWindows), so a window saved over the present minute suppresses the alarms before the
 * next sweep; deleting one archives it.
 */
export async function windowRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;

  /** After a write: the state of every project brought to now, and the walls told of those that moved. */
  async function apply(tx: Tx): Promise<number[]> {
    return (await applyWindows(tx, new Date())).moved;
  }
  async function tell(projects: number[]): Promise<void> {
    for (const projectId of projects) await publishLive(app, { topic: 'warning', projectId });
  }

  resourceRoutes(app, RESOURCES.alarmWindow, {
    rows: {
      table: fallAlarmWindow,
      row: windowRowSchema,
      id: fallAlarmWindow.id,
      query: windowQuerySchema,
      where: { keyword: filters.search(fallAlarmWindow.name, fallAlarmWindow.reason), projectId: filters.eq(fallAlarmWindow.projectId) },
      sortable: { name: fallAlarmWindow.name, kind: fallAlarmWindow.kind, projectName: fallProject.name, createdAt: fallAlarmWindow.createdAt },
      defaultSort: [asc(fallAlarmWindow.projectId), asc(fallAlarmWindow.id)],
      extra: {
        projectName: sql<string>`${fallProject.name}`.as('project_name'),
        projectNameEn: sql<string>`${fallProject.nameEn}`.as('project_name_en'),
        timeZone: sql<string>`${fallProject.timeZone}`.as('time_zone'),
        active: sql<boolean>`(${fallProject.alarmWindowId} IS NOT DISTINCT FROM ${fallAlarmWindow.id})`.as('active'),
        activeUntil: sql<string | null>`CASE WHEN ${fallProject.alarmWindowId} = ${fallAlarmWindow.id} THEN ${fallProject.alarmWindowUntil} END`
          .mapWith(instantJson)
          .as('active_until'),
      },
      from: (q) => q.innerJoin(fallProject, eq(fallProject.id, fallAlarmWindow.projectId)),
      scope: () => isNull(fallAlarmWindow.archivedAt),
      project: { column: fallAlarmWindow.projectId },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'maintenance-windows' },
    create: {
      body: windowSaveSchema,
      write: async (body: WindowSave, request: FastifyRequest) => {
        const { id, moved } = await db.transaction(async (tx) => {
          await assertProjectLive(tx, body.projectId);
          const [row] = await tx
            .insert(fallAlarmWindow)
            .values({ projectId: body.projectId, name: body.name, kind: body.kind, reason: body.reason ?? '', createdBy: request.auth?.username ?? '', ...columnsOf(body) })
            .returning({ id: fallAlarmWindow.id });
          return { id: row.id, moved: await apply(tx) };
        });
        await tell(moved);
        return { id };
      },
    },
    update: {
      body: windowUpdateSchema,
      write: async (body: WindowUpdate) => {
        const moved = await db.transaction(async (tx) => {
          const [stored] = await tx.select().from(fallAlarmWindow).where(and(eq(fallAlarmWindow.id, body.id), isNull(fallAlarmWindow.archivedAt))).for('update');
          if (!stored) throw notFound();
          await assertProjectLive(tx, body.projectId);
          // The whole window as it will be, checked as a new one is (a dates window's end before its start is 400 dateTo).
          const next = {
            kind: body.kind ?? (stored.kind as WindowSave['kind']),
            slots: body.slots ?? stored.slots,
            dateFrom: body.dateFrom !== undefined ? body.dateFrom : stored.dateFrom,
            dateTo: body.dateTo !== undefined ? body.dateTo : stored.dateTo,
          };
          const shape = windowShapeSchema.safeParse(next);
          if (!shape.success) throw badRequest(shape.error.issues[0].message, Object.fromEntries(shape.error.issues.map((i) => [i.path.join('.'), i.message])));
          const changes = Object.fromEntries(Object.entries({ projectId: body.projectId, name: body.name, reason: body.reason }).filter(([, v]) => v !== undefined));
          await tx.update(fallAlarmWindow).set({ ...changes, kind: next.kind, ...columnsOf(next), updatedAt: new Date() }).where(eq(fallAlarmWindow.id, body.id));
          return apply(tx);
        });
        await tell(moved);
      },
    },
    remove: {
      write: async (ids) => {
        const { gone, moved } = await db.transaction(async (tx) => {
          const rows = await tx.update(fallAlarmWindow).set({ archivedAt: new Date(), updatedAt: new Date() }).where(and(inArray(fallAlarmWindow.id, ids), isNull(fallAlarmWindow.archivedAt))).returning({ id: fallAlarmWindow.id });
          return { gone: rows.length, moved: await apply(tx) };
        });
        await tell(moved);
        return gone;
      },
    },
  });
}

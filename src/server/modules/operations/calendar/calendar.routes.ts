import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeOf, idTextSchema } from '@shared/contracts/common';
import {
  calendarQuerySchema,
  calendarRowSchema,
  calendarSaveSchema,
  calendarUpdateSchema,
  entryShapeSchema,
  showNowSchema,
  type CalendarSave,
  type CalendarUpdate,
} from '@shared/contracts/calendar';
import { RESOURCES } from '@shared/resources';
import type { AppInstance } from '../../../app-instance';
import { fallCalendarEntry, fallProject, type OncallSlot } from '../../../db/schema';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { badRequest, notFound } from '../../../lib/errors';
import { assertProjectLive } from '../../../lib/archive';
import { scopeCondition, scopeOf } from '../../../lib/data-scope';
import { calendarOf, showNowOf, syncDailyShowTime } from './calendar.service';

type Shape = Pick<CalendarSave, 'kind' | 'slots' | 'dateFrom' | 'dateTo' | 'timeFrom' | 'timeTo'>;

/** The columns of an entry of its kind: each keeps only what its kind reads. */
function columnsOf(e: Shape) {
  const none = { slots: [] as OncallSlot[], dateFrom: null, dateTo: null, timeFrom: null, timeTo: null };
  switch (e.kind) {
    case 'programme':
      return { ...none, slots: (e.slots ?? []) as OncallSlot[], dateFrom: e.dateFrom ?? null, dateTo: e.dateTo ?? null };
    case 'event':
      return { ...none, dateFrom: e.dateFrom ?? null, dateTo: e.dateFrom ?? null, timeFrom: e.timeFrom ?? null, timeTo: e.timeTo ?? null };
    default:
      return { ...none, dateFrom: e.dateFrom ?? null, dateTo: e.dateTo ?? null };
  }
}

/**
 * fall/calendar (fall-calendar, /ball/fallcalendar): each project's operating calendar
 * (docs/maintenance.md "Operating calendar"). Every write sets the project's daily show time from its
 * programmes; deleting an entry archives it. `GET /now/{projectId}` says what the
 * calendar says now: in show, idle or closed, until when, and the next show.
 */
export async function calendarRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;

  async function settled(projects: Iterable<number>): Promise<void> {
    for (const projectId of new Set(projects)) await syncDailyShowTime(db, projectId);
  }

  resourceRoutes(app, RESOURCES.calendar, {
    rows: {
      table: fallCalendarEntry,
      row: calendarRowSchema,
      id: fallCalendarEntry.id,
      query: calendarQuerySchema,
      where: {
        keyword: filters.search(fallCalendarEntry.name, fallCalendarEntry.remark),
        projectId: filters.eq(fallCalendarEntry.projectId),
        kind: filters.eq(fallCalendarEntry.kind),
      },
      sortable: { name: fallCalendarEntry.name, kind: fallCalendarEntry.kind, projectName: fallProject.name, dateFrom: fallCalendarEntry.dateFrom, createdAt: fallCalendarEntry.createdAt },
      defaultSort: [asc(fallCalendarEntry.projectId), asc(fallCalendarEntry.kind), asc(fallCalendarEntry.dateFrom), asc(fallCalendarEntry.id)],
      extra: {
        projectName: sql<string>`${fallProject.name}`.as('project_name'),
        projectNameEn: sql<string>`${fallProject.nameEn}`.as('project_name_en'),
        timeZone: sql<string>`${fallProject.timeZone}`.as('time_zone'),
      },
      from: (q) => q.innerJoin(fallProject, eq(fallProject.id, fallCalendarEntry.projectId)),
      scope: () => isNull(fallCalendarEntry.archivedAt),
      project: { column: fallCalendarEntry.projectId },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'operating-calendar' },
    create: {
      body: calendarSaveSchema,
      write: async (body: CalendarSave, request: FastifyRequest) => {
        const id = await db.transaction(async (tx) => {
          await assertProjectLive(tx, body.projectId);
          const [row] = await tx
            .insert(fallCalendarEntry)
            .values({ projectId: body.projectId, kind: body.kind, name: body.name, remark: body.remark ?? '', createdBy: request.auth?.username ?? '', ...columnsOf(body) })
            .returning({ id: fallCalendarEntry.id });
          return row.id;
        });
        await settled([body.projectId]);
        return { id };
      },
    },
    update: {
      body: calendarUpdateSchema,
      write: async (body: CalendarUpdate) => {
        const projects = await db.transaction(async (tx) => {
          const [stored] = await tx.select().from(fallCalendarEntry).where(and(eq(fallCalendarEntry.id, body.id), isNull(fallCalendarEntry.archivedAt))).for('update');
          if (!stored) throw notFound();
          await assertProjectLive(tx, body.projectId);
          // The whole entry as it will be, checked as a new one is (a season's end before its start is 400 dateTo).
          const pick = <K extends keyof CalendarUpdate & keyof typeof stored>(k: K) => (body[k] !== undefined ? body[k] : stored[k]);
          const next = {
            kind: (body.kind ?? stored.kind) as CalendarSave['kind'],
            slots: body.slots ?? stored.slots,
            dateFrom: pick('dateFrom') as string | null,
            dateTo: pick('dateTo') as string | null,
            timeFrom: pick('timeFrom') as string | null,
            timeTo: pick('timeTo') as string | null,
          };
          const shape = entryShapeSchema.safeParse(next);
          if (!shape.success) throw badRequest(shape.error.issues[0].message, Object.fromEntries(shape.error.issues.map((i) => [i.path.join('.'), i.message])));
          const changes = Object.fromEntries(Object.entries({ projectId: body.projectId, name: body.name, remark: body.remark }).filter(([, v]) => v !== undefined));
          await tx.update(fallCalendarEntry).set({ ...changes, kind: next.kind, ...columnsOf(next as Shape), updatedAt: new Date() }).where(eq(fallCalendarEntry.id, body.id));
          return [stored.projectId, body.projectId ?? stored.projectId];
        });
        await settled(projects);
      },
    },
    remove: {
      write: async (ids) => {
        const rows = await db
          .update(fallCalendarEntry)
          .set({ archivedAt: new Date(), updatedAt: new Date() })
          .where(and(inArray(fallCalendarEntry.id, ids), isNull(fallCalendarEntry.archivedAt)))
          .returning({ projectId: fallCalendarEntry.projectId });
        await settled(rows.map((r) => r.projectId));
        return rows.length;
      },
    },
  });

  /** What a project's calendar says now (or at `at`): in show, idle or closed, until when, the next show. */
  app.get(
    `${RESOURCES.calendar.api}/now/:id`,
    {
      schema: { params: z.object({ id: idTextSchema() }), querystring: z.strictObject({ at: z.iso.datetime({ offset: true, error: 'v.invalid' }).optional() }), response: { 200: envelopeOf(showNowSchema) } },
      config: { permission: [`${RESOURCES.calendar.code}#list`, 'fall-project#info'] },
    },
    async (request: FastifyRequest<{ Params: { id: number }; Querystring: { at?: string } }>) => {
      const [project] = await db
        .select({ id: fallProject.id })
        .from(fallProject)
        .where(and(eq(fallProject.id, request.params.id), isNull(fallProject.archivedAt), scopeCondition(scopeOf(request), fallProject.id)));
      const calendar = project ? await calendarOf(db, project.id) : null;
      if (!calendar) throw notFound();
      return ok(showNowOf(calendar, request.query.at ? new Date(request.query.at) : new Date()));
    },
  );
}

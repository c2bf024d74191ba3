import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../../app-instance';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { booleanAnswer, envelopeOf, idAnswer } from '@shared/contracts/common';
import {
  existUniqueKeyQuerySchema,
  projectQuerySchema,
  projectSaveSchema,
  projectUpdateSchema,
  selectProjectsSchema,
  type ProjectSave,
  projectRowSchema,
  projectOptionSchema,
  projectPointSchema,
} from '@shared/contracts/project';
import type { ProjectOption } from '@shared/contracts/project';
import type { Db } from '../../../db/client';
import { fallProject } from '../../../db/schema';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { assertInScope, scopeCondition, scopeOf } from '../../../lib/data-scope';
import { attachFiles, replaceFiles } from '../../files';
import { archivedFilter, notArchived, registerArchiveRoutes } from '../../../lib/archive';
import { removeProjects, restoreProjects } from './project-archive';
import { programmedShowTime } from '../calendar';
import { RESOURCES } from '@shared/resources';

const PERM = 'fall-project';

/** The PostgreSQL error code of a failed query (drizzle wraps driver errors in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
}

const uniqueKeyTaken = () => conflict('err.uniqueKey', { uniqueKey: 'err.uniqueKey' });

async function assertUniqueKeyFree(tx: Db, uniqueKey: string, exceptId?: number): Promise<void> {
  const rows = await tx
    .select({ id: fallProject.id })
    .from(fallProject)
    .where(and(sql`lower(${fallProject.uniqueKey}) = lower(${uniqueKey})`, exceptId ? ne(fallProject.id, exceptId) : undefined))
    .limit(1);
  if (rows.length) throw uniqueKeyTaken();
}

/** Runs a write; a unique violation that slipped past the check (two saves racing) is the same 409. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw uniqueKeyTaken();
    throw err;
  }
}

/** What the client may write; the secret only when one is given (write-only, see the contract). */
function columnsOf(body: Partial<ProjectSave>): Record<string, unknown> {
  const { cameraAppSecret, ...rest } = body;
  const values: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (cameraAppSecret === null) values.cameraAppSecret = '';
  else if (typeof cameraAppSecret === 'string' && cameraAppSecret !== '') values.cameraAppSecret = cameraAppSecret;
  return values;
}

const userOf = (request: FastifyRequest) => request.auth?.userId ?? null;

/**
 * fall/project (spec §7 "Fall project"): list, listAll, info/{id}, export from the route factory
 * with the secret column hidden; save and update written out because they run in one transaction
 * with the unique-key check and the site-plan file; delete archives (project-archive.ts); existUniqueKey
 * (an archived project keeps its key: boards report by it); selectProjects (live projects only).
 */
export async function projectRoutes(app: AppInstance): Promise<void> {
  resourceRoutes(app, RESOURCES.project, {
    rows: {
      table: fallProject,
      row: projectRowSchema,
      id: fallProject.id,
      query: projectQuerySchema,
      where: {
        keyword: filters.search(fallProject.name, fallProject.nameEn, fallProject.uniqueKey, fallProject.city, fallProject.country),
        status: filters.eq(fallProject.status),
        area: filters.eq(fallProject.area),
        country: filters.eq(fallProject.country),
        waterType: filters.eq(fallProject.waterType),
        projectType: filters.eq(fallProject.projectType),
        isPublic: filters.eq(fallProject.isPublic),
        archived: archivedFilter(fallProject, `${PERM}#restore`),
      },
      sortable: {
        name: fallProject.name,
        uniqueKey: fallProject.uniqueKey,
        status: fallProject.status,
        area: fallProject.area,
        country: fallProject.country,
        city: fallProject.city,
        totalArea: fallProject.totalArea,
        createdAt: fallProject.createdAt,
      },
      defaultSort: [desc(fallProject.createdAt)],
      hidden: ['cameraAppSecret'],
      extra: {
        hasCameraSecret: sql<boolean>`(${fallProject.cameraAppSecret} <> '')`.as('has_camera_secret'),
        projectTypeName: sql<string | null>`(SELECT x.xmmc FROM sys_xmlx x WHERE x.xmbm = "fall_project"."project_type")`.as('project_type_name'),
        projectTypeNameEn: sql<string | null>`(SELECT x.xmmc_en FROM sys_xmlx x WHERE x.xmbm = "fall_project"."project_type")`.as('project_type_name_en'),
      },
      // A project is its own scope; saving one is written out below.
      project: { column: fallProject.id },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'projects', labels: { status: { dictionary: 'xmzt' }, waterType: { dictionary: 'water_type' }, area: { dictionary: 'area' }, country: 'country' } },
  });

  app.post('/ball/fallproject/save', { schema: { body: projectSaveSchema, response: { 200: idAnswer } }, config: { permission: `${PERM}#save` } }, async (request) => {
    const body = request.body;
    // A new project lies outside every list of projects: only a caller who sees all may create one.
    if (!scopeOf(request).all) throw forbidden('err.outOfScope');
    const id = await guarded(() =>
      app.database.db.transaction(async (tx) => {
        await assertUniqueKeyFree(tx, body.uniqueKey);
        const values = columnsOf(body);
        values.nameCn ??= body.name;
        const [row] = await tx.insert(fallProject).values(values as typeof fallProject.$inferInsert).returning({ id: fallProject.id });
        await attachFiles(tx, 'fall_project', row.id, [body.mapBackground], { field: 'mapBackground', imageOnly: true, userId: userOf(request) });
        return row.id;
      }),
    );
    return ok({ id });
  });

  app.post('/ball/fallproject/update', { schema: { body: projectUpdateSchema, response: { 200: idAnswer } }, config: { permission: `${PERM}#update` } }, async (request) => {
    const { id, ...body } = request.body;
    assertInScope(request, id);
    await guarded(() =>
      app.database.db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: fallProject.id, mapBackground: fallProject.mapBackground })
          .from(fallProject)
          .where(eq(fallProject.id, id))
          .for('update');
        if (!current) throw notFound();
        if (body.uniqueKey !== undefined) await assertUniqueKeyFree(tx, body.uniqueKey, id);
        // A project with show programmes of its own has its daily show time from them (docs/maintenance.md
        // "Operating calendar"): the form sends it back unchanged; another text is refused, not lost silently.
        if (body.dailyShowTime !== undefined) {
          const programmed = await programmedShowTime(tx, id);
          if (programmed !== null && body.dailyShowTime !== programmed) throw badRequest('v.showTimeCalendar', { dailyShowTime: 'v.showTimeCalendar' });
        }
        const values = columnsOf(body);
        await tx.update(fallProject).set({ ...values, updatedAt: new Date() }).where(eq(fallProject.id, id));
        if (body.mapBackground !== undefined) {
          await replaceFiles(tx, 'fall_project', id, [current.mapBackground], [body.mapBackground], {
            field: 'mapBackground',
            imageOnly: true,
            userId: userOf(request),
          });
        }
      }),
    );
    return ok({ id });
  });

  // Delete archives a project with history (and its equipment and boards), deletes one without;
  // restore is for administrators (docs/invariants.md "Archive and delete").
  registerArchiveRoutes(app, RESOURCES.project, { remove: removeProjects, restore: restoreProjects, project: { from: 'fall_project x', project: 'x.id' } });

  app.get(
    '/ball/fallproject/existUniqueKey',
    { schema: { response: { 200: booleanAnswer }, querystring: existUniqueKeyQuerySchema }, config: { permission: [`${PERM}#save`, `${PERM}#update`] } },
    async (request) => {
      const { uniqueKey, id } = request.query;
      if (!uniqueKey.trim()) return ok(false);
      const rows = await app.database.db
        .select({ id: fallProject.id })
        .from(fallProject)
        .where(and(sql`lower(${fallProject.uniqueKey}) = lower(${uniqueKey.trim()})`, id ? ne(fallProject.id, id) : undefined))
        .limit(1);
      return ok(rows.length > 0);
    },
  );

  // Pickers (title=1) and the wall map; display sessions carry ship-scene#view.
  app.post(
    '/ball/fallproject/selectProjects',
    { schema: { response: { 200: envelopeOf(z.union([z.array(projectPointSchema), z.array(projectOptionSchema)])) }, body: selectProjectsSchema }, config: { permission: [`${PERM}#list`, 'ship-scene#view', 'sys-role#save', 'sys-role#update'], etag: true } },
    async (request) => {
      const { title, keyword } = request.body;
      const where = and(notArchived(fallProject), filters.search(fallProject.name, fallProject.nameEn, fallProject.uniqueKey)(keyword), scopeCondition(scopeOf(request), fallProject.id));
      if (title !== undefined) {
        const options: ProjectOption[] = await app.database.db
          .select({ id: fallProject.id, name: fallProject.name, nameEn: fallProject.nameEn })
          .from(fallProject)
          .where(where)
          .orderBy(asc(fallProject.name))
          .limit(5000);
        return ok(options);
      }
      const rows = await app.database.db
        .select({
          id: fallProject.id,
          name: fallProject.name,
          nameEn: fallProject.nameEn,
          status: fallProject.status,
          longitude: fallProject.longitude,
          latitude: fallProject.latitude,
          area: fallProject.area,
          waterType: fallProject.waterType,
        })
        .from(fallProject)
        .where(where)
        .orderBy(asc(fallProject.name))
        .limit(5000);
      return ok(rows);
    },
  );
}

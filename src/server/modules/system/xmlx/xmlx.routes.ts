import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../../app-instance';
import multipart from '@fastify/multipart';
import { asc, eq, sql } from 'drizzle-orm';
import { deletedAnswer, envelopeOf, idAnswer, idParamSchema, listAllAnswerOf } from '@shared/contracts/common';
import { translate } from '@shared/messages';
import {
  xmlxListQuerySchema,
  xmlxSchema,
  xmlxUpdateSchema,
  xmlxUploadQuerySchema,
  type XmlxImportResult,
  xmlxImportResultSchema,
  xmlxRowSchema,
} from '@shared/contracts/xmlx';
import { fallProject, sysLog, sysXmlx } from '../../../db/schema';
import { allRows, filters, LIST_ALL_QUERY_LIMIT, ok } from '../../../lib/crud';
import { ApiError, badRequest, conflict, notFound } from '../../../lib/errors';
import { CODE } from '@shared/constants';
import { errorsToCsv, planImport, readSheet, SheetFormatError } from './xmlx.import';
import { SheetLimitError } from './sheet-limits';

const BASE = '/sys/xmlx';
const BATCH = 500;
const MB = 1024 * 1024;

/** Project types (spec §7 "Project type"): the tree by pid, CRUD, and spreadsheet import. */
export async function xmlxRoutes(app: AppInstance): Promise<void> {
  // The files module may already have registered multipart for everyone; otherwise only here.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  const db = () => app.database.db;
  const columns = { id: sysXmlx.id, pid: sysXmlx.pid, xmbm: sysXmlx.xmbm, xmmc: sysXmlx.xmmc, xmmcEn: sysXmlx.xmmcEn, sort: sysXmlx.sort };

  /** A parent must exist and must not be the node itself or below it. */
  async function checkParent(pid: number, selfId?: number) {
    if (pid === 0) return;
    if (selfId !== undefined) {
      const below = await app.database.query<{ id: number }>(
        `WITH RECURSIVE sub(id) AS (SELECT $1::int UNION SELECT x.id FROM sys_xmlx x JOIN sub ON x.pid = sub.id) SELECT id FROM sub WHERE id = $2`,
        [selfId, pid],
      );
      if (below.length) throw badRequest('v.parentCycle', { pid: 'v.parentCycle' });
    }
    const [parent] = await db().select({ id: sysXmlx.id }).from(sysXmlx).where(eq(sysXmlx.id, pid));
    if (!parent) throw badRequest('v.parentUnknown', { pid: 'v.parentUnknown' });
  }

  app.get(`${BASE}/listAll`, { schema: { response: { 200: listAllAnswerOf(xmlxRowSchema) }, querystring: xmlxListQuerySchema }, config: { permission: 'sys-xmlx#list' } }, async (request) => {
    const { xmmc } = request.query;
    const where = filters.search(sysXmlx.xmmc, sysXmlx.xmmcEn, sysXmlx.xmbm)(xmmc);
    const rows = await db().select(columns).from(sysXmlx).where(where).orderBy(asc(sysXmlx.pid), asc(sysXmlx.sort), asc(sysXmlx.id)).limit(LIST_ALL_QUERY_LIMIT);
    return allRows(rows, async () => (await db().select({ n: sql<number>`count(*)::int` }).from(sysXmlx).where(where))[0].n);
  });

  app.get(`${BASE}/info/:id`, { schema: { response: { 200: envelopeOf(xmlxRowSchema) }, params: idParamSchema }, config: { permission: 'sys-xmlx#info' } }, async (request) => {
    const { id } = request.params;
    const [row] = await db().select(columns).from(sysXmlx).where(eq(sysXmlx.id, id));
    if (!row) throw notFound();
    return ok(row);
  });

  app.post(`${BASE}/save`, { schema: { body: xmlxSchema, response: { 200: idAnswer } }, config: { permission: 'sys-xmlx#save' } }, async (request) => {
    const body = request.body;
    await checkParent(body.pid);
    const [row] = await db().insert(sysXmlx).values(body).returning({ id: sysXmlx.id });
    return ok({ id: row.id });
  });

  app.post(`${BASE}/update`, { schema: { body: xmlxUpdateSchema, response: { 200: idAnswer } }, config: { permission: 'sys-xmlx#update' } }, async (request) => {
    const { id, ...changes } = request.body;
    const [old] = await db().select({ xmbm: sysXmlx.xmbm }).from(sysXmlx).where(eq(sysXmlx.id, id));
    if (!old) throw notFound();
    if (changes.pid !== undefined) await checkParent(changes.pid, id);
    await db().transaction(async (tx) => {
      if (Object.keys(changes).length) await tx.update(sysXmlx).set(changes).where(eq(sysXmlx.id, id));
      // Projects refer to their type by code: a renamed code follows into them.
      if (changes.xmbm && changes.xmbm !== old.xmbm) {
        await tx.update(fallProject).set({ projectType: changes.xmbm }).where(eq(fallProject.projectType, old.xmbm));
      }
    });
    return ok({ id });
  });

  // GET, as spec §7 says; the operation log skips GETs, so this one writes its own entry.
  app.get(`${BASE}/delete/:id`, { schema: { response: { 200: deletedAnswer }, params: idParamSchema }, config: { permission: 'sys-xmlx#delete' } }, async (request) => {
    const { id } = request.params;
    const [row] = await db().select({ xmbm: sysXmlx.xmbm }).from(sysXmlx).where(eq(sysXmlx.id, id));
    if (!row) throw notFound();
    const [child] = await db().select({ id: sysXmlx.id }).from(sysXmlx).where(eq(sysXmlx.pid, id)).limit(1);
    if (child) throw conflict('err.hasChildren');
    const [used] = await db().select({ id: fallProject.id }).from(fallProject).where(eq(fallProject.projectType, row.xmbm)).limit(1);
    if (used) throw conflict('err.inUse');
    await db().delete(sysXmlx).where(eq(sysXmlx.id, id));
    await writeLog(request, 'delete', String(id));
    return ok({ deleted: 1 });
  });

  async function writeLog(request: FastifyRequest, action: string, target: string, params?: unknown) {
    await db()
      .insert(sysLog)
      .values({
        userId: request.auth?.userId ?? null,
        username: request.auth?.username ?? '',
        module: 'sys/xmlx',
        action,
        target,
        method: request.method,
        path: request.url.split('?')[0],
        ip: request.ip,
        statusCode: 200,
        params: (params ?? null) as object,
      })
      .catch((err) => request.log.warn({ err }, 'operation log write failed'));
  }

  app.post(
    `${BASE}/upload`,
    { schema: { querystring: xmlxUploadQuerySchema, response: { 200: envelopeOf(xmlxImportResultSchema) } }, config: { permission: 'sys-xmlx#upload', log: { module: 'sys/xmlx', action: 'upload' } } },
    async (request): Promise<{ code: number; msg: string; data: XmlxImportResult }> => {
      const dryRun = ['1', 'true'].includes(request.query.dryRun ?? '');
      if (!request.isMultipart()) throw badRequest('err.importFile', { file: 'err.importFile' });
      const maxBytes = (await app.settings.get('upload.maxMb')) * MB;
      const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
      if (!file) throw badRequest('err.importFile', { file: 'err.importFile' });
      const buffer = await file.toBuffer();
      if (file.file.truncated) throw new ApiError(CODE.tooLarge, 'err.tooLarge');

      let sheet;
      try {
        sheet = await readSheet(buffer, file.filename);
      } catch (err) {
        if (err instanceof SheetLimitError) {
          if (err.limit === 'size') throw new ApiError(CODE.tooLarge, 'err.sheetTooLarge', { file: 'err.sheetTooLarge' });
          const key = err.limit === 'rows' ? 'err.sheetTooManyRows' : 'err.sheetCellTooLong';
          throw badRequest(key, { file: key });
        }
        if (!(err instanceof SheetFormatError)) throw err;
        const key = err.message === 'header' ? 'err.importHeader' : 'err.importFile';
        throw badRequest(key, { file: key });
      }

      const locale = request.locale;
      const result = await db().transaction(async (tx) => {
        // Lock the table against a concurrent import deciding from the same snapshot.
        await tx.execute(sql`LOCK TABLE sys_xmlx IN SHARE ROW EXCLUSIVE MODE`);
        const existing = await tx.select(columns).from(sysXmlx);
        const plan = planImport(sheet, existing);
        const inserts = plan.rows.filter((r) => r.action === 'insert');
        const updates = plan.rows.filter((r) => r.action === 'update');
        if (!dryRun && (inserts.length || updates.length)) {
          const idOf = new Map(existing.map((e) => [e.xmbm, e.id]));
          for (let i = 0; i < inserts.length; i += BATCH) {
            const made = await tx
              .insert(sysXmlx)
              .values(inserts.slice(i, i + BATCH).map((r) => ({ xmbm: r.xmbm, xmmc: r.xmmc, sort: r.sort, pid: 0 })))
              .returning({ id: sysXmlx.id, xmbm: sysXmlx.xmbm });
            for (const m of made) idOf.set(m.xmbm, m.id);
          }
          // New rows got pid 0 above; now every new or changed row gets its parent, name and sort.
          const sets = [...inserts.filter((r) => r.parent), ...updates].map((r) => ({
            id: idOf.get(r.xmbm)!,
            pid: r.parent ? idOf.get(r.parent)! : 0,
            xmmc: r.xmmc,
            sort: r.sort,
          }));
          for (let i = 0; i < sets.length; i += BATCH) {
            const values = sql.join(
              sets.slice(i, i + BATCH).map((s) => sql`(${s.id}::int, ${s.pid}::int, ${s.xmmc}::varchar, ${s.sort}::int)`),
              sql`, `,
            );
            await tx.execute(
              sql`UPDATE sys_xmlx AS x SET pid = v.pid, xmmc = v.xmmc, sort = v.sort FROM (VALUES ${values}) AS v(id, pid, xmmc, sort) WHERE x.id = v.id`,
            );
          }
        }
        return { plan, inserted: inserts.length, updated: updates.length };
      });

      const errors = result.plan.errors.map((e) => ({ ...e, message: translate(e.message, locale) }));
      return ok({
        dryRun,
        total: sheet.length,
        inserted: result.inserted,
        updated: result.updated,
        unchanged: result.plan.rows.length - result.inserted - result.updated,
        errors,
        errorsCsv: errorsToCsv(errors, ['row', 'field', 'message']),
      });
    },
  );
}

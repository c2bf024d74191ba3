import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, desc, getTableColumns, inArray, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z, type ZodObject, type ZodRawShape, type ZodType } from 'zod';
import { deletedAnswer, envelopeOf, exportOptionsSchema, idAnswer, idListSchema, idParamSchema, idSchema, listAllAnswerOf, listAnswerOf, pagingSchema, partialWithoutDefaults } from '@shared/contracts/common';
import { pageOf } from '@shared/envelope';
import { isUnchangedRendering } from '@shared/server-text';
import { notFound } from './errors';
import { exportAnswer } from './answers';
import { storedTextLike } from './rendered-text';
import { exportLabels, pagedBatches, sendExport, type ExportLabelSpec } from './export';
import { containsPattern } from './like';
import type { Resource } from '@shared/resources';
import { LIST_ALL_MAX_ROWS } from '@shared/constants';
import { assertInScope, scopeCondition, scopeOf } from './data-scope';
import { forbidden } from './errors';

export const ok = <T>(data: T) => ({ code: 0, msg: 'success', data });

/** What a listAll query asks for: one row over the cap, which tells that the match goes on. */
export const LIST_ALL_QUERY_LIMIT = LIST_ALL_MAX_ROWS + 1;

/**
 * A listAll answer (listAllAnswerOf): `rows` fetched with LIST_ALL_QUERY_LIMIT, cut to the cap with
 * `truncated: true` and the match counted by `countAll` when there were more; a silent cut made a
 * picker or an export look complete.
 */
export async function allRows<T>(rows: T[], countAll: () => Promise<number>) {
  const truncated = rows.length > LIST_ALL_MAX_ROWS;
  const data = truncated ? rows.slice(0, LIST_ALL_MAX_ROWS) : rows;
  return { ...ok(data), total: truncated ? await countAll() : data.length, truncated };
}

/**
 * The entry of a lookup table (sortable columns) for a key the client sent: own entries only, so
 * `constructor` or `__proto__` never reach Object's prototype (a 500 in the ORDER BY).
 */
export function ownEntry<T>(table: Record<string, T>, key: string | undefined): T | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** A query-model field turned into a WHERE condition; undefined values are skipped. The request lets a filter check the caller's rights. */
export type FilterFn = (value: any, request?: FastifyRequest) => SQL | undefined;

export const filters = {
  eq: (col: PgColumn): FilterFn => (v) => (v === undefined || v === '' || v === null ? undefined : eq(col, v)),
  like: (col: PgColumn): FilterFn => (v) =>
    typeof v === 'string' && v.trim() ? sql`${col} ILIKE ${containsPattern(v.trim())}` : undefined,
  /**
   * The column contains the text as the screen shows it: plain text as it is, text the server
   * stored as a message key (a job's name) as it reads in either language.
   */
  text: (col: PgColumn): FilterFn => (v) =>
    typeof v === 'string' && v.trim() ? sql`((${col} ILIKE ${containsPattern(v.trim())} AND ${col} NOT LIKE '[[%') OR ${storedTextLike(col, containsPattern(v.trim()))})` : undefined,
  /** Any of several columns contains the text. */
  search: (...cols: PgColumn[]): FilterFn => (v) =>
    typeof v === 'string' && v.trim()
      ? sql`(${sql.join(cols.map((c) => sql`${c} ILIKE ${containsPattern(v.trim())}`), sql` OR `)})`
      : undefined,
  gte: (col: PgColumn): FilterFn => (v) => (v === undefined || v === '' || v === null ? undefined : sql`${col} >= ${v}`),
  lte: (col: PgColumn): FilterFn => (v) => (v === undefined || v === '' || v === null ? undefined : sql`${col} <= ${v}`),
  inList: (col: PgColumn): FilterFn => (v) => (Array.isArray(v) && v.length ? inArray(col, v) : undefined),
};

export interface CrudOptions<TTable extends PgTable, TCreate extends ZodRawShape> {
  /**
   * The resource's registry record (src/shared/resources.ts): gives `base` and `permission`, and
   * `sortable` must name exactly its sortable columns.
   */
  resource?: Resource;
  /** Path under the API prefix, e.g. '/ball/fallorder' (from `resource` when given). */
  base?: string;
  table: TTable;
  id: PgColumn;
  /** Menu code: routes require `<code>#list`, `#info`, `#save`, `#update`, `#delete`, `#export` (from `resource` when given). */
  permission?: string;
  /** Body of save (strict); update takes the same fields, all optional, plus id. */
  create: ZodObject<TCreate>;
  /**
   * What one row of the list, listAll and info answers holds (a schema of src/shared/contracts):
   * the answers are serialised and checked by it, so a column it does not name never leaves.
   */
  row: ZodType;
  /** Query model fields besides paging (strict). */
  query: ZodObject<ZodRawShape>;
  /** One condition per query field: a field with no entry here (or in `queryHandled`) refuses to register. */
  where: Record<string, FilterFn>;
  /**
   * Query fields read by something other than `where` (the `scope`, the `from`), each with why. A
   * query field that neither names would be accepted and silently ignored.
   */
  queryHandled?: Record<string, string>;
  sortable: Record<string, PgColumn>;
  defaultSort: SQL[];
  /** Columns never sent to a client (secrets). */
  hidden?: string[];
  /** Extra selected fields (joined names etc.), keyed by output name. */
  extra?: Record<string, SQL.Aliased | SQL | PgColumn>;
  /**
   * Extra fields that depend on the caller, in place of the same-named `extra` ones (a count over
   * the caller's data scope only, say); an empty object keeps `extra` as it is.
   */
  extraOf?: (request: FastifyRequest) => Record<string, SQL.Aliased | SQL | PgColumn>;
  /** FROM clause with joins for the list; defaults to the table. */
  from?: (q: any) => any;
  /** Extra conditions from the caller (e.g. visitor scope). */
  scope?: (request: FastifyRequest) => SQL | undefined;
  /**
   * The project each row belongs to, for the caller's data scope (lib/data-scope.ts): `column` (of
   * the table, or an expression over `from`'s joins) limits every read; `ofBody` says which project a
   * save or update body puts the row in (default: its `projectId`), and a write outside the scope —
   * to a row or into a project — is refused with 403, changing nothing.
   */
  project?: { column: PgColumn | SQL; ofBody?: (body: Record<string, unknown>, request: FastifyRequest) => Promise<number | null | undefined> | number | null | undefined };
  /** Turn a validated save body into the row to insert (defaults, numbers, hashing). */
  beforeSave?: (data: any, request: FastifyRequest) => Promise<Record<string, unknown>> | Record<string, unknown>;
  beforeUpdate?: (data: any, request: FastifyRequest) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Runs inside no transaction after a delete (cleanup of files etc.). */
  afterDelete?: (ids: number[], request: FastifyRequest) => Promise<void>;
  /** Skip some of the standard routes. */
  without?: ('listAll' | 'save' | 'update' | 'delete' | 'export' | 'info')[];
  /** Sheet and file name for exports. */
  exportName?: string;
  /**
   * Code columns an export writes as their labels in the caller's language, as the list shows them
   * (status, category, a dictionary type, a country). Names with an English column (`name` beside
   * `nameEn`) and flags need nothing here: every export writes those in the caller's language.
   */
  exportLabels?: Record<string, ExportLabelSpec>;
}

/**
 * Base path and permission code of a route builder's options: from the registry record when one is
 * given (a base or permission written beside it must agree), and its sortable names checked against
 * the registry's, so the list a client may sort by is declared once.
 */
export function resourceNames(o: { resource?: Resource; base?: string; permission?: string; sortable?: Record<string, unknown> }): { base: string; permission: string } {
  const r = o.resource;
  const base = o.base ?? r?.api ?? undefined;
  const permission = o.permission ?? r?.code;
  if (!base || !permission) throw new Error('a route builder needs a resource, or a base and a permission');
  if (r && (base !== r.api || permission !== r.code)) throw new Error(`${base}: base or permission differ from the registry's ${r.api} ${r.code}`);
  if (r && o.sortable) {
    const own = Object.keys(o.sortable).sort().join(',');
    const declared = [...(r.sortable ?? [])].sort().join(',');
    if (own !== declared) throw new Error(`${base}: sortable columns ${own} differ from the registry's ${declared}`);
  }
  return { base, permission };
}

/** The query-model fields nothing applies: neither a `where` entry, paging or sorting, nor handled elsewhere. */
export function unreadQueryFields(query: ZodObject<ZodRawShape>, where: Record<string, unknown>, handled: Record<string, string> = {}): string[] {
  return Object.keys(query.shape).filter((k) => !Object.hasOwn(where, k) && !Object.hasOwn(pagingSchema.shape, k) && !Object.hasOwn(handled, k));
}

/**
 * A form saves the whole record back, including text the server wrote as a message key (shown
 * rendered): such a field sent back unchanged keeps its stored, bilingual form.
 */
async function keepStoredTexts(app: FastifyInstance, table: PgTable, where: SQL | undefined, changes: Record<string, unknown>, request: FastifyRequest): Promise<void> {
  const texts = Object.keys(changes).filter((k) => typeof changes[k] === 'string');
  if (!texts.length) return;
  const [old] = (await app.database.db.select().from(table).where(where).limit(1)) as Record<string, unknown>[];
  if (!old) return;
  for (const k of texts) if (isUnchangedRendering(old[k], changes[k], request.locale)) delete changes[k];
}

/**
 * The fall-project pattern of docs/domain.md §1 for one table: list, listAll, info/{id}, save, update,
 * delete (body: ids), export (xlsx or csv, streamed) — each checking its own permission.
 */
export function registerCrud<TTable extends PgTable, TCreate extends ZodRawShape>(app: FastifyInstance, options: CrudOptions<TTable, TCreate>) {
  const o = { ...options, ...resourceNames(options) };
  const skip = new Set(o.without ?? []);
  const hidden = new Set(o.hidden ?? []);
  const tableCols = getTableColumns(o.table) as Record<string, PgColumn>;
  const selection: Record<string, any> = {};
  for (const [k, c] of Object.entries(tableCols)) if (!hidden.has(k)) selection[k] = c;
  Object.assign(selection, o.extra ?? {});
  // A joined field the row contract does not name would be stripped from every answer (the job log
  // lost its job names so): every extra field must be in the contract, checked as the routes register.
  if (o.row instanceof z.ZodObject) {
    const named = Object.keys((o.row as z.ZodObject).shape);
    const unnamed = Object.keys(o.extra ?? {}).filter((k) => !named.includes(k));
    if (unnamed.length) throw new Error(`${o.base}: the row contract does not name ${unnamed.join(', ')}, which the list selects`);
  }

  // A filter the list accepts but never applies answers every row as if it had filtered them.
  const unread = unreadQueryFields(o.query, o.where, o.queryHandled);
  if (unread.length) throw new Error(`${o.base}: query field ${unread.join(', ')} has no \`where\` entry (nor a \`queryHandled\` reason), so it would be ignored`);
  // …and a condition for a field the (strict) query refuses can never apply.
  const dead = Object.keys(o.where).filter((k) => !Object.hasOwn(o.query.shape, k));
  if (dead.length) throw new Error(`${o.base}: \`where\` entry ${dead.join(', ')} names no query field, so it never applies`);

  const listSchema = o.query.extend(pagingSchema.shape).strict();
  const allSchema = o.query.strict();
  const exportSchema = o.query.extend(exportOptionsSchema.shape).extend({ sort: pagingSchema.shape.sort, order: pagingSchema.shape.order }).strict();
  const updateSchema = partialWithoutDefaults(o.create).extend({ id: idSchema() }).strict();
  const perm = (a: string) => `${o.permission}#${a}`;
  const listAnswer = listAnswerOf(o.row);
  const allAnswer = listAllAnswerOf(o.row);
  const infoAnswer = envelopeOf(o.row);

  /** The caller's own limits: the resource's `scope` and the data scope of `project`. */
  function limits(request: FastifyRequest): SQL | undefined {
    return and(o.scope?.(request), o.project ? scopeCondition(scopeOf(request), o.project.column) : undefined);
  }

  function conditions(q: Record<string, unknown>, request: FastifyRequest): SQL | undefined {
    const parts: (SQL | undefined)[] = Object.entries(o.where).map(([k, f]) => f(q[k], request));
    parts.push(limits(request));
    return and(...parts.filter(Boolean));
  }

  /** The project a write body names (undefined: it names none, an update leaving the project as it is). */
  async function projectOfBody(body: Record<string, unknown>, request: FastifyRequest): Promise<number | null | undefined> {
    if (!o.project) return undefined;
    if (o.project.ofBody) return o.project.ofBody(body, request);
    return body.projectId as number | null | undefined;
  }

  /** Refuses (403) a write to existing rows of which any lies outside the caller's data scope. */
  async function assertRowsInScope(ids: number[], request: FastifyRequest): Promise<void> {
    const scope = scopeOf(request);
    if (!o.project || scope.all || !ids.length) return;
    let q = app.database.db.select({ id: o.id }).from(o.table as PgTable);
    if (o.from) q = o.from(q);
    const outside = await q.where(and(inArray(o.id, ids), sql`NOT ${scopeCondition(scope, o.project.column)}`)).limit(1);
    if (outside.length) throw forbidden('err.outOfScope');
  }

  function ordering(q: { sort?: string; order?: 'asc' | 'desc' }): SQL[] {
    const col = ownEntry(o.sortable, q.sort);
    if (!col) return [...o.defaultSort, desc(o.id)];
    return [q.order === 'asc' ? asc(col) : desc(col), desc(o.id)];
  }

  function base(request: FastifyRequest) {
    const own = o.extraOf?.(request);
    const unknown = Object.keys(own ?? {}).filter((k) => !Object.hasOwn(o.extra ?? {}, k));
    if (unknown.length) throw new Error(`${o.base}: extraOf names ${unknown.join(', ')}, which extra does not`);
    const q = app.database.db.select(own && Object.keys(own).length ? { ...selection, ...own } : selection).from(o.table as PgTable);
    return o.from ? o.from(q) : q;
  }

  async function count(where: SQL | undefined): Promise<number> {
    let q = app.database.db.select({ n: sql<number>`count(*)::int` }).from(o.table as PgTable);
    if (o.from) q = o.from(q);
    const [row] = await q.where(where);
    return row.n;
  }

  app.post(`${o.base}/list`, { schema: { body: listSchema, response: { 200: listAnswer } }, config: { permission: perm('list') } }, async (request) => {
    const q = request.body as Record<string, unknown> & { page: number; limit: number; sort?: string; order?: 'asc' | 'desc' };
    const where = conditions(q, request);
    const [list, total] = await Promise.all([
      base(request).where(where).orderBy(...ordering(q)).limit(q.limit).offset((q.page - 1) * q.limit),
      count(where),
    ]);
    return ok(pageOf(list, total, q.page, q.limit));
  });

  if (!skip.has('listAll')) {
    app.post(`${o.base}/listAll`, { schema: { body: allSchema, response: { 200: allAnswer } }, config: { permission: perm('list') } }, async (request) => {
      const where = conditions(request.body as Record<string, unknown>, request);
      return allRows(await base(request).where(where).orderBy(...o.defaultSort, desc(o.id)).limit(LIST_ALL_QUERY_LIMIT), () => count(where));
    });
  }

  if (!skip.has('info')) {
    app.get(`${o.base}/info/:id`, { schema: { params: idParamSchema, response: { 200: infoAnswer } }, config: { permission: perm('info') } }, async (request) => {
      const { id } = request.params as { id: number };
      const [row] = await base(request).where(and(eq(o.id, id), limits(request)));
      if (!row) throw notFound();
      return ok(row);
    });
  }

  if (!skip.has('save')) {
    app.post(`${o.base}/save`, { schema: { body: o.create.strict(), response: { 200: idAnswer } }, config: { permission: perm('save') } }, async (request) => {
      assertInScope(request, await projectOfBody(request.body as Record<string, unknown>, request));
      const values = o.beforeSave ? await o.beforeSave(request.body, request) : (request.body as Record<string, unknown>);
      const [row] = await app.database.db.insert(o.table).values(values as never).returning({ id: o.id });
      return ok({ id: (row as { id: number }).id });
    });
  }

  if (!skip.has('update')) {
    app.post(`${o.base}/update`, { schema: { body: updateSchema, response: { 200: idAnswer } }, config: { permission: perm('update') } }, async (request) => {
      const { id, ...rest } = request.body as { id: number } & Record<string, unknown>;
      await assertRowsInScope([id], request);
      assertInScope(request, await projectOfBody(rest, request));
      const values = o.beforeUpdate ? await o.beforeUpdate({ id, ...rest }, request) : rest;
      const changes = Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== 'id' && v !== undefined));
      const where = and(eq(o.id, id), limits(request));
      await keepStoredTexts(app, o.table, where, changes, request);
      if ('updatedAt' in tableCols) changes.updatedAt = new Date();
      const rows = Object.keys(changes).length
        ? await app.database.db.update(o.table).set(changes as never).where(where).returning({ id: o.id })
        : await app.database.db.select({ id: o.id }).from(o.table as PgTable).where(where);
      if (!rows.length) throw notFound();
      return ok({ id });
    });
  }

  if (!skip.has('delete')) {
    app.post(`${o.base}/delete`, { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: perm('delete') } }, async (request) => {
      const ids = request.body as number[];
      await assertRowsInScope(ids, request);
      const rows = await app.database.db.delete(o.table).where(and(inArray(o.id, ids), o.scope?.(request))).returning({ id: o.id });
      if (o.afterDelete) await o.afterDelete(rows.map((r) => (r as { id: number }).id), request);
      return ok({ deleted: rows.length });
    });
  }

  if (!skip.has('export')) {
    app.post(`${o.base}/export`, { schema: { body: exportSchema, response: { 200: exportAnswer } }, config: { permission: perm('export') } }, async (request, reply) => {
      const q = request.body as Record<string, unknown> & {
        columns: { prop: string; label: string }[];
        format: 'xlsx' | 'csv';
        sort?: string;
        order?: 'asc' | 'desc';
      };
      const columns = q.columns.filter((c) => Object.hasOwn(selection, c.prop));
      const where = conditions(q, request);
      const order = ordering(q);
      return sendExport(reply, {
        name: o.exportName ?? o.permission,
        format: q.format,
        columns,
        labels: o.exportLabels ? await exportLabels(app.database, o.exportLabels) : undefined,
        batches: pagedBatches(200_000, (limit, offset) => base(request).where(where).orderBy(...order).limit(limit).offset(offset)),
      });
    });
  }
}

import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-instance';
import { and, asc, desc, getTableColumns, inArray, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z, type ZodObject, type ZodRawShape, type ZodType } from 'zod';
import { deletedAnswer, envelopeOf, exportOptionsSchema, idAnswer, idListSchema, idParamSchema, idSchema, listAllAnswerOf, pageSchemaOf, pagingSchema, partialWithoutDefaults, type ExportOptions, type Paging } from '@shared/contracts/common';
import { pageOf } from '@shared/envelope';
import { isUnchangedRendering } from '@shared/server-text';
import { forbidden, notFound } from './errors';
import { exportAnswer } from './answers';
import { storedTextLike } from './rendered-text';
import { exportLabels, pagedBatches, sendExport, type ExportLabelSpec } from './export';
import { containsPattern } from './like';
import type { Resource } from '@shared/resources';
import { LIST_ALL_MAX_ROWS } from '@shared/constants';
import { assertInScope, scopeCondition, scopeOf } from './data-scope';
import { conditionShape, ShapeCache } from './query-shapes';

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

/** The values of a query model, as its schema parsed them. */
type QueryOf<Q extends ZodRawShape> = z.output<ZodObject<Q>>;

/**
 * The rows a resource's parts share: what one row holds, where it comes from, how a query filters
 * and sorts them, and whose they are. Every part (list, read, export, the writes) reads them the same way.
 */
export interface ResourceRows<Q extends ZodRawShape> {
  table: PgTable;
  id: PgColumn;
  /**
   * What one row of the list, listAll and read answers holds (a schema of src/shared/contracts):
   * the answers are serialised and checked by it, so a column it does not name never leaves.
   */
  row: ZodType;
  /** Query model fields besides paging (strict). */
  query: ZodObject<Q>;
  /**
   * One condition per query field: a field with no entry here (or in `queryHandled`) refuses to
   * register. Or one function of the whole query, when its fields only mean something together
   * (an order's statistics drill-down).
   */
  where: Record<string, FilterFn> | ((q: QueryOf<Q>, request: FastifyRequest) => SQL | undefined | Promise<SQL | undefined>);
  /**
   * Query fields read by something other than `where` (the `scope`, the `from`), each with why. A
   * query field that neither names would be accepted and silently ignored.
   */
  queryHandled?: Record<string, string>;
  /**
   * The registry's sortable names, each a column (then the id, descending, breaks ties) or the
   * whole key in the asked direction (columns an index holds in that order).
   */
  sortable: Record<string, PgColumn | readonly PgColumn[]>;
  /** The order without (or with an unknown) `sort`; the id, descending, follows. */
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
  /** FROM clause with joins; defaults to the table. */
  from?: (q: any) => any;
  /** Extra conditions from the caller (e.g. visitor scope). */
  scope?: (request: FastifyRequest) => SQL | undefined;
  /**
   * The project each row belongs to, for the caller's data scope (lib/data-scope.ts): `column` (of
   * the table, or an expression over `from`'s joins) limits every read; `ofBody` says which project a
   * create or update body puts the row in (default: its `projectId`), and a write outside the scope —
   * to a row or into a project — is refused with 403, changing nothing.
   */
  project?: { column: PgColumn | SQL; ofBody?: (body: Record<string, unknown>, request: FastifyRequest) => Promise<number | null | undefined> | number | null | undefined };
}

/** `POST <api>/list`: one page of the rows, sorted and filtered (permission `#list`). */
export interface ListPart<Q extends ZodRawShape> {
  /**
   * The page's total when counting every match would be slow (a million orders): `exact: false`
   * says it is an estimate, and the answer carries `totalExact`.
   */
  count?: (q: QueryOf<Q>, request: FastifyRequest) => Promise<{ total: number; exact: boolean }>;
}

/** `GET <api>/info/:id`: one row (permission `#info`); a row outside the caller's scope is not found. */
export interface ReadPart {
  /** What the answer adds to the row (an order's reports), with the answer's schema. */
  detail?: { answer: ZodType; of: (id: number, request: FastifyRequest) => Promise<Record<string, unknown>> };
  /** Also `GET <api>/info?id=` (the original system's form). */
  idInQuery?: boolean;
}

/** `POST <api>/export`: the filtered rows as xlsx or csv, streamed (permission `#export`). */
export interface ExportPart {
  /** Sheet and file name (default: the permission code). */
  name?: string;
  /**
   * Code columns an export writes as their labels in the caller's language, as the list shows them
   * (status, category, a dictionary type, a country). Names with an English column (`name` beside
   * `nameEn`) and flags need nothing here: every export writes those in the caller's language.
   */
  labels?: Record<string, ExportLabelSpec>;
  /** At most this many rows (default 200,000). */
  maxRows?: number;
}

/** `POST <api>/save` (permission `#save`): the body checked by `body`, in the caller's data scope. */
export interface CreatePart<C extends ZodRawShape> {
  /** The save body (strict); `update` takes the same fields, all optional, plus the id. */
  body: ZodObject<C>;
  /** The validated body turned into the row to insert (defaults, numbers, checks). */
  prepare?: (body: z.output<ZodObject<C>>, request: FastifyRequest) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * A write of its own instead of the insert (a transaction that also moves other rows), answering
   * `answer` (default: the new id).
   */
  write?: (body: z.output<ZodObject<C>>, request: FastifyRequest) => Promise<unknown>;
  answer?: ZodType;
}

/** The body of an update: the id and any of the fields. */
export type UpdateBody<C extends ZodRawShape = ZodRawShape> = Partial<z.output<ZodObject<C>>> & { id: number };

/** `POST <api>/update` (permission `#update`): the row must be in the caller's scope, and so its new project. */
export interface UpdatePart<U extends ZodRawShape> {
  /** The fields an update may change (default: the create body's): all optional, without their defaults, beside the id. */
  fields?: ZodObject<U>;
  /** The whole update body, id included, where the contract declares one (instead of `fields`). */
  body?: ZodObject<U>;
  /** The validated body turned into the changes (checks against the stored row). */
  prepare?: (body: UpdateBody<U>, request: FastifyRequest) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** A write of its own instead of the update (a transaction that also moves other rows). */
  write?: (body: UpdateBody<U>, request: FastifyRequest) => Promise<void>;
}

/** `POST <api>/delete` with the ids (permission `#delete`): only rows in the caller's scope. */
export interface RemovePart {
  /** Runs after the delete, in no transaction (cleanup of files etc.). */
  after?: (ids: number[], request: FastifyRequest) => Promise<void>;
  /** A delete of its own (a transaction that also releases files and recounts), answering how many went. */
  write?: (ids: number[], request: FastifyRequest) => Promise<number>;
}

/**
 * The routes of one resource, each part opted into: `rows` is what they share, and a part left out
 * is not registered. `true` takes a part as it is; an object gives its options.
 */
export interface ResourceParts<Q extends ZodRawShape, C extends ZodRawShape, U extends ZodRawShape = C> {
  rows: ResourceRows<Q>;
  list?: true | ListPart<Q>;
  /** `POST <api>/listAll`: every match up to LIST_ALL_MAX_ROWS, for pickers (permission `#list`). */
  listAll?: true;
  read?: true | ReadPart;
  export?: true | ExportPart;
  create?: CreatePart<C>;
  update?: true | UpdatePart<U>;
  remove?: true | RemovePart;
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
async function keepStoredTexts(app: AppInstance, table: PgTable, where: SQL | undefined, changes: Record<string, unknown>, request: FastifyRequest): Promise<void> {
  const texts = Object.keys(changes).filter((k) => typeof changes[k] === 'string');
  if (!texts.length) return;
  const [old] = (await app.database.db.select().from(table).where(where).limit(1)) as Record<string, unknown>[];
  if (!old) return;
  for (const k of texts) if (isUnchangedRendering(old[k], changes[k], request.locale)) delete changes[k];
}

const ofPart = <T extends object>(part: true | T | undefined): T | undefined => (part === true ? ({} as T) : part);

/**
 * The routes of one resource (the pattern of docs/domain.md §1): list, listAll, info/{id}, export,
 * save, update and delete (body: ids) — each registered only when its part is given, and each
 * checking its own permission `<code>#<action>` from the registry record. Typed on AppInstance, so
 * every handler's request parts are what its schema declares.
 */
export function resourceRoutes<Q extends ZodRawShape, C extends ZodRawShape = ZodRawShape, U extends ZodRawShape = C>(app: AppInstance, resource: Resource, parts: ResourceParts<Q, C, U>): void {
  // The hooks were typed by the caller's shapes above; inside, one plain shape serves every resource.
  registerParts(app, resource, parts as unknown as ResourceParts<ZodRawShape, ZodRawShape>);
}

/**
 * A body schema with its output spelled out: zod computes the output of a literal shape, not of
 * the shape a caller passes in, so the builder states what its request bodies parse to.
 */
const parsesTo = <T>(schema: ZodType): ZodType<T> => schema as ZodType<T>;
type QueryValues = Record<string, unknown>;

/** The builder with the shapes erased: zod cannot compute a generic shape's output, a plain one it can. */
function registerParts(app: AppInstance, resource: Resource, parts: ResourceParts<ZodRawShape, ZodRawShape>): void {
  type Q = ZodRawShape;
  const rows = parts.rows;
  const { base, permission } = resourceNames({ resource, sortable: rows.sortable });
  const hidden = new Set(rows.hidden ?? []);
  const tableCols = getTableColumns(rows.table) as Record<string, PgColumn>;
  const selection: Record<string, PgColumn | SQL | SQL.Aliased> = {};
  for (const [k, c] of Object.entries(tableCols)) if (!hidden.has(k)) selection[k] = c;
  Object.assign(selection, rows.extra ?? {});
  // A joined field the row contract does not name would be stripped from every answer (the job log
  // lost its job names so): every extra field must be in the contract, checked as the routes register.
  if (rows.row instanceof z.ZodObject) {
    const named = Object.keys((rows.row as z.ZodObject).shape);
    const unnamed = Object.keys(rows.extra ?? {}).filter((k) => !named.includes(k));
    if (unnamed.length) throw new Error(`${base}: the row contract does not name ${unnamed.join(', ')}, which the list selects`);
  }

  const where = rows.where;
  if (typeof where !== 'function') {
    // A filter the list accepts but never applies answers every row as if it had filtered them.
    const unread = unreadQueryFields(rows.query, where, rows.queryHandled);
    if (unread.length) throw new Error(`${base}: query field ${unread.join(', ')} has no \`where\` entry (nor a \`queryHandled\` reason), so it would be ignored`);
    // …and a condition for a field the (strict) query refuses can never apply.
    const dead = Object.keys(where).filter((k) => !Object.hasOwn(rows.query.shape, k));
    if (dead.length) throw new Error(`${base}: \`where\` entry ${dead.join(', ')} names no query field, so it never applies`);
  }

  const perm = (a: string) => `${permission}#${a}`;

  /** The caller's own limits: the resource's `scope` and the data scope of `project`. */
  function limits(request: FastifyRequest): SQL | undefined {
    return and(rows.scope?.(request), rows.project ? scopeCondition(scopeOf(request), rows.project.column) : undefined);
  }

  /** The query's conditions and the caller's limits; `q` holds the query model's fields (paging taken off). */
  async function conditions(q: QueryOf<Q>, request: FastifyRequest): Promise<SQL | undefined> {
    const own = typeof where === 'function' ? [await where(q, request)] : Object.entries(where).map(([k, f]) => f((q as Record<string, unknown>)[k], request));
    return and(...[...own, limits(request)].filter(Boolean));
  }

  /** The project a write body names (undefined: it names none, an update leaving the project as it is). */
  async function projectOfBody(body: Record<string, unknown>, request: FastifyRequest): Promise<number | null | undefined> {
    if (!rows.project) return undefined;
    if (rows.project.ofBody) return rows.project.ofBody(body, request);
    return body.projectId as number | null | undefined;
  }

  /** Refuses (403) a write to existing rows of which any lies outside the caller's data scope. */
  async function assertRowsInScope(ids: number[], request: FastifyRequest): Promise<void> {
    const scope = scopeOf(request);
    if (!rows.project || scope.all || !ids.length) return;
    let q = app.database.db.select({ id: rows.id }).from(rows.table);
    if (rows.from) q = rows.from(q);
    const outside = await q.where(and(inArray(rows.id, ids), sql`NOT ${scopeCondition(scope, rows.project.column)}`)).limit(1);
    if (outside.length) throw forbidden('err.outOfScope');
  }

  function ordering(sort?: string, order?: 'asc' | 'desc'): SQL[] {
    const key = ownEntry(rows.sortable, sort);
    if (!key) return [...rows.defaultSort, desc(rows.id)];
    const dir = order === 'asc' ? asc : desc;
    return Array.isArray(key) ? key.map((c: PgColumn) => dir(c)) : [dir(key as PgColumn), desc(rows.id)];
  }

  /** The caller's own extra fields (extraOf), or null when it has none. */
  function ownExtra(request: FastifyRequest) {
    const own = rows.extraOf?.(request);
    const unknown = Object.keys(own ?? {}).filter((k) => !Object.hasOwn(rows.extra ?? {}, k));
    if (unknown.length) throw new Error(`${base}: extraOf names ${unknown.join(', ')}, which extra does not`);
    return own && Object.keys(own).length ? own : null;
  }

  function select(request: FastifyRequest, own = ownExtra(request)) {
    const q = app.database.db.select(own ? { ...selection, ...own } : selection).from(rows.table);
    return rows.from ? rows.from(q) : q;
  }

  function countQuery(condition: SQL | undefined) {
    let q = app.database.db.select({ n: sql<number>`count(*)::int` }).from(rows.table);
    if (rows.from) q = rows.from(q);
    return q.where(condition);
  }

  async function count(condition: SQL | undefined): Promise<number> {
    const [row] = await countQuery(condition);
    return row.n;
  }

  // The list's page and count, built once per shape of their condition and sort (lib/query-shapes.ts).
  const pageQueries = new ShapeCache<{ execute(values: Record<string, unknown>): Promise<unknown[]> }>();
  const countQueries = new ShapeCache<{ execute(values: Record<string, unknown>): Promise<{ n: number }[]> }>();
  let prepared = 0;

  function pageRows(request: FastifyRequest, condition: SQL | undefined, sort: string | undefined, order: 'asc' | 'desc' | undefined, limit: number, offset: number): Promise<unknown[]> {
    const own = ownExtra(request);
    // Fields of the caller's own (extraOf) may carry values of their own: built as they come.
    const shape = own ? null : conditionShape(condition);
    if (!shape) return select(request, own).where(condition).orderBy(...ordering(sort, order)).limit(limit).offset(offset);
    const key = ownEntry(rows.sortable, sort) ? `${sort} ${order === 'asc' ? 'asc' : 'desc'}` : '';
    const query = pageQueries.get(`${key}|${shape.text}`, () =>
      select(request, null)
        .where(shape.template())
        .orderBy(...ordering(sort, order))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`${permission}-page-${++prepared}`),
    );
    return query.execute({ ...shape.values, limit, offset });
  }

  async function listCount(condition: SQL | undefined): Promise<number> {
    const shape = conditionShape(condition);
    if (!shape) return count(condition);
    const query = countQueries.get(shape.text, () => countQuery(shape.template()).prepare(`${permission}-count-${++prepared}`));
    const [row] = await query.execute(shape.values);
    return row.n;
  }

  const list = ofPart(parts.list);
  if (list) {
    const body = parsesTo<QueryValues & Paging>(rows.query.extend(pagingSchema.shape).strict());
    const page = list.count ? pageSchemaOf(rows.row).extend({ totalExact: z.boolean() }) : pageSchemaOf(rows.row);
    app.post(`${base}/list`, { schema: { body, response: { 200: envelopeOf(page) } }, config: { permission: perm('list') } }, async (request) => {
      const { page: pageNo, limit, sort, order, ...q } = request.body;
      const condition = await conditions(q, request);
      const [found, total] = await Promise.all([
        pageRows(request, condition, sort, order, limit, (pageNo - 1) * limit),
        list.count ? list.count(q, request) : listCount(condition).then((n) => ({ total: n, exact: true })),
      ]);
      const answer = pageOf(found as unknown[], total.total, pageNo, limit);
      return ok(list.count ? { ...answer, totalExact: total.exact } : answer);
    });
  }

  if (parts.listAll) {
    app.post(`${base}/listAll`, { schema: { body: rows.query.strict(), response: { 200: listAllAnswerOf(rows.row) } }, config: { permission: perm('list') } }, async (request) => {
      const condition = await conditions(request.body, request);
      return allRows(await select(request).where(condition).orderBy(...rows.defaultSort, desc(rows.id)).limit(LIST_ALL_QUERY_LIMIT), () => count(condition));
    });
  }

  const read = ofPart(parts.read);
  if (read) {
    const answer = envelopeOf(read.detail?.answer ?? rows.row);
    const one = async (id: number, request: FastifyRequest) => {
      const [row] = await select(request).where(and(eq(rows.id, id), limits(request)));
      if (!row) throw notFound();
      return ok(read.detail ? { ...row, ...(await read.detail.of(id, request)) } : row);
    };
    app.get(`${base}/info/:id`, { schema: { params: idParamSchema, response: { 200: answer } }, config: { permission: perm('info') } }, async (request) => one(request.params.id, request));
    if (read.idInQuery) {
      app.get(`${base}/info`, { schema: { querystring: idParamSchema.strict(), response: { 200: answer } }, config: { permission: perm('info') } }, async (request) => one(request.query.id, request));
    }
  }

  const exported = ofPart(parts.export);
  if (exported) {
    const body = parsesTo<QueryValues & ExportOptions & Pick<Paging, 'sort' | 'order'>>(
      rows.query.extend(exportOptionsSchema.shape).extend({ sort: pagingSchema.shape.sort, order: pagingSchema.shape.order }).strict(),
    );
    app.post(`${base}/export`, { schema: { body, response: { 200: exportAnswer } }, config: { permission: perm('export') } }, async (request, reply) => {
      const { columns, format, sort, order, ...q } = request.body;
      const condition = await conditions(q, request);
      const sorted = ordering(sort, order);
      return sendExport(reply, {
        name: exported.name ?? permission,
        format,
        columns: columns.filter((c) => Object.hasOwn(selection, c.prop)),
        labels: exported.labels ? await exportLabels(app.database, exported.labels) : undefined,
        batches: pagedBatches(exported.maxRows ?? 200_000, (limit, offset) => select(request).where(condition).orderBy(...sorted).limit(limit).offset(offset)),
      });
    });
  }

  const create = parts.create;
  if (create) {
    if (create.write && create.prepare) throw new Error(`${base}: create takes either prepare (then the insert) or write, not both`);
    const body = parsesTo<QueryValues>(create.body.strict());
    app.post(`${base}/save`, { schema: { body, response: { 200: envelopeOf(create.answer ?? idAnswer.shape.data) } }, config: { permission: perm('save') } }, async (request) => {
      const values = request.body;
      assertInScope(request, await projectOfBody(values, request));
      if (create.write) return ok(await create.write(request.body, request));
      const [row] = await app.database.db.insert(rows.table).values((create.prepare ? await create.prepare(request.body, request) : values) as never).returning({ id: rows.id });
      return ok({ id: (row as { id: number }).id });
    });
  }

  const update = ofPart(parts.update);
  if (update) {
    if (update.write && update.prepare) throw new Error(`${base}: update takes either prepare (then the update) or write, not both`);
    if (update.body && update.fields) throw new Error(`${base}: update takes either its body or its fields, not both`);
    const fields = update.fields ?? create?.body;
    const declared = update.body ?? (fields ? partialWithoutDefaults(fields).extend({ id: idSchema() }) : undefined);
    if (!declared) throw new Error(`${base}: update needs its body or fields, or a create part to take them from`);
    const body = parsesTo<UpdateBody>(declared.strict());
    app.post(`${base}/update`, { schema: { body, response: { 200: idAnswer } }, config: { permission: perm('update') } }, async (request) => {
      const { id, ...rest } = request.body;
      await assertRowsInScope([id], request);
      assertInScope(request, await projectOfBody(rest, request));
      if (update.write) {
        await update.write(request.body, request);
        return ok({ id });
      }
      const values = update.prepare ? await update.prepare(request.body, request) : rest;
      const changes = Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== 'id' && v !== undefined));
      const condition = and(eq(rows.id, id), limits(request));
      await keepStoredTexts(app, rows.table, condition, changes, request);
      if ('updatedAt' in tableCols) changes.updatedAt = new Date();
      const updated = Object.keys(changes).length
        ? await app.database.db.update(rows.table).set(changes as never).where(condition).returning({ id: rows.id })
        : await app.database.db.select({ id: rows.id }).from(rows.table).where(condition);
      if (!updated.length) throw notFound();
      return ok({ id });
    });
  }

  const remove = ofPart(parts.remove);
  if (remove) {
    if (remove.write && remove.after) throw new Error(`${base}: remove takes either after (then the delete) or write, not both`);
    app.post(`${base}/delete`, { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: perm('delete') } }, async (request) => {
      const ids = request.body;
      await assertRowsInScope(ids, request);
      if (remove.write) return ok({ deleted: await remove.write(ids, request) });
      const gone = await app.database.db.delete(rows.table).where(and(inArray(rows.id, ids), rows.scope?.(request))).returning({ id: rows.id });
      if (remove.after) await remove.after(gone.map((r) => (r as { id: number }).id), request);
      return ok({ deleted: gone.length });
    });
  }
}

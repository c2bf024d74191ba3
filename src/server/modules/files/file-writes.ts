import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-instance';
import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ZodType } from 'zod';
import type { FileOwnerType } from '@shared/contracts/file';
import { deletedAnswer, idAnswer, idListSchema } from '@shared/contracts/common';
import type { Db } from '../../db/client';
import { ok, resourceNames } from '../../lib/crud';
import type { Resource } from '@shared/resources';
import { notFound } from '../../lib/errors';
import { attachFiles, releaseFiles, replaceFiles } from './files.service';
import { assertInScope, assertRowsInScope, type ProjectOfRows } from '../../lib/data-scope';

export interface FileWritesOptions {
  /** The resource's registry record: gives `base` and `permission` (src/shared/resources.ts). */
  resource?: Resource;
  /** Path under the API prefix, e.g. '/ball/falldevice'. */
  base?: string;
  table: PgTable;
  id: PgColumn;
  /** Menu code: save, update and delete require `<code>#save|update|delete`. */
  permission?: string;
  ownerType: FileOwnerType;
  /**
   * Columns holding files: one oss_file id each, or with `many` a list of ids (jsonb, e.g. a
   * training's attachments).
   */
  fileFields: { field: string; imageOnly?: boolean; many?: boolean }[];
  /** The save body: its output is the row's values (its type reaches the handler through the route schema). */
  save: ZodType<Record<string, unknown>>;
  /** The update body: the row's id and the fields that change. */
  update: ZodType<{ id: number } & Record<string, unknown>>;
  /**
   * Checks and fills in values inside the transaction (foreign records exist, derived columns);
   * `current` is the stored row on update. Throw ApiError for bad input.
   */
  prepare?: (tx: Db, values: Record<string, unknown>, current: Record<string, unknown> | null, request: FastifyRequest) => Promise<void>;
  /** The record registers its own delete (archived rather than deleted when it has history). */
  ownDelete?: boolean;
  /**
   * Where the rows' project is (their `projectId`): a write to a row, or into a project, outside the
   * caller's data scope is refused (403) before anything changes.
   */
  project?: ProjectOfRows;
}

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** The file ids a field's value holds: one id (or null) for a single-file column, the list for `many`. */
function idsOf(f: { many?: boolean }, value: unknown): (number | null)[] {
  if (f.many) return (value as number[] | null | undefined) ?? [];
  return [value as number | null];
}

/**
 * save / update / delete of a record with file fields (single files and lists of attachments), each
 * in one transaction: the row and its
 * files' ownership commit together, so a save that fails on any check leaves every upload unowned
 * (and the cleanup removes it), and a replaced file is released only if the update commits.
 */
export function registerFileWrites(app: AppInstance, options: FileWritesOptions): void {
  const o = { ...options, ...resourceNames(options) };
  const cols = getTableColumns(o.table) as Record<string, PgColumn>;
  const userOf = (request: FastifyRequest) => request.auth?.userId ?? null;

  app.post(`${o.base}/save`, { schema: { body: o.save, response: { 200: idAnswer } }, config: { permission: `${o.permission}#save` } }, async (request) => {
    const values = defined(request.body);
    if (o.project) assertInScope(request, values.projectId as number | null | undefined);
    const id = await app.database.db.transaction(async (tx) => {
      await o.prepare?.(tx, values, null, request);
      const [row] = await tx.insert(o.table).values(values as never).returning({ id: o.id });
      const newId = (row as { id: number }).id;
      for (const f of o.fileFields) {
        await attachFiles(tx, o.ownerType, newId, idsOf(f, values[f.field]), { field: f.field, imageOnly: f.imageOnly, userId: userOf(request) });
      }
      return newId;
    });
    return ok({ id });
  });

  app.post(`${o.base}/update`, { schema: { body: o.update, response: { 200: idAnswer } }, config: { permission: `${o.permission}#update` } }, async (request) => {
    const { id, ...rest } = request.body;
    const values = defined(rest);
    if (o.project) {
      await assertRowsInScope(app.database, request, o.project, [id]);
      assertInScope(request, values.projectId as number | null | undefined);
    }
    await app.database.db.transaction(async (tx) => {
      const [current] = await tx.select().from(o.table as PgTable).where(eq(o.id, id)).for('update');
      if (!current) throw notFound();
      await o.prepare?.(tx, values, current as Record<string, unknown>, request);
      if ('updatedAt' in cols) values.updatedAt = new Date();
      if (Object.keys(values).length) await tx.update(o.table).set(values as never).where(eq(o.id, id));
      for (const f of o.fileFields) {
        if (values[f.field] === undefined) continue;
        const previous = (current as Record<string, unknown>)[f.field];
        await replaceFiles(tx, o.ownerType, id, idsOf(f, previous), idsOf(f, values[f.field]), {
          field: f.field,
          imageOnly: f.imageOnly,
          userId: userOf(request),
        });
      }
    });
    return ok({ id });
  });

  if (o.ownDelete) return;
  app.post(`${o.base}/delete`, { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: `${o.permission}#delete` } }, async (request) => {
    const ids = request.body;
    if (o.project) await assertRowsInScope(app.database, request, o.project, ids);
    const deleted = await app.database.db.transaction(async (tx) => {
      const rows = (await tx.delete(o.table).where(inArray(o.id, ids)).returning({ id: o.id })) as { id: number }[];
      await releaseFiles(tx, o.ownerType, rows.map((r) => r.id));
      return rows.length;
    });
    return ok({ deleted });
  });
}

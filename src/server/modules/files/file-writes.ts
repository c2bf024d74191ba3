import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-instance';
import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FileOwnerType } from '@shared/contracts/file';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { attachFiles, releaseFiles, replaceFiles } from './files.service';

export interface FileWritesOptions {
  table: PgTable;
  id: PgColumn;
  ownerType: FileOwnerType;
  /**
   * Columns holding files: one oss_file id each, or with `many` a list of ids (jsonb, e.g. a
   * training's attachments).
   */
  fileFields: { field: string; imageOnly?: boolean; many?: boolean }[];
  /**
   * Checks and fills in values inside the transaction (foreign records exist, derived columns);
   * `current` is the stored row on update. Throw ApiError for bad input.
   */
  prepare?: (tx: Db, values: Record<string, unknown>, current: Record<string, unknown> | null, request: FastifyRequest) => Promise<void>;
}

/**
 * The writes of a resource whose rows hold file ids, for the route builder's parts
 * (`create: { body, write: files.create }`, `update: { body, write: files.update }`,
 * `remove: { write: files.remove }`). The builder checks permission and data scope first.
 */
export interface FileWrites {
  create: (body: Record<string, unknown>, request: FastifyRequest) => Promise<{ id: number }>;
  update: (body: { id: number } & Record<string, unknown>, request: FastifyRequest) => Promise<void>;
  remove: (ids: number[], request: FastifyRequest) => Promise<number>;
}

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** The file ids a field's value holds: one id (or null) for a single-file column, the list for `many`. */
function idsOf(f: { many?: boolean }, value: unknown): (number | null)[] {
  if (f.many) return (value as number[] | null | undefined) ?? [];
  return [value as number | null];
}

/**
 * save / update / delete of a record with file fields (single files and lists of attachments), each
 * in one transaction: the row and its files' ownership commit together, so a save that fails on any
 * check leaves every upload unowned (and the cleanup removes it), and a replaced file is released
 * only if the update commits.
 */
export function fileWrites(app: AppInstance, o: FileWritesOptions): FileWrites {
  const cols = getTableColumns(o.table) as Record<string, PgColumn>;
  const userOf = (request: FastifyRequest) => request.auth?.userId ?? null;

  return {
    async create(body, request) {
      const values = defined(body);
      const id = await app.database.db.transaction(async (tx) => {
        await o.prepare?.(tx, values, null, request);
        const [row] = await tx.insert(o.table).values(values as never).returning({ id: o.id });
        const newId = (row as { id: number }).id;
        for (const f of o.fileFields) {
          await attachFiles(tx, o.ownerType, newId, idsOf(f, values[f.field]), { field: f.field, imageOnly: f.imageOnly, userId: userOf(request) });
        }
        return newId;
      });
      return { id };
    },

    async update(body, request) {
      const { id, ...rest } = body;
      const values = defined(rest);
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
    },

    async remove(ids) {
      return app.database.db.transaction(async (tx) => {
        const rows = (await tx.delete(o.table).where(inArray(o.id, ids)).returning({ id: o.id })) as { id: number }[];
        await releaseFiles(tx, o.ownerType, rows.map((r) => r.id));
        return rows.length;
      });
    },
  };
}

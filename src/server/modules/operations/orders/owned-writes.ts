import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ZodObject, ZodRawShape } from 'zod';
import { idListSchema } from '@shared/contracts/common';
import type { FileOwnerType } from '@shared/contracts/file';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { ok } from '../../../lib/crud';
import { attachFiles, releaseFiles, replaceFiles } from '../../files/files.service';

export interface OwnedListWritesOptions {
  base: string;
  table: PgTable;
  id: PgColumn;
  permission: string;
  ownerType: FileOwnerType;
  save: ZodObject<ZodRawShape>;
  update: ZodObject<ZodRawShape>;
  /** The column holding a list of oss_file ids (jsonb). */
  filesField: string;
  /** Checks references inside the transaction; receives the row as it will be. */
  check?: (tx: Db, row: Record<string, unknown>) => Promise<void>;
}

/**
 * save / update / delete for a record with a LIST of files (attachments). files/file-writes.ts does
 * the same for single-file columns; both use the file service, so a refused save leaves every
 * upload unowned and a replaced attachment is released only when the update commits.
 */
export function registerOwnedListWrites(app: FastifyInstance, o: OwnedListWritesOptions): void {
  const db = app.database.db;
  const perm = (a: string) => `${o.permission}#${a}`;
  const filesOf = (row: Record<string, unknown>) => (row[o.filesField] as number[] | undefined) ?? [];

  app.post(`${o.base}/save`, { schema: { body: o.save }, config: { permission: perm('save') } }, async (request) => {
    const body = request.body as Record<string, unknown>;
    const id = await db.transaction(async (tx) => {
      await o.check?.(tx, body);
      const [row] = (await tx.insert(o.table).values(body as never).returning({ id: o.id })) as { id: number }[];
      await attachFiles(tx, o.ownerType, row.id, filesOf(body), { field: o.filesField, userId: request.auth?.userId ?? null });
      return row.id;
    });
    return ok({ id });
  });

  app.post(`${o.base}/update`, { schema: { body: o.update }, config: { permission: perm('update') } }, async (request) => {
    const { id, ...changes } = request.body as { id: number } & Record<string, unknown>;
    await db.transaction(async (tx) => {
      const [current] = (await tx.select().from(o.table).where(eq(o.id, id)).for('update')) as Record<string, unknown>[];
      if (!current) throw notFound();
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      await o.check?.(tx, { ...current, ...set });
      if (Object.keys(set).length) await tx.update(o.table).set(set as never).where(eq(o.id, id));
      if (set[o.filesField] !== undefined) {
        await replaceFiles(tx, o.ownerType, id, filesOf(current), filesOf(set), { field: o.filesField, userId: request.auth?.userId ?? null });
      }
    });
    return ok({ id });
  });

  app.post(`${o.base}/delete`, { schema: { body: idListSchema }, config: { permission: perm('delete') } }, async (request) => {
    const ids = request.body as number[];
    const deleted = await db.transaction(async (tx) => {
      const rows = (await tx.delete(o.table).where(inArray(o.id, ids)).returning({ id: o.id })) as { id: number }[];
      await releaseFiles(tx, o.ownerType, rows.map((r) => r.id));
      return rows.length;
    });
    return ok({ deleted });
  });
}

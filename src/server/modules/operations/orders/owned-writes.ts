import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ZodObject, ZodRawShape } from 'zod';
import { idListSchema } from '@shared/contracts/common';
import type { FileOwnerType } from '@shared/contracts/file';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { ok } from '../../../lib/crud';
import { attachFiles, releaseFiles } from './owned-files';

export interface OwnedWritesOptions {
  base: string;
  table: PgTable;
  id: PgColumn;
  permission: string;
  ownerType: FileOwnerType;
  save: ZodObject<ZodRawShape>;
  update: ZodObject<ZodRawShape>;
  /** The file fields of a stored row, as id lists per field name. */
  files: (row: Record<string, unknown>) => Record<string, number[]>;
  /** Checks references (same project etc.) inside the transaction; receives the row as it will be. */
  check?: (tx: Db, row: Record<string, unknown>) => Promise<void>;
}

/**
 * save / update / delete for a record that owns files: the row and its files' ownership change in
 * one transaction, so a refused save leaves no file attached to nothing.
 */
export function registerOwnedWrites(app: FastifyInstance, o: OwnedWritesOptions): void {
  const db = app.database.db;
  const perm = (a: string) => `${o.permission}#${a}`;

  app.post(`${o.base}/save`, { schema: { body: o.save }, config: { permission: perm('save') } }, async (request) => {
    const body = request.body as Record<string, unknown>;
    const id = await db.transaction(async (tx) => {
      await o.check?.(tx, body);
      const [row] = (await tx.insert(o.table).values(body as never).returning({ id: o.id })) as { id: number }[];
      await attachFiles(tx, o.ownerType, row.id, o.files(body));
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
      const next = { ...current, ...set };
      await o.check?.(tx, next);
      if (Object.keys(set).length) await tx.update(o.table).set(set as never).where(eq(o.id, id));
      await attachFiles(tx, o.ownerType, id, o.files(next));
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

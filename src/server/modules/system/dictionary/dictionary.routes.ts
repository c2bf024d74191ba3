import type { AppInstance } from '../../../app-instance';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  dictTypeQuerySchema,
  dictTypeSchema,
  dictTypeUpdateSchema,
  dictionaryItemSchema,
  dictionaryLoadSchema,
  dictionaryQuerySchema,
  type DictionaryEntry,
  dictionaryItemRowSchema,
  dictionaryEntrySchema,
  dictTypeRowSchema,
} from '@shared/contracts/dictionary';
import { deletedAnswer, envelopeOf, idAnswer, idListSchema, listAllAnswerOf } from '@shared/contracts/common';
import { sysDictType, sysDictionary } from '../../../db/schema';
import { allRows, filters, LIST_ALL_QUERY_LIMIT, ok, resourceRoutes } from '../../../lib/crud';
import { badRequest, notFound } from '../../../lib/errors';
import { RESOURCES } from '@shared/resources';
import { registerSortRoute } from '../../../lib/sort-order';

const BASE = '/sys/sysdictionary';

/** System dictionary (spec §7): items by type, their types, and the loader every screen calls. */
export async function dictionaryRoutes(app: AppInstance): Promise<void> {
  async function assertType(type: string | undefined) {
    if (type === undefined) return;
    const [row] = await app.database.db.select({ id: sysDictType.id }).from(sysDictType).where(eq(sysDictType.type, type));
    if (!row) throw badRequest('v.dictType', { type: 'v.dictType' });
  }

  resourceRoutes(app, RESOURCES.dictionary, {
    rows: {
      table: sysDictionary,
      row: dictionaryItemRowSchema,
      id: sysDictionary.id,
      query: dictionaryQuerySchema,
      where: {
        type: filters.eq(sysDictionary.type),
        label: filters.search(sysDictionary.label, sysDictionary.labelEn, sysDictionary.value),
        status: filters.eq(sysDictionary.status),
      },
      sortable: { type: sysDictionary.type, value: sysDictionary.value, sort: sysDictionary.sort, label: sysDictionary.label },
      defaultSort: [asc(sysDictionary.type), asc(sysDictionary.sort)],
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'dictionary' },
    create: {
      body: dictionaryItemSchema,
      prepare: async (data) => {
        await assertType(data.type);
        return data;
      },
    },
    update: {
      prepare: async (data) => {
        await assertType(data.type);
        return data;
      },
    },
    remove: true,
  });

  // Every signed-in screen (and the wall) loads dictionaries: any session may read them.
  app.post(`${BASE}/dictionary`, { schema: { response: { 200: envelopeOf(z.array(dictionaryEntrySchema)) }, body: dictionaryLoadSchema }, config: { permission: 'session' } }, async (request) => {
    const { type } = request.body;
    const rows: DictionaryEntry[] = await app.database.db
      .select({ label: sysDictionary.label, labelEn: sysDictionary.labelEn, value: sysDictionary.value, color: sysDictionary.color, sort: sysDictionary.sort })
      .from(sysDictionary)
      .where(and(eq(sysDictionary.type, type), eq(sysDictionary.status, 1)))
      .orderBy(asc(sysDictionary.sort), asc(sysDictionary.id));
    return ok(rows);
  });

  const typeSelection = {
    id: sysDictType.id,
    type: sysDictType.type,
    name: sysDictType.name,
    nameEn: sysDictType.nameEn,
    remark: sysDictType.remark,
    items: sql<number>`(SELECT count(*)::int FROM sys_dictionary d WHERE d.type = sys_dict_type.type)`,
  };

  // Drag-sort of one type's entries: the order dictionary loaders and selects show them in.
  registerSortRoute(app, { url: `${BASE}/sort`, permission: 'sys-dictionary#update', table: sysDictionary, id: sysDictionary.id, sort: sysDictionary.sort, sortKey: 'sort', group: sysDictionary.type });

  app.post(`${BASE}/type/listAll`, { schema: { response: { 200: listAllAnswerOf(dictTypeRowSchema) }, body: dictTypeQuerySchema }, config: { permission: 'sys-dictionary#list' } }, async (request) => {
    const { keyword } = request.body;
    const where = filters.search(sysDictType.type, sysDictType.name, sysDictType.nameEn)(keyword);
    const rows = await app.database.db.select(typeSelection).from(sysDictType).where(where).orderBy(asc(sysDictType.type)).limit(LIST_ALL_QUERY_LIMIT);
    return allRows(rows, async () => (await app.database.db.select({ n: sql<number>`count(*)::int` }).from(sysDictType).where(where))[0].n);
  });

  app.post(`${BASE}/type/save`, { schema: { body: dictTypeSchema, response: { 200: idAnswer } }, config: { permission: 'sys-dictionary#save' } }, async (request) => {
    const [row] = await app.database.db.insert(sysDictType).values(request.body).returning({ id: sysDictType.id });
    return ok({ id: row.id });
  });

  // Renaming a type carries its items along, in one transaction.
  app.post(`${BASE}/type/update`, { schema: { body: dictTypeUpdateSchema, response: { 200: idAnswer } }, config: { permission: 'sys-dictionary#update' } }, async (request) => {
    const { id, ...changes } = request.body;
    await app.database.db.transaction(async (tx) => {
      const [old] = await tx.select({ type: sysDictType.type }).from(sysDictType).where(eq(sysDictType.id, id));
      if (!old) throw notFound();
      if (Object.keys(changes).length) await tx.update(sysDictType).set(changes).where(eq(sysDictType.id, id));
      if (changes.type && changes.type !== old.type) {
        await tx.update(sysDictionary).set({ type: changes.type }).where(eq(sysDictionary.type, old.type));
      }
    });
    return ok({ id });
  });

  // Deleting a type deletes its items with it.
  app.post(`${BASE}/type/delete`, { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: 'sys-dictionary#delete' } }, async (request) => {
    const ids = request.body;
    const deleted = await app.database.db.transaction(async (tx) => {
      const rows = await tx.delete(sysDictType).where(inArray(sysDictType.id, ids)).returning({ type: sysDictType.type });
      if (rows.length) await tx.delete(sysDictionary).where(inArray(sysDictionary.type, rows.map((r) => r.type)));
      return rows.length;
    });
    return ok({ deleted });
  });
}

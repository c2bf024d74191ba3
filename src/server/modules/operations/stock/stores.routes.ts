import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { storeQuerySchema, storeRowSchema, storeSaveSchema, storeUpdateSchema } from '@shared/contracts/stock';
import { RESOURCES } from '@shared/resources';
import type { AppInstance } from '../../../app-instance';
import { fallProject, fallStock, fallStockMove, fallStore } from '../../../db/schema';
import { filters, resourceRoutes } from '../../../lib/crud';
import { assertProjectLive } from '../../../lib/archive';
import { badRequest, notFound } from '../../../lib/errors';

/**
 * fall/store (fall-store, /ball/fallstore): a project's parts stores. A store with moves is archived
 * by its delete (its moves are history), one without is deleted; an archived store takes no moves.
 * A store does not change project once it holds stock (its parts belong to the project's units).
 */
export async function storeRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;
  resourceRoutes(app, RESOURCES.store, {
    rows: {
      table: fallStore,
      row: storeRowSchema,
      id: fallStore.id,
      query: storeQuerySchema,
      where: {
        keyword: filters.search(fallStore.name, fallStore.nameEn, fallStore.remark),
        projectId: filters.eq(fallStore.projectId),
      },
      sortable: { name: fallStore.name, projectName: fallProject.name, createdAt: fallStore.createdAt },
      defaultSort: [asc(fallStore.projectId), asc(fallStore.name), asc(fallStore.id)],
      extra: {
        projectName: sql<string>`${fallProject.name}`.as('project_name'),
        projectNameEn: sql<string>`${fallProject.nameEn}`.as('project_name_en'),
        parts: sql<number>`(SELECT count(*)::int FROM ${fallStock} WHERE ${fallStock.storeId} = ${fallStore.id} AND ${fallStock.quantity} > 0)`.as('parts'),
        quantity: sql<number>`(SELECT coalesce(sum(${fallStock.quantity}), 0)::int FROM ${fallStock} WHERE ${fallStock.storeId} = ${fallStore.id})`.as('quantity'),
      },
      from: (q) => q.innerJoin(fallProject, eq(fallProject.id, fallStore.projectId)),
      scope: () => isNull(fallStore.archivedAt),
      project: { column: fallStore.projectId },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'parts-stores' },
    create: {
      body: storeSaveSchema,
      write: async (body) => {
        const [row] = await db.transaction(async (tx) => {
          await assertProjectLive(tx, body.projectId);
          return tx.insert(fallStore).values({ projectId: body.projectId, name: body.name, nameEn: body.nameEn ?? '', remark: body.remark ?? '' }).returning({ id: fallStore.id });
        });
        return { id: row.id };
      },
    },
    update: {
      body: storeUpdateSchema,
      write: async ({ id, ...changes }) => {
        await db.transaction(async (tx) => {
          const [stored] = await tx.select().from(fallStore).where(and(eq(fallStore.id, id), isNull(fallStore.archivedAt))).for('update');
          if (!stored) throw notFound();
          if (changes.projectId !== undefined && changes.projectId !== stored.projectId) {
            await assertProjectLive(tx, changes.projectId);
            const [moved] = await tx.select({ id: fallStockMove.id }).from(fallStockMove).where(eq(fallStockMove.storeId, id)).limit(1);
            if (moved) throw badRequest('v.storeProject', { projectId: 'v.storeProject' });
          }
          const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
          if (Object.keys(set).length) await tx.update(fallStore).set(set).where(eq(fallStore.id, id));
        });
      },
    },
    remove: {
      write: (ids) =>
        db.transaction(async (tx) => {
          const used = await tx.selectDistinct({ storeId: fallStockMove.storeId }).from(fallStockMove).where(inArray(fallStockMove.storeId, ids));
          const kept = used.map((u) => u.storeId);
          const archived = kept.length ? await tx.update(fallStore).set({ archivedAt: new Date() }).where(and(inArray(fallStore.id, kept), isNull(fallStore.archivedAt))).returning({ id: fallStore.id }) : [];
          const gone = ids.filter((id) => !kept.includes(id));
          const deleted = gone.length ? await tx.delete(fallStore).where(inArray(fallStore.id, gone)).returning({ id: fallStore.id }) : [];
          return archived.length + deleted.length;
        }),
    },
  });
}

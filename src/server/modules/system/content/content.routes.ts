import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../../app-instance';
import { and, asc, desc, eq, isNull, lte, gte, or } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeOf } from '@shared/contracts/common';
import { contentQuerySchema, contentSchema, contentRowSchema, currentContentSchema } from '@shared/contracts/content';
import { sysContent } from '../../../db/schema';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { badRequest, notFound } from '../../../lib/errors';
import { RESOURCES } from '@shared/resources';

const BASE = '/sys/content';
/** How many notices the back-office banner and the wall ticker show at most. */
const CURRENT_LIMIT = 20;

type Window = { fromAt?: Date | null; toAt?: Date | null };

/** sys/content: notices, and the ones in force now for the back-office and the wall. */
export async function contentRoutes(app: AppInstance): Promise<void> {
  function checkWindow(w: Window) {
    if (w.fromAt && w.toAt && w.toAt.getTime() < w.fromAt.getTime()) throw badRequest('v.dateOrder', { toAt: 'v.dateOrder' });
  }

  resourceRoutes(app, RESOURCES.content, {
    rows: {
      table: sysContent,
      row: contentRowSchema,
      id: sysContent.id,
      query: contentQuerySchema,
      where: { title: filters.search(sysContent.title, sysContent.titleEn), type: filters.eq(sysContent.type), published: filters.eq(sysContent.published) },
      sortable: { title: sysContent.title, fromAt: sysContent.fromAt, createdAt: sysContent.createdAt, updatedAt: sysContent.updatedAt },
      defaultSort: [desc(sysContent.createdAt)],
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'content' },
    create: {
      body: contentSchema,
      prepare: (data: Window, request: FastifyRequest) => {
        checkWindow(data);
        return { ...data, createdBy: request.auth?.userId ?? null };
      },
    },
    update: {
      // A partial update is checked against the window it leaves behind.
      prepare: async (data: Window & { id: number }) => {
        const [old] = await app.database.db.select({ fromAt: sysContent.fromAt, toAt: sysContent.toAt }).from(sysContent).where(eq(sysContent.id, data.id));
        if (!old) throw notFound();
        checkWindow({ fromAt: data.fromAt === undefined ? old.fromAt : data.fromAt, toAt: data.toAt === undefined ? old.toAt : data.toAt });
        return data;
      },
    },
    remove: true,
  });

  // The back-office banner and the wall both show these: any session may read them.
  app.get(`${BASE}/current`, { schema: { response: { 200: envelopeOf(z.array(currentContentSchema)) } }, config: { permission: 'session', etag: true } }, async () => {
    const now = new Date();
    const rows = await app.database.db
      .select({ id: sysContent.id, title: sysContent.title, titleEn: sysContent.titleEn, body: sysContent.body, bodyEn: sysContent.bodyEn, type: sysContent.type, fromAt: sysContent.fromAt, toAt: sysContent.toAt, updatedAt: sysContent.updatedAt })
      .from(sysContent)
      .where(
        and(
          eq(sysContent.published, true),
          or(isNull(sysContent.fromAt), lte(sysContent.fromAt, now)),
          or(isNull(sysContent.toAt), gte(sysContent.toAt, now)),
        ),
      )
      .orderBy(desc(sysContent.fromAt), asc(sysContent.id))
      .limit(CURRENT_LIMIT);
    return ok(rows);
  });
}

import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../../app-instance';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { introListQuerySchema, introSaveSchema, introUpdateSchema, introRowSchema } from '@shared/contracts/project';
import { deletedAnswer, envelopeOf, idAnswer, idListSchema, idTextSchema } from '@shared/contracts/common';
import { fallProject, fallProjectIntro } from '../../../db/schema';
import { ok } from '../../../lib/crud';
import { badRequest, notFound } from '../../../lib/errors';
import { releaseFiles, replaceFiles } from '../../files';
import { fileIdsInHtml } from '@shared/rich-text';
import { sanitizeHtml } from './sanitize-html';
import { assertInScope, assertRowsInScope } from '../../../lib/data-scope';

const INTROS = { from: 'fall_project_intro x', project: 'x.project_id' };

/**
 * Pictures of an introduction are files of kind fall_project_intro that its content shows: its save
 * attaches them (the saver's own uploads, images only), so they are read with the project's rights.
 */
const pictureOptions = (request: FastifyRequest) => ({ field: 'content', imageOnly: true, userId: request.auth?.userId ?? null });

/**
 * Project introductions in Chinese and English (type, title, rich content). Reading needs the
 * project's info permission; writing is part of editing the project (fall-project#update).
 */
export async function introRoutes(app: AppInstance): Promise<void> {
  const base = '/ball/fallproject/intro';

  app.get(`${base}/list`, { schema: { response: { 200: envelopeOf(z.array(introRowSchema)) }, querystring: introListQuerySchema }, config: { permission: 'fall-project#info' } }, async (request) => {
    const q = request.query;
    assertInScope(request, q.projectId);
    const rows = await app.database.db
      .select()
      .from(fallProjectIntro)
      .where(and(eq(fallProjectIntro.projectId, q.projectId), q.language ? eq(fallProjectIntro.language, q.language) : undefined))
      .orderBy(asc(fallProjectIntro.language), asc(fallProjectIntro.sort), asc(fallProjectIntro.id));
    return ok(rows);
  });

  app.get(`${base}/info/:id`, { schema: { response: { 200: envelopeOf(introRowSchema) }, params: z.object({ id: idTextSchema() }) }, config: { permission: 'fall-project#info' } }, async (request) => {
    await assertRowsInScope(app.database, request, INTROS, [request.params.id]);
    const [row] = await app.database.db.select().from(fallProjectIntro).where(eq(fallProjectIntro.id, request.params.id));
    if (!row) throw notFound();
    return ok(row);
  });

  app.post(`${base}/save`, { schema: { body: introSaveSchema, response: { 200: idAnswer } }, config: { permission: 'fall-project#update' } }, async (request) => {
    const body = request.body;
    assertInScope(request, body.projectId);
    const [project] = await app.database.db.select({ id: fallProject.id }).from(fallProject).where(eq(fallProject.id, body.projectId));
    if (!project) throw badRequest('v.option', { projectId: 'v.option' });
    const content = sanitizeHtml(body.content);
    const id = await app.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(fallProjectIntro)
        .values({ ...body, content, sort: body.sort ?? 0 })
        .returning({ id: fallProjectIntro.id });
      await replaceFiles(tx, 'fall_project_intro', row.id, [], fileIdsInHtml(content), pictureOptions(request));
      return row.id;
    });
    return ok({ id });
  });

  app.post(`${base}/update`, { schema: { body: introUpdateSchema, response: { 200: idAnswer } }, config: { permission: 'fall-project#update' } }, async (request) => {
    const { id, ...body } = request.body;
    await assertRowsInScope(app.database, request, INTROS, [id]);
    const values = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    if (typeof values.content === 'string') values.content = sanitizeHtml(values.content);
    await app.database.db.transaction(async (tx) => {
      const [before] = await tx.select({ content: fallProjectIntro.content }).from(fallProjectIntro).where(eq(fallProjectIntro.id, id));
      if (!before) throw notFound();
      if (Object.keys(values).length) await tx.update(fallProjectIntro).set(values).where(eq(fallProjectIntro.id, id));
      // The pictures follow the content: new ones are attached, dropped ones released (the cleanup job removes them).
      if (typeof values.content === 'string') {
        await replaceFiles(tx, 'fall_project_intro', id, fileIdsInHtml(before.content), fileIdsInHtml(values.content), pictureOptions(request));
      }
    });
    return ok({ id });
  });

  app.post(`${base}/delete`, { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: 'fall-project#update' } }, async (request) => {
    const ids = request.body;
    await assertRowsInScope(app.database, request, INTROS, ids);
    const deleted = await app.database.db.transaction(async (tx) => {
      const rows = await tx.delete(fallProjectIntro).where(inArray(fallProjectIntro.id, ids)).returning({ id: fallProjectIntro.id });
      await releaseFiles(tx, 'fall_project_intro', rows.map((r) => r.id));
      return rows.length;
    });
    return ok({ deleted });
  });
}

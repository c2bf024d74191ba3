import type { AppInstance } from '../../../app-instance';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { drawingQuerySchema, drawingSaveSchema, drawingUpdateSchema, drawingRowSchema, drawingViewSchema } from '@shared/contracts/drawing';
import { fallDraw, fallProject } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { fileWrites } from '../../files';
import { idTextSchema, envelopeOf } from '@shared/contracts/common';
import { RESOURCES } from '@shared/resources';
import { assertInScope } from '../../../lib/data-scope';

const BASE = '/ball/falldraw';

/** fall/draw: drawings (picture + PDF/CAD file) of a project, in their viewing order. */
export async function drawingRoutes(app: AppInstance): Promise<void> {
  const files = fileWrites(app, {
    table: fallDraw,
    id: fallDraw.id,
    ownerType: 'fall_draw',
    fileFields: [{ field: 'picture', imageOnly: true }, { field: 'file' }],
    prepare: async (tx, values) => {
      if (values.projectId === undefined) return;
      const [p] = await tx.select({ id: fallProject.id }).from(fallProject).where(eq(fallProject.id, values.projectId as number));
      if (!p) throw badRequest('v.invalid', { projectId: 'v.invalid' });
    },
  });
  resourceRoutes(app, RESOURCES.drawing, {
    rows: {
      table: fallDraw,
      row: drawingRowSchema,
      id: fallDraw.id,
      query: drawingQuerySchema,
      where: { name: filters.search(fallDraw.name, fallDraw.nameEn), projectId: filters.eq(fallDraw.projectId) },
      sortable: { name: fallDraw.name, sort: fallDraw.sort, createdAt: fallDraw.createdAt },
      defaultSort: [asc(fallDraw.projectId), asc(fallDraw.sort)],
      extra: { projectName: fallProject.name, projectNameEn: fallProject.nameEn },
      from: (q) => q.leftJoin(fallProject, eq(fallProject.id, fallDraw.projectId)),
      project: { column: fallDraw.projectId },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'fall-draw' },
    create: { body: drawingSaveSchema, write: files.create },
    update: { body: drawingUpdateSchema, write: files.update },
    remove: { write: files.remove },
  });

  // The drawing viewer (/page/model/{id}/{i}) shows drawing i of a project in this order.
  app.get(
    `${BASE}/byProject/:projectId`,
    { schema: { response: { 200: envelopeOf(z.array(drawingViewSchema)) }, params: z.object({ projectId: idTextSchema() }) }, config: { permission: ['fall-draw#list', 'ship-scene#view'] } },
    async (request) => {
      const { projectId } = request.params;
      assertInScope(request, projectId);
      const rows = await app.database.db
        .select({ id: fallDraw.id, name: fallDraw.name, nameEn: fallDraw.nameEn, description: fallDraw.description, descriptionEn: fallDraw.descriptionEn, picture: fallDraw.picture, file: fallDraw.file, sort: fallDraw.sort })
        .from(fallDraw)
        .where(eq(fallDraw.projectId, projectId))
        .orderBy(asc(fallDraw.sort), asc(fallDraw.id));
      return ok(rows);
    },
  );
}

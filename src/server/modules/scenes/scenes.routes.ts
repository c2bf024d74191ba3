import type { AppInstance } from '../../app-instance';
import { and, desc, eq } from 'drizzle-orm';
import { envelopeOf, idAnswer, idParamSchema } from '@shared/contracts/common';
import { sceneDefaultQuerySchema, sceneQuerySchema, sceneSaveSchema, sceneUpdateSchema, sceneSchema, sceneViewSchema } from '@shared/contracts/scene';
import { fallProject, shipScene } from '../../db/schema';
import { filters, ok, resourceRoutes } from '../../lib/crud';
import { notFound } from '../../lib/errors';
import { checkLayoutCards, clearOtherDefaults, defaultSceneView, loadSceneView } from './scenes.repository';
import { RESOURCES } from '@shared/resources';
import { assertInScope, assertRowsInScope } from '../../lib/data-scope';

/** A scene of a project belongs to it; a global scene (no project) to everyone. */
const SCENES = { from: 'ship_scene x', project: 'x.project_id' };

const PERMISSION = 'ship-scene';
/** Walls read scenes with the wall permission; the back-office with its list/info buttons. */
const READ = [`${PERMISSION}#view`, `${PERMISSION}#list`, `${PERMISSION}#info`];

/** ship/scene-list: saved arrangements of cards on the wall canvas, global or per project. */
export async function sceneRoutes(app: AppInstance): Promise<void> {
  resourceRoutes(app, RESOURCES.scene, {
    rows: {
      table: shipScene,
      row: sceneSchema,
      id: shipScene.id,
      query: sceneQuerySchema,
      where: { name: filters.search(shipScene.name, shipScene.nameEn), projectId: filters.eq(shipScene.projectId), isPublic: filters.eq(shipScene.isPublic) },
      sortable: { name: shipScene.name, updatedAt: shipScene.updatedAt, isDefault: shipScene.isDefault },
      defaultSort: [desc(shipScene.isDefault), desc(shipScene.updatedAt)],
      extra: { projectName: fallProject.name, projectNameEn: fallProject.nameEn },
      from: (q) => q.leftJoin(fallProject, eq(fallProject.id, shipScene.projectId)),
      project: { column: shipScene.projectId },
    },
    list: true,
    listAll: true,
    export: { name: 'scenes' },
    remove: true,
  });

  app.get('/ship/scene/default', { schema: { response: { 200: envelopeOf(sceneViewSchema.nullable()) }, querystring: sceneDefaultQuerySchema }, config: { permission: READ } }, async (request) => {
    const { projectId } = request.query;
    assertInScope(request, projectId);
    return ok(await defaultSceneView(app.database.db, projectId));
  });

  app.get('/ship/scene/info/:id', { schema: { response: { 200: envelopeOf(sceneViewSchema) }, params: idParamSchema }, config: { permission: READ } }, async (request) => {
    const { id } = request.params;
    await assertRowsInScope(app.database, request, SCENES, [id]);
    const scene = await loadSceneView(app.database.db, eq(shipScene.id, id));
    if (!scene) throw notFound();
    return ok(scene);
  });

  app.post('/ship/scene/save', { schema: { body: sceneSaveSchema, response: { 200: idAnswer } }, config: { permission: `${PERMISSION}#save` } }, async (request) => {
    const body = request.body;
    assertInScope(request, body.projectId);
    return app.database.db.transaction(async (tx) => {
      await checkLayoutCards(tx, body.layout);
      if (body.isDefault) await clearOtherDefaults(tx, body.projectId);
      const [row] = await tx.insert(shipScene).values(body).returning({ id: shipScene.id });
      return ok({ id: row.id });
    });
  });

  app.post('/ship/scene/update', { schema: { body: sceneUpdateSchema, response: { 200: idAnswer } }, config: { permission: `${PERMISSION}#update` } }, async (request) => {
    const { id, ...body } = request.body;
    await assertRowsInScope(app.database, request, SCENES, [id]);
    assertInScope(request, body.projectId);
    return app.database.db.transaction(async (tx) => {
      const [current] = await tx.select().from(shipScene).where(eq(shipScene.id, id)).for('update');
      if (!current) throw notFound();
      if (body.layout) await checkLayoutCards(tx, body.layout);
      const projectId = body.projectId === undefined ? current.projectId : body.projectId;
      const isDefault = body.isDefault ?? current.isDefault;
      if (isDefault) await clearOtherDefaults(tx, projectId, id);
      const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      await tx.update(shipScene).set({ ...changes, updatedAt: new Date() }).where(and(eq(shipScene.id, id)));
      return ok({ id });
    });
  });
}

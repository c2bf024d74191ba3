import type { AppInstance } from '../../app-instance';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeOf, idAnswer, idParamSchema } from '@shared/contracts/common';
import { displayTokenIssueSchema, displayTokenRevokeSchema, type DisplayToken, type DisplayTokenIssued, displayTokenIssuedSchema, projectWallSchema, wallSessionSchema, displayTokenSchema } from '@shared/contracts/wall';
import { shipScene, sysSession } from '../../db/schema';
import { ok } from '../../lib/crud';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { newToken } from '../../lib/password';
import { VISITOR_PERMISSION, type AuthContext } from '../../plugins/auth';
import { projectWall } from './wall.repository';
import { inScope } from '../../lib/data-scope';
import { channelTrendSchema, wallTrendQuerySchema } from '@shared/contracts/detect';
import { channelTrend } from '../operations/detect';

/** Who may look at a project's wall: users and display tokens with wall or project rights, and visitors of that project. */
export const WALL_READ = ['fall-project#info', 'ship-scene#view', VISITOR_PERMISSION];
const TOKEN_PERMISSION = 'ship-scene#token';

/** A visitor session opens exactly one project; a user or display, the projects of its data scope. */
export function assertProjectScope(auth: AuthContext | null, projectId: number): void {
  if (auth?.kind === 'visitor' && auth.projectId !== projectId) throw forbidden();
  if (auth && !inScope(auth.scope, projectId)) throw forbidden('err.outOfScope');
}

export async function wallRoutes(app: AppInstance): Promise<void> {
  app.get('/wall/project/:id', { schema: { response: { 200: envelopeOf(projectWallSchema) }, params: idParamSchema }, config: { permission: WALL_READ } }, async (request) => {
    const { id } = request.params;
    assertProjectScope(request.auth, id);
    const wall = await projectWall(app, id);
    if (!wall) throw notFound();
    return ok(wall);
  });

  /**
   * A channel's trend on a project wall (a click on a channel tile): the wall's readers, in their
   * scope (a visitor: their one project), for a live board of that project only.
   */
  app.get(
    '/wall/project/:id/trend',
    { schema: { response: { 200: envelopeOf(channelTrendSchema) }, params: idParamSchema, querystring: wallTrendQuerySchema }, config: { permission: WALL_READ } },
    async (request) => {
      const { id } = request.params;
      const { board, ch, range = '24h' } = request.query;
      assertProjectScope(request.auth, id);
      const [row] = await app.database.query<{ id: number }>(
        `SELECT id FROM fall_detect WHERE id = $1 AND project_id = $2 AND archived_at IS NULL`,
        [board, id],
      );
      if (!row) throw notFound();
      const trend = await channelTrend(app, board, ch, range);
      if (!trend) throw notFound();
      return ok(trend);
    },
  );

  /** What the wall is signed in as: kiosks and visitors have no user, but need their scope and scene. */
  app.get('/wall/session', { schema: { response: { 200: envelopeOf(wallSessionSchema) } }, config: { permission: WALL_READ } }, async (request) => {
    const auth = request.auth!;
    const [row] = await app.database.db
      .select({ label: sysSession.label, sceneId: sysSession.sceneId })
      .from(sysSession)
      .where(eq(sysSession.id, auth.sessionId));
    return ok({ kind: auth.kind, projectId: auth.projectId, sceneId: row?.sceneId ?? null, label: auth.kind === 'user' ? auth.username : (row?.label ?? ''), perms: auth.perms });
  });

  app.post(
    '/wall/display-token',
    { schema: { body: displayTokenIssueSchema, response: { 200: envelopeOf(displayTokenIssuedSchema) } }, config: { permission: TOKEN_PERMISSION, log: { module: 'wall', action: 'display-token' } } },
    async (request) => {
      const body = request.body;
      const sceneId = body.sceneId ?? null;
      if (sceneId !== null) {
        const [scene] = await app.database.db.select({ id: shipScene.id }).from(shipScene).where(eq(shipScene.id, sceneId));
        if (!scene) throw badRequest('scene.missing', { sceneId: 'scene.missing' });
      }
      const { token, hash } = newToken();
      // A display never logs out: no expiry, revoked by deleting the session.
      const [row] = await app.database.db
        .insert(sysSession)
        .values({ tokenHash: hash, kind: 'display', userId: null, label: body.label, sceneId, expiresAt: null })
        .returning({ id: sysSession.id });
      const query = new URLSearchParams({ kiosk: '1', token, ...(sceneId ? { scene: String(sceneId) } : {}) });
      const issued: DisplayTokenIssued = { id: row.id, token, label: body.label, path: `/#/page?${query.toString()}` };
      return ok(issued);
    },
  );

  app.get('/wall/display-token/list', { schema: { response: { 200: envelopeOf(z.array(displayTokenSchema)) } }, config: { permission: TOKEN_PERMISSION } }, async () => {
    const rows = await app.database.db
      .select({ id: sysSession.id, label: sysSession.label, sceneId: sysSession.sceneId, issuedAt: sysSession.loginAt, lastActiveAt: sysSession.lastActiveAt, ip: sysSession.ip })
      .from(sysSession)
      .where(eq(sysSession.kind, 'display'))
      .orderBy(desc(sysSession.loginAt), desc(sysSession.id));
    const list: DisplayToken[] = rows.map((r) => ({ ...r, issuedAt: r.issuedAt.toISOString(), lastActiveAt: r.lastActiveAt.toISOString() }));
    return ok(list);
  });

  app.post(
    '/wall/display-token/revoke',
    { schema: { body: displayTokenRevokeSchema, response: { 200: idAnswer } }, config: { permission: TOKEN_PERMISSION, log: { module: 'wall', action: 'revoke-display-token' } } },
    async (request) => {
      const { id } = request.body;
      const rows = await app.database.db
        .delete(sysSession)
        .where(and(eq(sysSession.id, id), eq(sysSession.kind, 'display')))
        .returning({ id: sysSession.id });
      if (!rows.length) throw notFound();
      return ok({ id });
    },
  );
}

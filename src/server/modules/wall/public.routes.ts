import type { AppInstance } from '../../app-instance';
import { z } from 'zod';
import { idParamSchema, idTextSchema, envelopeOf } from '@shared/contracts/common';
import { login2ResultSchema, login2Schema, type Login2Result, publicProjectSchema } from '@shared/contracts/public';
import { sysSession } from '../../db/schema';
import { ok } from '../../lib/crud';
import { downloadAnswer } from '../../lib/answers';
import { CODE, LOGIN2_PER_ADDRESS_PER_MINUTE, LOGIN2_PER_PROJECT_PER_MINUTE } from '@shared/constants';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { countHit, peekHits } from '../../lib/limits';
import { newToken } from '../../lib/password';
import { projectPasswordLookup } from '../../lib/server-key';
import { storageOfFile } from '../files';
import { visitorSessionLabel } from '../operations/projects';
import { publicFile, publicProjectView } from './wall.repository';

/** Password guessing is slow on purpose: a few tries a minute per address, counted in the database. */
const LOGIN2_RATE = { max: LOGIN2_PER_ADDRESS_PER_MINUTE, timeWindow: 60_000 };
const fileParams = z.object({ id: idTextSchema(), fileId: idTextSchema() });

/** Public projects (docs/domain.md §6): the view without login and the project password (login2). */
export async function publicRoutes(app: AppInstance): Promise<void> {
  app.get('/public/project/:id', { schema: { response: { 200: envelopeOf(publicProjectSchema) }, params: idParamSchema }, config: { permission: 'public' } }, async (request) => {
    const { id } = request.params;
    const view = await publicProjectView(app, id, request.locale);
    // A project that is not public looks exactly like one that does not exist.
    if (!view) throw notFound();
    return ok(view);
  });

  app.get('/public/project/:id/file/:fileId', { schema: { params: fileParams, response: { 200: downloadAnswer } }, config: { permission: 'public' } }, async (request, reply) => {
    const { id, fileId } = request.params;
    const file = await publicFile(app, id, fileId);
    if (!file) throw notFound();
    let stream;
    try {
      stream = await (await storageOfFile(app, file)).get(file.storageKey);
    } catch {
      throw notFound();
    }
    reply.header('cache-control', 'public, max-age=3600').type(file.contentType);
    return reply.send(stream);
  });

  app.post(
    '/ball/public/login2',
    { schema: { body: login2Schema, response: { 200: envelopeOf(login2ResultSchema) } }, config: { permission: 'public', log: false, rateLimit: LOGIN2_RATE } },
    async (request) => {
      const { projectId, password } = request.body;
      // Wrong tries counted per project (from all addresses) and per project and address. Once a
      // project has had its wrong tries for the minute, an address that guessed wrong there waits;
      // an address that has not is still checked, so strangers spraying a project cannot lock its
      // real visitors out (30 tries from 3 addresses did), and each new address buys one guess.
      // Counted for any id, so an unknown project answers like a real one.
      const projectKey = `login2:project:${projectId}`;
      const pairKey = `login2:project:${projectId}:${request.ip}`;
      const [projectFails, pairFails] = await Promise.all([peekHits(app.database, projectKey), peekHits(app.database, pairKey)]);
      if (pairFails > 0 && projectFails >= LOGIN2_PER_PROJECT_PER_MINUTE) throw new ApiError(CODE.tooMany, 'err.tooMany');
      // One keyed hash and one index lookup, whatever the project and the guess: the same small work
      // (and answer) for an unknown project, a project that is not public and a wrong password.
      const lookup = await projectPasswordLookup(app.database, projectId, password);
      const rows = await app.database.query<{ id: number }>(
        `SELECT pw.id FROM fall_project_password pw JOIN fall_project p ON p.id = pw.project_id
          WHERE pw.project_id = $1 AND pw.lookup_hash = $2 AND p.is_public AND p.archived_at IS NULL
            AND pw.revoked_at IS NULL AND (pw.expires_at IS NULL OR pw.expires_at > now())
          ORDER BY pw.id DESC LIMIT 1`,
        [projectId, lookup],
      );
      const matched = rows[0]?.id ?? null;
      // One answer for an unknown project, a wrong, an expired or a revoked password: nothing to probe.
      if (matched === null) {
        await Promise.all([countHit(app.database, projectKey, 60_000), countHit(app.database, pairKey, 60_000)]);
        throw badRequest('wall.password', { password: 'wall.password' });
      }
      const hours = await app.settings.get('wall.visitorHours');
      const { token, hash } = newToken();
      await app.database.db.insert(sysSession).values({
        tokenHash: hash,
        kind: 'visitor',
        userId: null,
        projectId,
        // Revoking the password ends the sessions it opened (see passwords.routes.ts).
        label: visitorSessionLabel(matched),
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
        expiresAt: new Date(Date.now() + hours * 3600_000),
      });
      const result: Login2Result = { token, expire: hours * 3600, projectId };
      return ok(result);
    },
  );
}

import type { AppInstance } from '../../../app-instance';
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { envelopeOf, idAnswer } from '@shared/contracts/common';
import { z } from 'zod';
import {
  ACCESS_PASSWORD_LENGTH,
  passwordIssueSchema,
  issuedPasswordSchema,
  passwordListQuerySchema,
  passwordRevokeSchema,
  type PasswordRow,
  passwordRowSchema,
} from '@shared/contracts/project';
import { fallProject, fallProjectPassword } from '../../../db/schema';
import { ok } from '../../../lib/crud';
import { badRequest, notFound } from '../../../lib/errors';
import { hashPassword } from '../../../lib/password';
import { visitorSessionLabel } from './passwords.service';
import { projectPasswordLookup } from '../../../lib/server-key';
import { assertInScope, assertRowsInScope } from '../../../lib/data-scope';

/** No 0/O, 1/l/I: the password is read out over the phone and typed on a kiosk. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

export function newAccessPassword(length = ACCESS_PASSWORD_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/**
 * Access passwords of a public project (docs/domain.md §6): issued with a label and an optional
 * expiry, shown in clear once, stored as a salted hash, listed without the hash, revocable.
 */
export async function passwordRoutes(app: AppInstance): Promise<void> {
  const base = '/ball/fallproject/password';
  const permission = 'fall-project#password';

  app.post(`${base}/issue`, { schema: { body: passwordIssueSchema, response: { 200: envelopeOf(issuedPasswordSchema) } }, config: { permission } }, async (request) => {
    const body = request.body;
    assertInScope(request, body.projectId);
    if (body.expiresAt && body.expiresAt.getTime() <= Date.now()) throw badRequest('v.futureTime', { expiresAt: 'v.futureTime' });
    const [project] = await app.database.db.select({ isPublic: fallProject.isPublic }).from(fallProject).where(eq(fallProject.id, body.projectId));
    if (!project) throw badRequest('v.option', { projectId: 'v.option' });
    if (!project.isPublic) throw badRequest('err.projectNotPublic', { projectId: 'err.projectNotPublic' });
    const password = newAccessPassword();
    const [row] = await app.database.db
      .insert(fallProjectPassword)
      .values({
        projectId: body.projectId,
        label: body.label,
        passwordHash: await hashPassword(password),
        lookupHash: await projectPasswordLookup(app.database, body.projectId, password),
        expiresAt: body.expiresAt ?? null,
        createdBy: request.auth?.userId ?? null,
      })
      .returning({ id: fallProjectPassword.id, expiresAt: fallProjectPassword.expiresAt });
    return ok({ id: row.id, label: body.label, password, expiresAt: row.expiresAt });
  });

  app.get(`${base}/list`, { schema: { response: { 200: envelopeOf(z.array(passwordRowSchema)) }, querystring: passwordListQuerySchema }, config: { permission } }, async (request) => {
    const { projectId } = request.query;
    assertInScope(request, projectId);
    const rows = await app.database.db
      .select({
        id: fallProjectPassword.id,
        projectId: fallProjectPassword.projectId,
        label: fallProjectPassword.label,
        createdAt: fallProjectPassword.createdAt,
        createdBy: fallProjectPassword.createdBy,
        expiresAt: fallProjectPassword.expiresAt,
        revokedAt: fallProjectPassword.revokedAt,
        lookupHash: fallProjectPassword.lookupHash,
      })
      .from(fallProjectPassword)
      .where(eq(fallProjectPassword.projectId, projectId))
      .orderBy(desc(fallProjectPassword.createdAt), desc(fallProjectPassword.id));
    const now = Date.now();
    return ok(
      rows.map(({ lookupHash, ...r }) => ({
        ...r,
        state: r.revokedAt ? 'revoked' : r.expiresAt && r.expiresAt.getTime() <= now ? 'expired' : lookupHash ? 'active' : 'legacy',
      })) as unknown as PasswordRow[],
    );
  });

  app.post(`${base}/revoke`, { schema: { body: passwordRevokeSchema, response: { 200: idAnswer } }, config: { permission } }, async (request) => {
    const { id } = request.body;
    await assertRowsInScope(app.database, request, { from: 'fall_project_password x', project: 'x.project_id' }, [id]);
    await app.database.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: fallProjectPassword.id }).from(fallProjectPassword).where(eq(fallProjectPassword.id, id));
      if (!existing) throw notFound();
      await tx
        .update(fallProjectPassword)
        .set({ revokedAt: new Date() })
        .where(and(eq(fallProjectPassword.id, id), isNull(fallProjectPassword.revokedAt)));
      await tx.execute(
        // Visitors already let in with this password are let out at once.
        sql`DELETE FROM sys_session WHERE kind = 'visitor' AND label = ${visitorSessionLabel(id)}`,
      );
    });
    return ok({ id });
  });
}

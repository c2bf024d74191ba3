import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';

/**
 * For reads every kind of session needs (dictionaries, current notices): a back-office user, a
 * wall display or a project visitor. The route declares 'public' so the auth plugin resolves the
 * session without demanding a user; this refuses callers without any session (401).
 */
export function requireAnySession(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

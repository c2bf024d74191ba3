import type { FastifyRequest } from 'fastify';
import { envelopeOf } from '@shared/contracts/common';
import { reliabilityEpisodesQuerySchema, reliabilityEpisodesSchema, reliabilityQuerySchema, reliabilitySchema } from '@shared/contracts/reliability';
import { RESOURCES } from '@shared/resources';
import type { AppInstance } from '../../app-instance';
import { ok } from '../../lib/crud';
import { notFound } from '../../lib/errors';
import { assertInScope, scopeOf } from '../../lib/data-scope';
import { ReliabilityRepository } from './reliability.repository';

const BASE = RESOURCES.statistics.api;
const CODE = RESOURCES.statistics.code;

const scoped = (request: FastifyRequest, projectId?: number) => {
  assertInScope(request, projectId);
  return scopeOf(request);
};

/**
 * fall/stats reliability (issue 39, docs/maintenance.md "Availability in show hours, MTTR, MTBF"):
 * the figures per unit, model and project of a range, and one unit's downtime episodes behind them.
 * Both only read, with the statistics screen's permission.
 */
export async function reliabilityRoutes(app: AppInstance): Promise<void> {
  const repo = new ReliabilityRepository(app.database);

  app.get(`${BASE}/reliability`, { schema: { querystring: reliabilityQuerySchema, response: { 200: envelopeOf(reliabilitySchema) } }, config: { permission: `${CODE}#list` } }, async (request) => {
    const q = request.query;
    return ok(await repo.reliability({ from: q.from, to: q.to, projectId: q.projectId, scope: scoped(request, q.projectId) }));
  });

  app.get(`${BASE}/reliability/episodes`, { schema: { querystring: reliabilityEpisodesQuerySchema, response: { 200: envelopeOf(reliabilityEpisodesSchema) } }, config: { permission: `${CODE}#list` } }, async (request) => {
    const q = request.query;
    const answer = await repo.episodes({ from: q.from, to: q.to, equipmentId: q.equipmentId, scope: scopeOf(request) });
    if (!answer) throw notFound();
    return ok(answer);
  });
}

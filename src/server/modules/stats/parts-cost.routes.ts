import { envelopeOf } from '@shared/contracts/common';
import { partsCostMovesQuerySchema, partsCostMovesSchema, partsCostQuerySchema, partsCostSchema } from '@shared/contracts/parts-cost';
import { RESOURCES } from '@shared/resources';
import type { AppInstance } from '../../app-instance';
import { ok } from '../../lib/crud';
import { assertInScope, scopeOf } from '../../lib/data-scope';
import { PartsCostRepository } from './parts-cost.repository';

const BASE = RESOURCES.statistics.api;
const CODE = RESOURCES.statistics.code;

/**
 * fall/stats parts cost (docs/maintenance.md "Parts and stock"): per order, unit and month of a
 * range, and the issue moves behind any of them. Reads only, with the statistics screen's permission,
 * in the caller's data scope (a project outside it is refused).
 */
export async function partsCostRoutes(app: AppInstance): Promise<void> {
  const repo = new PartsCostRepository(app.database);

  app.get(`${BASE}/parts-cost`, { schema: { querystring: partsCostQuerySchema, response: { 200: envelopeOf(partsCostSchema) } }, config: { permission: `${CODE}#list` } }, async (request) => {
    const q = request.query;
    assertInScope(request, q.projectId);
    return ok(await repo.partsCost({ from: q.from, to: q.to, projectId: q.projectId, scope: scopeOf(request) }));
  });

  app.get(`${BASE}/parts-cost/moves`, { schema: { querystring: partsCostMovesQuerySchema, response: { 200: envelopeOf(partsCostMovesSchema) } }, config: { permission: `${CODE}#list` } }, async (request) => {
    const q = request.query;
    assertInScope(request, q.projectId);
    return ok(await repo.moves({ ...q, scope: scopeOf(request) }));
  });
}

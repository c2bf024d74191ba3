import type { AppInstance } from '../../app-instance';
import { z } from 'zod';
import { envelopeOf, listAnswerOf } from '@shared/contracts/common';
import { periodQuerySchema, projectFilterSchema, resolvePeriod, statOrdersQuerySchema, type Granularity, countProjectsSchema, areaGroupSchema, waterGroupSchema, deviceGroupSchema, brokenDeviceListSchema, repairSpeedPointSchema, repairQualityPointSchema, statOrderSchema } from '@shared/contracts/stats';
import { ok } from '../../lib/crud';
import { StatsRepository, type SlaHours } from './stats.repository';
import { assertInScope, scopeOf } from '../../lib/data-scope';
import type { FastifyRequest } from 'fastify';

/** The period of a chart call within the caller's data scope; a project outside it is refused (403). */
function scoped<T extends Period>(request: FastifyRequest, q: T): T & { scope: ReturnType<typeof scopeOf> } {
  assertInScope(request, q.projectId);
  return { ...q, scope: scopeOf(request) };
}

/** The wall's statistics are read by back-office users and by wall display tokens (viewer grants). */
export const STATS_PERMISSION = ['fall-project#stats', 'ship-scene#view'];
const BASE = '/ball/fallproject';

type Period = { projectId?: number | null; from?: string; to?: string; granularity?: Granularity };

/** Statistics of docs/domain.md §4 at the spec §7 paths; read-only, so nothing goes to the operation log. */
export async function statsRoutes(app: AppInstance): Promise<void> {
  const repo = new StatsRepository(app.database);
  // The wall asks these again on its timer: an unchanged answer is a 304 (plugins/etag.ts).
  const config = { permission: STATS_PERMISSION, log: false as const, etag: true };

  async function sla(): Promise<SlaHours> {
    const [low, normal, high, urgent] = await Promise.all([
      app.settings.get('sla.hours.low'),
      app.settings.get('sla.hours.normal'),
      app.settings.get('sla.hours.high'),
      app.settings.get('sla.hours.urgent'),
    ]);
    return { low, normal, high, urgent };
  }

  app.get(`${BASE}/countProjects`, { schema: { response: { 200: envelopeOf(countProjectsSchema) } }, config }, async (request) => ok(await repo.countProjects(scopeOf(request))));
  app.get(`${BASE}/groupArea`, { schema: { response: { 200: envelopeOf(z.array(areaGroupSchema)) } }, config }, async (request) => ok(await repo.groupArea(scopeOf(request))));
  app.get(`${BASE}/groupWater`, { schema: { response: { 200: envelopeOf(z.array(waterGroupSchema)) } }, config }, async (request) => ok(await repo.groupWater(scopeOf(request))));
  app.get(`${BASE}/groupDevice`, { schema: { response: { 200: envelopeOf(z.array(deviceGroupSchema)) }, querystring: projectFilterSchema }, config }, async (request) => {
    const { projectId } = request.query;
    assertInScope(request, projectId);
    return ok(await repo.groupDevice(projectId, scopeOf(request)));
  });
  app.get(`${BASE}/brokenDevice`, { schema: { response: { 200: envelopeOf(brokenDeviceListSchema) }, querystring: projectFilterSchema }, config }, async (request) => {
    const { projectId } = request.query;
    assertInScope(request, projectId);
    return ok(await repo.brokenDevice(projectId, scopeOf(request)));
  });
  app.post(`${BASE}/repairSpeedList`, { schema: { response: { 200: envelopeOf(z.array(repairSpeedPointSchema)) }, body: periodQuerySchema }, config }, async (request) =>
    ok(await repo.repairSpeed(resolvePeriod(scoped(request, request.body)))),
  );
  app.post(`${BASE}/repairQualityList`, { schema: { response: { 200: envelopeOf(z.array(repairQualityPointSchema)) }, body: periodQuerySchema }, config }, async (request) =>
    ok(await repo.repairQuality(resolvePeriod(scoped(request, request.body)), await sla())),
  );
  app.post(`${BASE}/statOrders`, { schema: { response: { 200: listAnswerOf(statOrderSchema) }, body: statOrdersQuerySchema }, config }, async (request) =>
    ok(await repo.statOrders(resolvePeriod(scoped(request, request.body)))),
  );
}

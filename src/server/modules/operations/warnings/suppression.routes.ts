import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../../app-instance';
import { and, eq, isNull } from 'drizzle-orm';
import { envelopeOf } from '@shared/contracts/common';
import { equipmentServiceAnswerSchema, equipmentServiceSchema, warningShelvedSchema, warningShelveSchema, warningUnshelveSchema } from '@shared/contracts/warning';
import { fallEqInfo, fallWarning } from '../../../db/schema';
import { ApiError, badRequest, notFound } from '../../../lib/errors';
import { CODE } from '@shared/constants';
import { ok } from '../../../lib/crud';
import { notArchived } from '../../../lib/archive';
import { publishLive } from '../../../live';
import { assertRowsInScope } from '../../../lib/data-scope';
import { logSuppression, returnToService, shelveWarnings, suppressUnit, unshelveWarnings, type SuppressionLog } from './suppression';

const WARNINGS = { from: 'fall_warning x', project: 'x.project_id' };
const EQUIPMENT = { from: 'fall_eq_info x', project: 'x.project_id' };
/** Shelving alarms and setting units out of service are one right: parking alarms a person knows about. */
const PERMISSION = 'fall-detect#shelve';

/** Who did it, for the operation log (these routes write their own rows: the end and the reason, per warning). */
function actor(request: FastifyRequest): Pick<SuppressionLog, 'userId' | 'username' | 'method' | 'path' | 'ip'> {
  const auth = request.auth!;
  return { userId: auth.kind === 'user' ? auth.userId : null, username: auth.username, method: request.method, path: request.url.split('?')[0], ip: request.ip };
}

/**
 * Shelving and out of service (docs/alarms.md): POST /ball/fallwarning/shelve and /unshelve, and
 * POST /ball/fallwarning/service (a unit out of service or back). Each change is written to the operation log with who, why and until
 * when (the automatic ends by the device jobs' sweep, suppression.ts, too).
 */
export async function suppressionRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;

  app.post(
    '/ball/fallwarning/shelve',
    { schema: { body: warningShelveSchema, response: { 200: envelopeOf(warningShelvedSchema) } }, config: { permission: PERMISSION, log: false } },
    async (request) => {
      const { id, equipmentId, minutes, reason } = request.body;
      const max = await app.settings.get('alarm.shelveMaxMinutes');
      if (minutes > max) throw new ApiError(CODE.badRequest, 'err.shelveTooLong', { minutes: 'v.shelveTooLong' }, { max });
      if (id !== undefined) await assertRowsInScope(app.database, request, WARNINGS, [id]);
      if (equipmentId !== undefined) await assertRowsInScope(app.database, request, EQUIPMENT, [equipmentId]);
      const now = new Date();
      const until = new Date(now.getTime() + minutes * 60_000);
      const who = actor(request);
      const rows = await db.transaction(async (tx) => {
        const shelved = await shelveWarnings(tx, id !== undefined ? eq(fallWarning.id, id) : eq(fallWarning.equipmentId, equipmentId!), { until, by: who.username, reason });
        await logSuppression(
          tx,
          shelved.map((w) => ({ ...who, module: 'ball/fallwarning', action: 'shelve', target: w.id, params: { reason, until: until.toISOString(), minutes, ...(equipmentId !== undefined ? { equipmentId } : {}) } })),
        );
        return shelved;
      });
      if (!rows.length) throw badRequest('err.nothingToShelve', { [id !== undefined ? 'id' : 'equipmentId']: 'err.nothingToShelve' });
      for (const projectId of new Set(rows.map((r) => r.projectId))) await publishLive(app, { topic: 'warning', projectId });
      return ok({ ids: rows.map((r) => r.id), until });
    },
  );

  app.post(
    '/ball/fallwarning/unshelve',
    { schema: { body: warningUnshelveSchema, response: { 200: envelopeOf(warningShelvedSchema) } }, config: { permission: PERMISSION, log: false } },
    async (request) => {
      const { id, equipmentId } = request.body;
      if (id !== undefined) await assertRowsInScope(app.database, request, WARNINGS, [id]);
      if (equipmentId !== undefined) await assertRowsInScope(app.database, request, EQUIPMENT, [equipmentId]);
      const who = actor(request);
      const rows = await db.transaction(async (tx) => {
        const where = id !== undefined ? eq(fallWarning.id, id) : eq(fallWarning.equipmentId, equipmentId!);
        const before = await tx.select({ id: fallWarning.id, until: fallWarning.shelvedUntil, reason: fallWarning.shelveReason }).from(fallWarning).where(and(where, isNull(fallWarning.result), eq(fallWarning.suppressedBy, 'shelved')));
        const back = await unshelveWarnings(tx, where, new Date());
        const of = new Map(before.map((b) => [b.id, b]));
        await logSuppression(
          tx,
          back.map((w) => ({ ...who, module: 'ball/fallwarning', action: 'unshelve', target: w.id, params: { reason: of.get(w.id)?.reason ?? '', until: of.get(w.id)?.until?.toISOString() ?? null, now: w.suppressedBy } })),
        );
        return back;
      });
      if (!rows.length) throw badRequest('err.nothingToUnshelve', { [id !== undefined ? 'id' : 'equipmentId']: 'err.nothingToUnshelve' });
      for (const projectId of new Set(rows.map((r) => r.projectId))) await publishLive(app, { topic: 'warning', projectId });
      return ok({ ids: rows.map((r) => r.id), until: null });
    },
  );

  /**
   * A unit out of service (under repair, drained for the season) or back in service. While it is out,
   * its open warnings and those its channels open are suppressed by it (readings are stored and shown
   * as usual); back in service, what still stands alarms again.
   */
  app.post(
    '/ball/fallwarning/service',
    { schema: { body: equipmentServiceSchema, response: { 200: envelopeOf(equipmentServiceAnswerSchema) } }, config: { permission: PERMISSION, log: false } },
    async (request) => {
      const body = request.body;
      await assertRowsInScope(app.database, request, EQUIPMENT, [body.equipmentId]);
      const who = actor(request);
      const now = new Date();
      const answer = await db.transaction(async (tx) => {
        const [unit] = await tx
          .select({ id: fallEqInfo.id, projectId: fallEqInfo.projectId, at: fallEqInfo.outOfServiceAt, until: fallEqInfo.outOfServiceUntil, reason: fallEqInfo.outOfServiceReason })
          .from(fallEqInfo)
          .where(and(eq(fallEqInfo.id, body.equipmentId), notArchived(fallEqInfo)))
          .for('update');
        if (!unit) throw notFound();
        if (body.inService) {
          if (!unit.at) throw badRequest('err.notOutOfService', { inService: 'err.notOutOfService' });
          const back = (await returnToService(tx, unit.id, now))!;
          const released = back.released.filter((w) => w.suppressedBy === null).map((w) => w.id);
          await logSuppression(tx, [{ ...who, module: 'ball/falleqinfo', action: 'inService', target: unit.id, params: { outOfServiceReason: unit.reason, until: unit.until?.toISOString() ?? null, released } }]);
          return { projectId: unit.projectId, row: { equipmentId: unit.id, outOfServiceAt: null, outOfServiceUntil: null, released: released.length, suppressed: 0 } };
        }
        if (unit.at) throw badRequest('err.alreadyOutOfService', { inService: 'err.alreadyOutOfService' });
        const until = body.until ?? null;
        if (until && until.getTime() <= now.getTime()) throw badRequest('v.serviceUntilPast', { until: 'v.serviceUntilPast' });
        await tx.update(fallEqInfo).set({ outOfServiceAt: now, outOfServiceUntil: until, outOfServiceReason: body.reason, outOfServiceBy: who.username }).where(eq(fallEqInfo.id, unit.id));
        const suppressed = await suppressUnit(tx, unit.id);
        await logSuppression(tx, [{ ...who, module: 'ball/falleqinfo', action: 'outOfService', target: unit.id, params: { reason: body.reason, until: until?.toISOString() ?? null, suppressed } }]);
        return { projectId: unit.projectId, row: { equipmentId: unit.id, outOfServiceAt: now, outOfServiceUntil: until, released: 0, suppressed: suppressed.length } };
      });
      await publishLive(app, { topic: 'warning', projectId: answer.projectId });
      await publishLive(app, { topic: 'equipment', projectId: answer.projectId });
      return ok(answer.row);
    },
  );
}

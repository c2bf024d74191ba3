import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../../app-instance';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeOf, idTextSchema } from '@shared/contracts/common';
import {
  policyQuerySchema,
  policyRowSchema,
  policySaveSchema,
  policyUpdateSchema,
  rosterNowSchema,
  rosterQuerySchema,
  rosterRowSchema,
  rosterSaveSchema,
  rosterUserQuerySchema,
  rosterUserSchema,
  rosterUpdateSchema,
  type PolicySave,
  type PolicyUpdate,
  type RosterSave,
  type RosterUpdate,
} from '@shared/contracts/oncall';
import { onCallAt } from '@shared/oncall';
import { RESOURCES } from '@shared/resources';
import { fallEscalationPolicy, fallOncallMember, fallOncallRoster, fallProject, sysUser, type OncallSlot } from '../../../db/schema';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { badRequest, notFound } from '../../../lib/errors';
import { assertProjectLive } from '../../../lib/archive';
import { scopeCondition, scopeOf } from '../../../lib/data-scope';

type Db = AppInstance['database']['db'];
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A webhook's origin in SQL (what a reader may see of it: its path is often its key). */
const originSql = (col: string) => `coalesce(substring(${col} from '^[A-Za-z]+://[^/?#@]+'), '')`;

/**
 * The people of a roster as they are stored: each a system user that exists, with an e-mail address
 * (given, or the user's own) or a webhook (given, or the one stored for them on this roster); a
 * person with neither is refused naming their field.
 */
async function peopleRows(tx: Tx, people: RosterSave['people'], stored: Map<number, { webhook: string }>) {
  const users = await tx.select({ id: sysUser.id, email: sysUser.email }).from(sysUser).where(inArray(sysUser.id, people.map((p) => p.userId)));
  const byId = new Map(users.map((u) => [u.id, u]));
  return people.map((p, i) => {
    const user = byId.get(p.userId);
    if (!user) throw badRequest('v.userMissing', { [`people.${i}.userId`]: 'v.userMissing' });
    const webhook = p.webhook ?? stored.get(p.userId)?.webhook ?? '';
    if (!p.email && !user.email && !webhook) throw badRequest('v.personContact', { [`people.${i}.email`]: 'v.personContact' });
    // The contract checked each day is 1–7.
    return { userId: p.userId, email: p.email ?? '', webhook, slots: p.slots as OncallSlot[], sort: i };
  });
}

/** Writes a roster's people: kept by user (an update keeps each person's row, so their notifications keep them), removed ones deleted. */
async function writePeople(tx: Tx, rosterId: number, people: RosterSave['people']): Promise<void> {
  const old = await tx.select({ id: fallOncallMember.id, userId: fallOncallMember.userId, webhook: fallOncallMember.webhook }).from(fallOncallMember).where(eq(fallOncallMember.rosterId, rosterId));
  const stored = new Map(old.map((m) => [m.userId, m]));
  const rows = await peopleRows(tx, people, stored);
  const keep = new Set(rows.map((r) => r.userId));
  const gone = old.filter((m) => !keep.has(m.userId)).map((m) => m.id);
  if (gone.length) await tx.delete(fallOncallMember).where(inArray(fallOncallMember.id, gone));
  for (const r of rows) {
    const was = stored.get(r.userId);
    if (was) await tx.update(fallOncallMember).set({ email: r.email, webhook: r.webhook, slots: r.slots, sort: r.sort }).where(eq(fallOncallMember.id, was.id));
    else await tx.insert(fallOncallMember).values({ rosterId, ...r });
  }
}

/** A policy's steps name rosters of its own project that are not archived; anything else is refused at the step. */
async function checkSteps(db: Db | Tx, projectId: number, steps: PolicySave['steps']): Promise<void> {
  const ids = [...new Set(steps.map((s) => s.rosterId).filter((id): id is number => id !== null))];
  const found = ids.length
    ? await db.select({ id: fallOncallRoster.id }).from(fallOncallRoster).where(and(inArray(fallOncallRoster.id, ids), eq(fallOncallRoster.projectId, projectId), isNull(fallOncallRoster.archivedAt)))
    : [];
  const live = new Set(found.map((r) => r.id));
  steps.forEach((s, i) => {
    if (s.rosterId !== null && !live.has(s.rosterId)) throw badRequest('v.stepRoster', { [`steps.${i}.rosterId`]: 'v.stepRoster' });
  });
}

/** Deleting a roster or a policy archives it: the notifications it made keep naming it. */
async function archive(db: Db, table: typeof fallOncallRoster | typeof fallEscalationPolicy, ids: number[]): Promise<number> {
  const gone = await db.update(table).set({ archivedAt: new Date(), updatedAt: new Date() }).where(and(inArray(table.id, ids), isNull(table.archivedAt))).returning({ id: table.id });
  return gone.length;
}

/**
 * fall/oncall (fall-oncall, /ball/falloncall): a project's on-call rosters; fall/escpolicy
 * (fall-escpolicy, /ball/fallescpolicy): its escalation policy (docs/escalation.md). A person's
 * webhook is write-only, as a recipient's: rows carry its origin, and an update without it keeps it.
 */
export async function oncallRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;
  const peopleSql = sql`(SELECT coalesce(jsonb_agg(jsonb_build_object(
      'userId', m.user_id, 'username', u.username, 'realName', u.real_name, 'realNameEn', u.real_name_en,
      'email', m.email, 'webhookTarget', ${sql.raw(originSql('m.webhook'))}, 'slots', m.slots) ORDER BY m.sort, m.id), '[]'::jsonb)
    FROM fall_oncall_member m JOIN sys_user u ON u.id = m.user_id WHERE m.roster_id = ${fallOncallRoster.id})`;

  resourceRoutes(app, RESOURCES.oncallRoster, {
    rows: {
      table: fallOncallRoster,
      row: rosterRowSchema,
      id: fallOncallRoster.id,
      query: rosterQuerySchema,
      where: { keyword: filters.search(fallOncallRoster.name), projectId: filters.eq(fallOncallRoster.projectId) },
      sortable: { name: fallOncallRoster.name, tier: fallOncallRoster.tier, projectName: fallProject.name, createdAt: fallOncallRoster.createdAt },
      defaultSort: [asc(fallOncallRoster.projectId), asc(fallOncallRoster.tier), asc(fallOncallRoster.id)],
      extra: {
        projectName: sql<string>`${fallProject.name}`.as('project_name'),
        projectNameEn: sql<string>`${fallProject.nameEn}`.as('project_name_en'),
        timeZone: sql<string>`${fallProject.timeZone}`.as('time_zone'),
        people: peopleSql.as('people'),
      },
      from: (q) => q.innerJoin(fallProject, eq(fallProject.id, fallOncallRoster.projectId)),
      scope: () => isNull(fallOncallRoster.archivedAt),
      project: { column: fallOncallRoster.projectId },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'oncall-rosters' },
    create: {
      body: rosterSaveSchema,
      write: async (body: RosterSave) =>
        db.transaction(async (tx) => {
          await assertProjectLive(tx, body.projectId);
          const [row] = await tx.insert(fallOncallRoster).values({ projectId: body.projectId, name: body.name, tier: body.tier, overrides: body.overrides ?? [] }).returning({ id: fallOncallRoster.id });
          await writePeople(tx, row.id, body.people);
          return { id: row.id };
        }),
    },
    update: {
      body: rosterUpdateSchema,
      write: async (body: RosterUpdate) => {
        await db.transaction(async (tx) => {
          const [stored] = await tx.select({ id: fallOncallRoster.id }).from(fallOncallRoster).where(and(eq(fallOncallRoster.id, body.id), isNull(fallOncallRoster.archivedAt))).for('update');
          if (!stored) throw notFound();
          await assertProjectLive(tx, body.projectId);
          if (body.people) await writePeople(tx, body.id, body.people);
          if (body.overrides && !body.people) {
            const members = new Set((await tx.select({ userId: fallOncallMember.userId }).from(fallOncallMember).where(eq(fallOncallMember.rosterId, body.id))).map((m) => m.userId));
            body.overrides.forEach((o, i) => {
              if (!members.has(o.userId)) throw badRequest('v.overridePerson', { [`overrides.${i}.userId`]: 'v.overridePerson' });
            });
          }
          const changes = Object.fromEntries(Object.entries({ projectId: body.projectId, name: body.name, tier: body.tier, overrides: body.overrides }).filter(([, v]) => v !== undefined));
          await tx.update(fallOncallRoster).set({ ...changes, updatedAt: new Date() }).where(eq(fallOncallRoster.id, body.id));
        });
      },
    },
    remove: { write: (ids) => archive(db, fallOncallRoster, ids) },
  });

  /** Who is on call on a roster now (or at `at`), as the escalation would find them. */
  app.get(
    `${RESOURCES.oncallRoster.api}/now/:id`,
    {
      schema: { params: z.object({ id: idTextSchema() }), querystring: z.strictObject({ at: z.iso.datetime({ offset: true, error: 'v.invalid' }).optional() }), response: { 200: envelopeOf(rosterNowSchema) } },
      config: { permission: 'fall-oncall#info' },
    },
    async (request: FastifyRequest<{ Params: { id: number }; Querystring: { at?: string } }>) => {
      const at = request.query.at ? new Date(request.query.at) : new Date();
      const [roster] = await db
        .select({ id: fallOncallRoster.id, overrides: fallOncallRoster.overrides, timeZone: fallProject.timeZone })
        .from(fallOncallRoster)
        .innerJoin(fallProject, eq(fallProject.id, fallOncallRoster.projectId))
        .where(and(eq(fallOncallRoster.id, request.params.id), isNull(fallOncallRoster.archivedAt), scopeCondition(scopeOf(request), fallOncallRoster.projectId)));
      if (!roster) throw notFound();
      const people = await db.select({ userId: fallOncallMember.userId, slots: fallOncallMember.slots }).from(fallOncallMember).where(eq(fallOncallMember.rosterId, roster.id)).orderBy(asc(fallOncallMember.sort), asc(fallOncallMember.id));
      const on = onCallAt(people, roster.overrides, roster.timeZone, at.getTime());
      return ok({ userId: on?.person.userId ?? null, by: on?.by ?? null, at: at.toISOString() });
    },
  );

  /** The system users a roster may name (active ones, by name or login), for the roster form's picker. */
  app.post(
    `${RESOURCES.oncallRoster.api}/users`,
    { schema: { body: rosterUserQuerySchema, response: { 200: envelopeOf(z.array(rosterUserSchema)) } }, config: { permission: 'fall-oncall#list' } },
    async (request) => {
      const keyword = request.body.keyword?.trim();
      const rows = await db
        .select({ id: sysUser.id, username: sysUser.username, realName: sysUser.realName, realNameEn: sysUser.realNameEn, email: sysUser.email })
        .from(sysUser)
        .where(and(eq(sysUser.status, 1), keyword ? filters.search(sysUser.username, sysUser.realName, sysUser.realNameEn)(keyword) : undefined))
        .orderBy(asc(sysUser.username))
        .limit(50);
      return ok(rows);
    },
  );

  resourceRoutes(app, RESOURCES.escalationPolicy, {
    rows: {
      table: fallEscalationPolicy,
      row: policyRowSchema,
      id: fallEscalationPolicy.id,
      query: policyQuerySchema,
      where: { keyword: filters.search(fallEscalationPolicy.name), projectId: filters.eq(fallEscalationPolicy.projectId) },
      sortable: { name: fallEscalationPolicy.name, projectName: fallProject.name, createdAt: fallEscalationPolicy.createdAt },
      defaultSort: [asc(fallEscalationPolicy.projectId), asc(fallEscalationPolicy.id)],
      extra: {
        projectName: sql<string>`${fallProject.name}`.as('project_name'),
        projectNameEn: sql<string>`${fallProject.nameEn}`.as('project_name_en'),
      },
      from: (q) => q.innerJoin(fallProject, eq(fallProject.id, fallEscalationPolicy.projectId)),
      scope: () => isNull(fallEscalationPolicy.archivedAt),
      project: { column: fallEscalationPolicy.projectId },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'escalation-policies' },
    create: {
      body: policySaveSchema,
      write: async (body: PolicySave) =>
        db.transaction(async (tx) => {
          await assertProjectLive(tx, body.projectId);
          await checkSteps(tx, body.projectId, body.steps);
          const [other] = await tx.select({ id: fallEscalationPolicy.id }).from(fallEscalationPolicy).where(and(eq(fallEscalationPolicy.projectId, body.projectId), isNull(fallEscalationPolicy.archivedAt)));
          if (other) throw badRequest('err.policyExists', { projectId: 'err.policyExists' });
          const [row] = await tx.insert(fallEscalationPolicy).values(body).returning({ id: fallEscalationPolicy.id });
          return { id: row.id };
        }),
    },
    update: {
      body: policyUpdateSchema,
      write: async (body: PolicyUpdate) => {
        await db.transaction(async (tx) => {
          const [stored] = await tx.select().from(fallEscalationPolicy).where(and(eq(fallEscalationPolicy.id, body.id), isNull(fallEscalationPolicy.archivedAt))).for('update');
          if (!stored) throw notFound();
          const projectId = body.projectId ?? stored.projectId;
          await assertProjectLive(tx, body.projectId);
          await checkSteps(tx, projectId, body.steps ?? stored.steps);
          if (projectId !== stored.projectId) {
            const [other] = await tx.select({ id: fallEscalationPolicy.id }).from(fallEscalationPolicy).where(and(eq(fallEscalationPolicy.projectId, projectId), isNull(fallEscalationPolicy.archivedAt)));
            if (other) throw badRequest('err.policyExists', { projectId: 'err.policyExists' });
          }
          const changes = Object.fromEntries(Object.entries({ projectId: body.projectId, name: body.name, steps: body.steps, renotifyMinutes: body.renotifyMinutes }).filter(([, v]) => v !== undefined));
          await tx.update(fallEscalationPolicy).set({ ...changes, updatedAt: new Date() }).where(eq(fallEscalationPolicy.id, body.id));
        });
      },
    },
    remove: { write: (ids) => archive(db, fallEscalationPolicy, ids) },
  });
}

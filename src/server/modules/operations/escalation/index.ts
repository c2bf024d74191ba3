import type { AppInstance } from '../../../app-instance';
import { asc, eq, sql } from 'drizzle-orm';
import { addressFits, escalationRecipientQuerySchema, escalationRecipientRowSchema, escalationRecipientSaveSchema, type EscalationChannel } from '@shared/contracts/escalation';
import { RESOURCES } from '@shared/resources';
import { fallEscalationRecipient, fallProject } from '../../../db/schema';
import { filters, resourceRoutes } from '../../../lib/crud';
import { badRequest } from '../../../lib/errors';
import { assertProjectLive } from '../../../lib/archive';
import { publicTarget } from './notify.service';
import { oncallRoutes } from './oncall.routes';

/**
 * fall/escalation (fall-escalation, /ball/fallescalation): who is told, per project and escalation
 * level, when an alarm stays unacknowledged (docs/escalation.md). The address is write-only: a chat
 * webhook's URL is its key, so rows carry `target` (an e-mail address, or the webhook's origin), and
 * an update without an address keeps the stored one.
 */
export async function escalationModule(app: AppInstance): Promise<void> {
  const db = app.database.db;
  resourceRoutes(app, RESOURCES.escalationRecipient, {
    rows: {
      table: fallEscalationRecipient,
      row: escalationRecipientRowSchema,
      id: fallEscalationRecipient.id,
      query: escalationRecipientQuerySchema,
      where: {
        keyword: filters.search(fallEscalationRecipient.name, fallEscalationRecipient.address),
        projectId: filters.eq(fallEscalationRecipient.projectId),
        channel: filters.eq(fallEscalationRecipient.channel),
      },
      sortable: {
        level: fallEscalationRecipient.level,
        channel: fallEscalationRecipient.channel,
        projectName: fallProject.name,
        createdAt: fallEscalationRecipient.createdAt,
      },
      defaultSort: [asc(fallEscalationRecipient.projectId), asc(fallEscalationRecipient.level), asc(fallEscalationRecipient.id)],
      hidden: ['address'],
      extra: {
        projectName: sql<string>`${fallProject.name}`.as('project_name'),
        projectNameEn: sql<string>`${fallProject.nameEn}`.as('project_name_en'),
        target: sql<string>`${publicTarget(fallEscalationRecipient.channel, fallEscalationRecipient.address)}`.as('target'),
      },
      from: (q) => q.innerJoin(fallProject, eq(fallProject.id, fallEscalationRecipient.projectId)),
      project: { column: fallEscalationRecipient.projectId },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'escalation-recipients' },
    create: {
      body: escalationRecipientSaveSchema,
      prepare: async (data: { projectId: number }) => {
        await assertProjectLive(db, data.projectId);
        return data;
      },
    },
    update: {
      prepare: async (data: { id: number; projectId?: number; channel?: EscalationChannel; address?: string }) => {
        await assertProjectLive(db, data.projectId);
        if (data.channel !== undefined || data.address !== undefined) {
          const [stored] = await db.select({ channel: fallEscalationRecipient.channel, address: fallEscalationRecipient.address }).from(fallEscalationRecipient).where(eq(fallEscalationRecipient.id, data.id));
          const channel = data.channel ?? (stored?.channel as EscalationChannel | undefined) ?? 'email';
          const address = data.address ?? stored?.address ?? '';
          if (!addressFits(channel, address)) throw badRequest('err.badRequest', { address: channel === 'email' ? 'v.email' : 'v.url' });
        }
        return data;
      },
    },
    remove: true,
  });
  // The rosters and policies that decide who is told and when (issue 38).
  await oncallRoutes(app);
}

/** Telling the recipients of an escalated alarm, and the wall's record of it. */
export { notifyEscalations, auditWallEscalation, cancelPendingNotices, sendMail } from './notify.service';

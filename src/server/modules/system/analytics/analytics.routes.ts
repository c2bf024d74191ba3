import type { AppInstance } from '../../../app-instance';
import {
  analyticsBatchSchema,
  analyticsStoredAnswer,
  usageAnswer,
  usageQuerySchema,
  type Usage,
} from '@shared/contracts/analytics';
import { sysAnalyticsEvent } from '../../../db/schema';
import { ok } from '../../../lib/crud';
import { allows } from '../../../plugins/auth';

const DAY_MS = 86_400_000;
/** Rows of each usage table at most (the totals always count every event of the period). */
const USAGE_ROWS = 500;
/**
 * Batches per minute from one session: a tab sends at most 20 (one per 3 s), and a session's tabs
 * share it. Per session, not per address: an office behind one address is many people, and one
 * session looping cannot fill the table for them.
 */
const BATCHES_PER_SESSION_PER_MINUTE = 60;

/**
 * POST /analytics/events (any session) stores what a browser reports while analysis is on;
 * POST /sys/analytics/list sums it per screen, per user and per action for administrators.
 */
export async function analyticsRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/analytics/events',
    {
      schema: { body: analyticsBatchSchema, response: { 200: analyticsStoredAnswer } },
      // Not an operation: a batch every few seconds would bury the operation log.
      config: {
        permission: 'session',
        log: false,
        // Counted once the session is known (preHandler, after the permission check).
        rateLimit: { max: BATCHES_PER_SESSION_PER_MINUTE, timeWindow: 60_000, hook: 'preHandler', keyGenerator: (request) => `session:${request.auth?.sessionId ?? request.ip}` },
      },
    },
    async (request) => {
      const { events } = request.body;
      // Off: answer ok and keep nothing, so a tab opened before it was switched off does not fail.
      if (!(await app.settings.get('analytics.enabled'))) return ok({ stored: 0, enabled: false });
      const auth = request.auth!;
      // Who comes from the session, never from the body. Walls and visitors count page views only.
      // An action is kept only when the session holds it: a button the caller cannot press was not pressed.
      const kept = events.filter((e) => e.kind === 'view' || (auth.kind === 'user' && allows(auth, e.action)));
      if (kept.length) {
        await app.database.db.insert(sysAnalyticsEvent).values(
          kept.map((e) => ({
            sessionKind: auth.kind,
            userId: auth.kind === 'user' ? auth.userId : null,
            kind: e.kind,
            screen: e.screen,
            action: e.kind === 'action' ? e.action : '',
          })),
        );
      }
      return ok({ stored: kept.length, enabled: true });
    },
  );

  app.post(
    '/sys/analytics/list',
    { schema: { body: usageQuerySchema, response: { 200: usageAnswer } }, config: { permission: 'sys-analytics#list' } },
    async (request) => {
      const { days } = request.body;
      const to = new Date();
      const from = new Date(to.getTime() - days * DAY_MS);
      const db = app.database;
      const range = [from.toISOString(), to.toISOString()];
      const inRange = `e.at >= $1::timestamptz AND e.at <= $2::timestamptz`;
      const counts = `count(*) FILTER (WHERE e.kind = 'view')::int AS views, count(*) FILTER (WHERE e.kind = 'action')::int AS actions`;
      const en = request.locale === 'en';
      const [totals] = await db.query<{ views: number; actions: number }>(`SELECT ${counts} FROM sys_analytics_event e WHERE ${inRange}`, range);
      const screens = await db.query<{ screen: string; views: number; actions: number; users: number }>(
        `SELECT e.screen, ${counts}, count(DISTINCT e.user_id)::int AS users
           FROM sys_analytics_event e WHERE ${inRange}
          GROUP BY e.screen ORDER BY views DESC, actions DESC, e.screen LIMIT ${USAGE_ROWS}`,
        range,
      );
      const users = await db.query<{ user_id: number | null; session_kind: 'user' | 'display' | 'visitor'; username: string | null; real_name: string | null; real_name_en: string | null; views: number; actions: number }>(
        `SELECT e.user_id, e.session_kind, u.username, u.real_name, u.real_name_en, ${counts}
           FROM sys_analytics_event e LEFT JOIN sys_user u ON u.id = e.user_id
          WHERE ${inRange}
          GROUP BY e.user_id, e.session_kind, u.username, u.real_name, u.real_name_en
          ORDER BY views DESC, actions DESC, e.user_id LIMIT ${USAGE_ROWS}`,
        range,
      );
      const actions = await db.query<{ action: string; count: number }>(
        `SELECT e.action, count(*)::int AS count FROM sys_analytics_event e
          WHERE ${inRange} AND e.kind = 'action' GROUP BY e.action ORDER BY count DESC, e.action LIMIT ${USAGE_ROWS}`,
        range,
      );
      const usage: Usage = {
        enabled: await app.settings.get('analytics.enabled'),
        days,
        from: from.toISOString(),
        to: to.toISOString(),
        totals: { views: Number(totals?.views ?? 0), actions: Number(totals?.actions ?? 0) },
        screens: screens.map((s) => ({ screen: s.screen, views: Number(s.views), actions: Number(s.actions), users: Number(s.users) })),
        users: users.map((u) => ({
          userId: u.user_id === null ? null : Number(u.user_id),
          sessionKind: u.session_kind,
          // A user deleted since keeps their counts under their id.
          username: u.username ?? (u.user_id === null ? '' : `#${u.user_id}`),
          realName: (en ? u.real_name_en || u.real_name : u.real_name) ?? '',
          views: Number(u.views),
          actions: Number(u.actions),
        })),
        actions: actions.map((a) => ({ action: a.action, count: Number(a.count) })),
      };
      return ok(usage);
    },
  );
}

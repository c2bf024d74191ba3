import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { sysAnalyticsEvent } from '../../../db/schema';
import { registerJobHandler } from '../../../jobs/registry';

const DAY_MS = 86_400_000;

/** Keeps usage analytics for analytics.retentionDays (scheduled daily at 03:40 by migration 0027). */
registerJobHandler({
  name: 'analytics.purge',
  description: 'job.handler.analytics.purge',
  params: z.strictObject({ days: z.number().int().min(1).max(36_500).optional() }),
  async run({ app }, params) {
    const days = params.days ?? Math.max(1, await app.settings.get('analytics.retentionDays'));
    const before = new Date(Date.now() - days * DAY_MS);
    const gone = await app.database.db.delete(sysAnalyticsEvent).where(lt(sysAnalyticsEvent.at, before)).returning({ id: sysAnalyticsEvent.id });
    return { days, events: gone.length };
  },
});

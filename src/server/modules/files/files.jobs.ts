import { z } from 'zod';
import { registerJobHandler } from '../../jobs/registry';
import { purgeOrphanFiles } from './files.service';

/** Schedule it daily (e.g. cron `0 30 3 * * *`): uploads of abandoned or failed saves are removed after a day. */
registerJobHandler({
  name: 'files.purgeOrphans',
  description: 'job.handler.files.purgeOrphans',
  params: z.strictObject({ hours: z.number().int().min(1).max(24 * 365).optional() }),
  async run({ app }, params) {
    const hours = params.hours ?? 24;
    return { hours, removed: await purgeOrphanFiles(app, hours) };
  },
});

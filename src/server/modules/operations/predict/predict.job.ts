import { z } from 'zod';
import { registerJobHandler } from '../../../jobs/registry';
import { publishLive } from '../../../live';
import { scanChannels } from './predict.service';

// The predictive detector on the job runner (one instance in a cluster: the runner's lease), hourly
// from 0039_predict_day.sql: findings move once a day, faults, completed orders and recoveries within the hour.
registerJobHandler({
  name: 'predict.scan',
  description: 'job.handler.predict.scan',
  params: z.strictObject({}),
  async run({ app }) {
    const result = await scanChannels(app.database);
    // Findings and preventive orders moved outside any request: walls (amber units), the at-risk list,
    // orders and statistics hear it as they hear a change made on a screen.
    if (result.opened || result.orders || result.recovered || result.faulted || result.resolved) {
      for (const topic of ['risk', 'order', 'equipment'] as const) await publishLive(app, { topic });
    }
    return result;
  },
});

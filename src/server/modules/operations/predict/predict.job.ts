import { z } from 'zod';
import { registerJobHandler } from '../../../jobs/registry';
import { scanChannels } from './predict.service';

// The predictive detector on the job runner (one instance in a cluster: the runner's lease), hourly
// from 0039_predict_day.sql: findings move once a day, faults, completed orders and recoveries within the hour.
registerJobHandler({
  name: 'predict.scan',
  description: 'job.handler.predict.scan',
  params: z.strictObject({}),
  async run({ app }) {
    return scanChannels(app.database);
  },
});

import type { AppInstance } from '../../../app-instance';

/**
 * operations/predict: the predictive detector (docs/predictive.md). It serves no route of its own:
 * its job (predict.scan, predict.job.ts, registered by jobs/builtin.ts) writes the findings
 * (fall_channel_risk) and their preventive orders, which the units-at-risk screen lists.
 */
export async function predictModule(_app: AppInstance): Promise<void> {}

export { scanChannels, riskReason, type ScanResult } from './predict.service';

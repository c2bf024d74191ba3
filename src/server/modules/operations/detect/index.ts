import type { AppInstance } from '../../../app-instance';
import { detectRoutes } from './detect.routes';

/** fall/detect: detection boards and the boards' own report endpoint. */
export async function detectModule(app: AppInstance): Promise<void> {
  await detectRoutes(app);
}

/** One channel's readable trend, for the project walls (modules/wall) as for the back-office. */
export { channelTrend } from './trends';

/** The system's name in logs and on automatic work, and a channel's label with its number (the predictive detector's orders read like the alarms'). */
export { SYSTEM_ACTOR, labelAfterChannel } from './readings';

/** A board's readings missing over the last hour, as SQL over its fall_detect row (the walls show the boards list's figure). */
export { missedSql } from './missing';

/** A channel's order is confirmed by its readings (docs/maintenance.md "Confirmation by the readings"): its channels as they read now, and the sweep. */
export { orderChannels, sweepConfirmations } from './confirmation';

import { registryLiveKeys, type LiveKeys } from '@client/lib/live';
import { STATS_LIVE_KEYS } from '@client/shared/stats/api/live-keys';
import { WALL_LIVE_KEYS } from '@client/shared/wall/live-keys';
import { NOTIFICATION_LIVE_KEYS } from '@client/shared/assignment/assignment-api';

/**
 * Every query a pushed topic refreshes: the registry's resources (by API path) and the tables
 * declared next to the keys no resource roots. app/live-keys.test.ts fails on a topic with no keys
 * and on a declared key that no topic refreshes.
 */
export const LIVE_KEYS: readonly LiveKeys[] = [...registryLiveKeys(), ...STATS_LIVE_KEYS, ...WALL_LIVE_KEYS, ...NOTIFICATION_LIVE_KEYS];

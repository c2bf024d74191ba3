/**
 * Fixed choices and codes of the contracts (src/shared/contracts) that list screens show without
 * validating anything (a query select's options, a column's label, a row's buttons): here, without
 * zod, because importing a contract module brings zod with it, and a list screen loads its
 * validation with its form dialog, not with the list (components/list-page ListPageProps.form). The
 * contracts re-export them.
 */

/** job_schedule.status: 0 running, 1 paused. */
export const JOB_STATUS = { running: 0, paused: 1 } as const;

/** Completed and cancelled bills are settled: their state no longer changes. */
export const FINAL_BILL_STATES: readonly string[] = ['3', '4'];

export const CARD_TYPES = [
  'map',
  'repair-speed',
  'repair-quality',
  'group-area',
  'group-device',
  'group-water',
  'broken-devices',
  'detect-channels',
  'warnings',
  'camera',
  'kpi',
  'notice',
  'count-projects',
] as const;

export const SENSOR_KINDS = ['water_level', 'pressure', 'flow', 'temperature', 'wind'] as const;

/** Values of the equipment list's warranty filter (an option each in the query form). */
export const EQUIPMENT_WARRANTY_FILTERS = ['expiring', 'expired'] as const;

export const ESCALATION_CHANNELS = ['email', 'webhook'] as const;

export const CONTENT_TYPES = ['notice', 'announcement', 'maintenance', 'wall'] as const;

export const CHANNEL_RESULTS = ['normal', 'fault'] as const;
/**
 * What a channel may show: its stored result while its board is online; "offline" once the board is
 * silent, since its values are then only what it last said (never a green "normal").
 */
export type ChannelShown = (typeof CHANNEL_RESULTS)[number] | 'offline';
export function channelShown(boardOnline: boolean, result: string): ChannelShown {
  if (!boardOnline) return 'offline';
  return result === 'fault' ? 'fault' : 'normal';
}

/** The spans a channel's trend is drawn over. */
export const TREND_RANGES = ['1h', '24h', '7d'] as const;

/** How a warning ended. */
export const WARNING_RESULTS = ['fixed', 'not_fixed', 'closed'] as const;
/**
 * What a person decides when dealing with a warning. `closed` is the system's: the warnings of a
 * project or board taken out of service by its archive, closed with the reason in the note.
 */
export const DEAL_RESULTS = ['fixed', 'not_fixed'] as const;

/** What the predictive detector finds on a channel (docs/predictive.md). */
export const RISK_KINDS = ['drift', 'flicker', 'step'] as const;
/** open (at risk now), recovered (the trend came back), dismissed ("not a problem"), faulted (the fault came first), resolved (its order completed). */
export const RISK_STATUSES = ['open', 'recovered', 'dismissed', 'faulted', 'resolved'] as const;

/** The spans the usage analysis screen offers, in days. */
export const USAGE_DAYS = [7, 30, 90] as const;

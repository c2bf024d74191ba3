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

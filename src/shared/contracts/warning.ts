import { z } from 'zod';
import { filterDate, filterEnum, filterId, intField, refId, textField } from './work-fields';
import { rangeOrder } from './query-filters';

/** Warnings raised by boards (DOMAIN.md §3, §5): open until dealt with or cleared by normal readings. */
export const WARNING_RESULTS = ['fixed', 'not_fixed'] as const;
export const WARNING_LEVELS = ['info', 'warning', 'critical'] as const;
export const WARNING_KINDS = ['channel', 'offline', 'sensor'] as const;

export const warningQuerySchema = z.strictObject({
  projectId: filterId(),
  detectId: filterId(),
  /** open = not dealt with yet. */
  result: filterEnum(['open', ...WARNING_RESULTS] as const),
  level: filterEnum(WARNING_LEVELS),
  kind: filterEnum(WARNING_KINDS),
  /** unacked = open and nobody has acknowledged it yet (issue 15). */
  ack: filterEnum(['unacked', 'acked'] as const),
  from: filterDate(),
  to: filterDate(),
}).superRefine(rangeOrder('from', 'to'));

/** POST /ball/fallwarning/deal. */
export const warningDealSchema = z.strictObject({
  id: refId(),
  result: z.enum(WARNING_RESULTS, { error: 'v.required' }),
  note: textField(2000).optional(),
});

/** POST /ball/fallwarning/ack: someone has seen the alarm (it stays open until dealt with). */
export const warningAckSchema = z.strictObject({
  id: refId(),
});

/** POST /ball/fallwarning/alarms: the open, unacknowledged alarms a wall pops up (of one project, or all). */
export const warningAlarmsSchema = z.strictObject({
  projectId: filterId(),
});

/** The alarms call's answer: what pops up, and the settings that say how it sounds. */
export interface WarningAlarms {
  list: WarningRow[];
  sounds: Record<(typeof WARNING_LEVELS)[number], 'none' | 'beep' | 'chime' | 'siren'>;
  levels: (typeof WARNING_LEVELS)[number][];
  escalateMinutes: number;
}

/** POST /ball/fallwarning/latest: the wall ticker. */
export const warningLatestSchema = z.strictObject({
  projectId: filterId(),
  limit: intField(1, 100).optional(),
  openOnly: z.boolean().optional(),
});

/**
 * The latest call's answer: the newest `limit` warnings, and how many are open in all (so the ticker
 * says "open 3 of 41" rather than counting the open ones of its capped list).
 */
export interface WarningLatest<Row = WarningRow> {
  list: Row[];
  openTotal: number;
}

export interface WarningRow {
  id: number;
  at: string;
  info: string;
  kind: (typeof WARNING_KINDS)[number];
  level: (typeof WARNING_LEVELS)[number];
  projectId: number;
  projectName: string | null;
  /** The project's English name; empty when it has none. */
  projectNameEn: string | null;
  detectId: number | null;
  boardName: string | null;
  boardNameEn: string | null;
  channel: number | null;
  equipmentId: number | null;
  equipmentName: string | null;
  dealAt: string | null;
  result: (typeof WARNING_RESULTS)[number] | null;
  note: string;
  dealtBy: string;
  orderId: number | null;
  /** Acknowledged (issue 15): when and by whom; null while nobody has. */
  ackAt: string | null;
  ackBy: string;
  /** When the alarm escalated (unacknowledged past alarm.escalateMinutes). */
  escalatedAt: string | null;
  /** Open, unacknowledged and past the escalation time, as of the answer. */
  overdue: boolean;
}

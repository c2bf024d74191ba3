import { z } from 'zod';
import { ackCommentField } from './oncall';
import { WARNING_LEVELS } from '../constants';
import { DEAL_RESULTS, WARNING_RESULTS } from '../choices';
import { instantText, requiredString } from './common';
import { filterDate, filterEnum, filterId, intField, optionalDate, refId, textField } from './work-fields';
import { rangeOrder } from './query-filters';
import { statDay, statFilterShape } from './stat-filters';

/** Warnings raised by boards (docs/domain.md §3, §5): open until dealt with or cleared by normal readings. */
// Defined with the choices, where the screens read them without loading these schemas (and zod).
export { WARNING_RESULTS, DEAL_RESULTS };
// Defined with the constants, where the walls read it without loading these schemas (and zod).
export { WARNING_LEVELS };
export const WARNING_KINDS = ['channel', 'offline', 'sensor'] as const;
/**
 * Why an open warning does not sound (fall_warning.suppressed_by, docs/alarms.md): a person shelved
 * it, its unit is out of service, its board is offline, its project is in a maintenance window. It
 * stays open and counted.
 */
export const SUPPRESSED_BY = ['shelved', 'out_of_service', 'board_offline', 'maintenance'] as const;
export type SuppressedBy = (typeof SUPPRESSED_BY)[number];
/** The longest shelving a request may name at all (the setting alarm.shelveMaxMinutes sets the real one). */
export const SHELVE_MINUTES_LIMIT = 525_600;

export const warningQuerySchema = z.strictObject({
  projectId: filterId(),
  detectId: filterId(),
  /** open = not dealt with yet. */
  result: filterEnum(['open', ...WARNING_RESULTS] as const),
  level: filterEnum(WARNING_LEVELS),
  kind: filterEnum(WARNING_KINDS),
  /** none = alarms (not suppressed); else the cause it is (or was, when it closed) suppressed by. */
  suppressed: filterEnum(['none', ...SUPPRESSED_BY] as const),
  /** unacked = open and nobody has acknowledged it yet. */
  ack: filterEnum(['unacked', 'acked'] as const),
  from: filterDate(),
  to: filterDate(),
  /** The statistics screen's drill-down (fall/stats): raised on the UTC days statFrom..statTo, in the area / country, on a unit of the category. */
  statFrom: z.preprocess((v) => (v === '' || v === null ? undefined : v), statDay().optional()),
  statTo: z.preprocess((v) => (v === '' || v === null ? undefined : v), statDay().optional()),
  area: statFilterShape.area,
  country: statFilterShape.country,
  category: statFilterShape.category,
  /** The statistics' "faults predicted" drill-down: warnings whose unit had a preventive order in the days before (docs/predictive.md). */
  predicted: filterEnum(['yes'] as const),
}).superRefine(rangeOrder('from', 'to')).superRefine(rangeOrder('statFrom', 'statTo'));

/** POST /ball/fallwarning/deal. */
export const warningDealSchema = z.strictObject({
  id: refId(),
  result: z.enum(DEAL_RESULTS, { error: 'v.required' }),
  note: textField(2000).optional(),
});

/** POST /ball/fallwarning/ack: someone has seen the alarm (it stays open until dealt with). */
export const warningAckSchema = z.strictObject({
  id: refId(),
  /** What the person says (optional: walls and older callers send the id only). */
  comment: ackCommentField(),
});

/**
 * POST /ball/fallwarning/shelve: one alarm (`id`) or every open alarm of a unit (`equipmentId`) stops
 * sounding for `minutes` (at most alarm.shelveMaxMinutes), for a reason that is required.
 */
export const warningShelveSchema = z
  .strictObject({
    id: refId().optional(),
    equipmentId: refId().optional(),
    minutes: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: (issue) => (issue.input === undefined || issue.input === '' ? 'v.required' : 'v.invalid') })
        .int({ message: 'v.invalid' })
        .min(1, { message: 'v.invalid' })
        .max(SHELVE_MINUTES_LIMIT, { message: 'v.shelveTooLong' }),
    ),
    reason: requiredString(500),
  })
  .superRefine((v, ctx) => {
    if ((v.id === undefined) === (v.equipmentId === undefined)) ctx.addIssue({ code: 'custom', path: ['id'], message: 'v.shelveTarget' });
  });

/** POST /ball/fallwarning/unshelve: the alarm (or every shelved alarm of a unit) sounds again now if it still stands. */
export const warningUnshelveSchema = z
  .strictObject({ id: refId().optional(), equipmentId: refId().optional() })
  .superRefine((v, ctx) => {
    if ((v.id === undefined) === (v.equipmentId === undefined)) ctx.addIssue({ code: 'custom', path: ['id'], message: 'v.shelveTarget' });
  });

/** The shelve and unshelve calls' answer: the warnings they changed, and until when. */
export const warningShelvedSchema = z.object({ ids: z.array(z.number()), until: instantText().nullable() });

/**
 * POST /ball/fallwarning/service (under the warnings' rights: parking alarms): a unit under repair or drained is set out of service (`inService:
 * false`, with a required reason and an optional end), or back in service (`inService: true`).
 */
export const equipmentServiceSchema = z.discriminatedUnion(
  'inService',
  [
    z.strictObject({ equipmentId: refId(), inService: z.literal(false), reason: requiredString(500), until: optionalDate().optional() }),
    z.strictObject({ equipmentId: refId(), inService: z.literal(true) }),
  ],
  { error: 'v.required' },
);
export const equipmentServiceAnswerSchema = z.object({ equipmentId: z.number(), outOfServiceAt: instantText().nullable(), outOfServiceUntil: instantText().nullable(), released: z.number(), suppressed: z.number() });

/** POST /ball/fallwarning/alarms: the open, unacknowledged alarms a wall pops up (of one project, or all). */
export const warningAlarmsSchema = z.strictObject({
  projectId: filterId(),
});

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
export const warningLatestAnswerSchema = (row: z.ZodType) => z.object({ list: z.array(row), openTotal: z.number() });

export const warningRowSchema = z.object({
  id: z.number(),
  at: instantText(),
  info: z.string(),
  kind: z.enum(WARNING_KINDS),
  level: z.enum(WARNING_LEVELS),
  projectId: z.number(),
  projectName: z.string().nullable(),
  /** The project's English name; empty when it has none. */
  projectNameEn: z.string().nullable(),
  detectId: z.number().nullable(),
  boardName: z.string().nullable(),
  boardNameEn: z.string().nullable(),
  channel: z.number().nullable(),
  equipmentId: z.number().nullable(),
  equipmentName: z.string().nullable(),
  equipmentNameEn: z.string().nullable(),
  dealAt: instantText().nullable(),
  result: z.enum(WARNING_RESULTS).nullable(),
  note: z.string(),
  dealtBy: z.string(),
  orderId: z.number().nullable(),
  /** Acknowledged: when and by whom; null while nobody has. */
  ackAt: instantText().nullable(),
  ackBy: z.string(),
  /** What the person who acknowledged it said ('' when nothing). */
  ackComment: z.string().optional(),
  /** When the alarm escalated (unacknowledged past alarm.escalateMinutes). */
  escalatedAt: instantText().nullable(),
  /** The highest level of alarm.notifyMinutes reached: people were told up to it (0: nobody yet). */
  notifyLevel: z.number(),
  /** Chattering: the warnings of its board and channel in the 60 s up to it, itself included, when 3 or more; 0 otherwise (docs/alarms.md). */
  chatter: z.number(),
  /** Open, unacknowledged and past the escalation time, as of the answer. */
  overdue: z.boolean(),
  /** Why it does not sound, when it does not (docs/alarms.md); null = it alarms. Kept on a closed warning. */
  suppressedBy: z.enum(SUPPRESSED_BY).nullable(),
  /** The last shelving: until when, by whom, why (kept after it ended). */
  shelvedUntil: instantText().nullable(),
  shelvedBy: z.string().default(''),
  shelveReason: z.string().default(''),
});
export type WarningRow = z.output<typeof warningRowSchema>;

/** POST /ball/fallwarning/deal's answer: how it was closed, when and by whom. */
export const warningDealtSchema = warningRowSchema.pick({ id: true, dealAt: true, dealtBy: true }).extend({ result: z.enum(DEAL_RESULTS), dealAt: instantText() });

const ALARM_TONES = ['none', 'beep', 'chime', 'siren'] as const;

/** The alarms call's answer: what pops up, and the settings that say how it sounds. */
/** A group of a wall's alarms while it is in flood: one project's unit (or board, for alarms on no unit). */
export const alarmGroupSchema = z.object({
  projectId: z.number(),
  projectName: z.string().nullable(),
  projectNameEn: z.string().nullable(),
  equipmentId: z.number().nullable(),
  equipmentName: z.string().nullable(),
  equipmentNameEn: z.string().nullable(),
  detectId: z.number().nullable(),
  boardName: z.string().nullable(),
  boardNameEn: z.string().nullable(),
  count: z.number(),
  /** The worst level of the group's alarms. */
  level: z.enum(WARNING_LEVELS),
  latestAt: instantText(),
});
export type AlarmGroup = z.output<typeof alarmGroupSchema>;

export const warningAlarmsAnswerSchema = z.object({
  /** The newest alarms, at most 50 of `total`. */
  list: z.array(warningRowSchema),
  /** Every alarm the wall holds (the list is the newest of them). */
  total: z.number(),
  /**
   * The alarm rate (docs/alarms.md "Flood on the wall"): alarms raised in the last 10 minutes; while
   * more than 10, `active`, and the alarms grouped by project and unit, worst first.
   */
  flood: z.object({ raised: z.number(), active: z.boolean(), groups: z.array(alarmGroupSchema) }),
  sounds: z.object({ info: z.enum(ALARM_TONES), warning: z.enum(ALARM_TONES), critical: z.enum(ALARM_TONES) }),
  levels: z.array(z.enum(WARNING_LEVELS)),
  escalateMinutes: z.number(),
  /** How long a wall's mute lasts (alarm.muteMinutes; 0: walls cannot be muted). */
  muteMinutes: z.number(),
  /** Open alarms of the popping levels shelved now, in the same scope as `list` (the strip's "shelved N"). */
  shelved: z.number(),
  /** The longest shelving (alarm.shelveMaxMinutes). */
  shelveMaxMinutes: z.number(),
  /**
   * The wall's projects in an alarm maintenance window now (docs/alarms.md "Maintenance windows"):
   * how many, and the earliest end among them (null: none).
   */
  maintenance: z.object({ projects: z.number(), until: instantText().nullable() }),
});
export type WarningAlarms = z.output<typeof warningAlarmsAnswerSchema>;

/** POST /ball/fallwarning/ack's answer: who acknowledged, and when. */
export const warningAckAnswerSchema = z.object({ id: z.number(), ackAt: instantText(), ackBy: z.string(), ackComment: z.string() });


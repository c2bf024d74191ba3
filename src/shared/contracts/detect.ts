import { z } from 'zod';
import { idTextSchema, requiredString, instantText } from './common';
import { filterId, filterText, numberField, intField, optionalRefId, refId, textField } from './work-fields';
import { archivedColumnsShape, archivedQueryField } from './archive';
import { CHANNEL_RESULTS, TREND_RANGES, channelShown, type ChannelShown } from '../choices';

/** Detection boards (fall/detect) with their nine channels CH1–CH9 (docs/domain.md §3, §5). */
export const CHANNEL_COUNT = 9;
export const MODBUS_DEFAULT_PORT = 502;
export const SLAVE_MIN = 1;
export const SLAVE_MAX = 247;
export { CHANNEL_RESULTS, channelShown, type ChannelShown };

const position = () => numberField(0, 1).nullable().optional();

const boardFields = {
  projectId: refId(),
  slave: intField(SLAVE_MIN, SLAVE_MAX).optional(),
  /** Empty for a board that only pushes HTTP reports (it is not polled). */
  ip: textField(64)
    .refine((v) => v === '' || /^[A-Za-z0-9.-]+$/.test(v), { message: 'v.invalid' })
    .optional(),
  port: intField(1, 65_535).optional(),
  boardName: requiredString(128),
  /** The name in English; empty shows the name in English too. */
  boardNameEn: textField(128).optional(),
  boardNo: textField(64).optional(),
  /** Position on the project's site plan, as fractions of its width and height. */
  posX: position(),
  posY: position(),
  pollSeconds: intField(1, 3600).optional(),
};
export const boardSaveSchema = z.strictObject(boardFields);
export const boardUpdateSchema = z.strictObject({
  ...boardFields,
  projectId: boardFields.projectId.optional(),
  boardName: boardFields.boardName.optional(),
  id: refId(),
});
export const boardQuerySchema = z.strictObject({ projectId: filterId(), boardName: filterText(128), boardNo: filterText(64), archived: archivedQueryField });

const channelNo = () => intField(1, CHANNEL_COUNT);

/** The largest on-delay or off-delay (a day): beyond it a condition is not "held", it is a report. */
export const CONDITION_DELAY_MAX = 86_400;
/** The most switch faults "N in M" may ask for, and the longest window (a day, in minutes). */
export const REPEAT_COUNT_MAX = 100;
export const REPEAT_MINUTES_MAX = 1_440;
const inherit = <T extends z.ZodType>(field: T) => z.preprocess((v) => (v === '' ? null : v), field.nullable());

/**
 * Alarm conditioning (docs/alarms.md "Conditioning"), a channel's or a device model's: null (or '')
 * = inherit (the channel from its unit's device model, the model from today's behaviour).
 */
export const conditioningFields = {
  /** The condition must hold this many seconds before it alarms. */
  onDelaySeconds: inherit(intField(0, CONDITION_DELAY_MAX)).optional(),
  /** An alarm must read normal this many seconds (and detect.closeAfterNormal readings) before it clears. */
  offDelaySeconds: inherit(intField(0, CONDITION_DELAY_MAX)).optional(),
  /** An analog alarm clears only back inside [analogMin + band, analogMax − band]. */
  deadband: inherit(numberField(0, 1e9)).optional(),
  /** A switch fault alarms at its N-th fault within repeatMinutes (1: the first). */
  repeatCount: inherit(intField(1, REPEAT_COUNT_MAX)).optional(),
  repeatMinutes: inherit(intField(1, REPEAT_MINUTES_MAX)).optional(),
};
export const conditioningRowShape = {
  onDelaySeconds: z.number().nullable(),
  offDelaySeconds: z.number().nullable(),
  deadband: z.number().nullable(),
  repeatCount: z.number().nullable(),
  repeatMinutes: z.number().nullable(),
};

/** POST /ball/falldetect/channels/update: labels, linked equipment and analog ranges. */
export const channelsUpdateSchema = z.strictObject({
  id: refId(),
  channels: z
    .array(
      z.strictObject({
        ch: channelNo(),
        label: textField(64).optional(),
        labelEn: textField(64).optional(),
        equipmentId: optionalRefId().optional(),
        analogMin: numberField(-1e9, 1e9).optional(),
        analogMax: numberField(-1e9, 1e9).optional(),
        /** The analog value's unit (kPa, m, %…): its trend's axis and tooltip. */
        unit: textField(16).optional(),
        /** The checklist item (its key) whose numbers are this channel read by hand: drawn in its trend. Empty: none. */
        checkKey: z.string().trim().regex(/^(|[a-z0-9][a-z0-9_-]{0,31})$/, { message: 'v.checklistKey' }).optional(),
        ...conditioningFields,
      }),
    )
    .min(1, { message: 'v.required' })
    .max(CHANNEL_COUNT, { message: 'v.tooLong' }),
});

/** One reading of one channel: the switch input (1 = fault contact closed) and the analog value. */
export const channelReadingSchema = z.strictObject({
  ch: channelNo(),
  switch: z.union([z.literal(0), z.literal(1)], { error: 'v.invalid' }),
  analog: numberField(-1e9, 1e9),
});
export type ChannelReading = z.infer<typeof channelReadingSchema>;

/** A reading's channels: 1–9, each channel at most once (a reading naming one twice is refused, not guessed at). */
const readingChannels = () =>
  z
    .array(channelReadingSchema)
    .min(1, { message: 'v.required' })
    .max(CHANNEL_COUNT, { message: 'v.tooLong' })
    .refine((list) => new Set(list.map((c) => c.ch)).size === list.length, { message: 'v.channelTwice' });

/** The largest signed body a board may send (a nine-channel reading is about 400 bytes); larger is refused unread. */
export const REPORT_BODY_MAX_BYTES = 4_096;
/** The largest MQTT packet the subscriber accepts (MQTT 5 maximum packet size): the envelope of the largest body, topic and headers. */
export const REPORT_PACKET_MAX_BYTES = 16_384;
/** Board reading times are epoch milliseconds between 2000 and 2100 (anything else is not a clock). */
const READING_TIME_MIN = 946_684_800_000;
const READING_TIME_MAX = 4_102_444_800_000;

/**
 * What a board signs (docs/devices.md "Signed readings"): which board it is, when it read (`at`, its
 * own clock, epoch ms), its message counter (`seq`) and the channels. Sent as the exact JSON text in
 * the envelope's `body`; the signature covers those bytes, so nothing is re-serialised to check it.
 */
export const signedReadingSchema = z
  .strictObject({
    boardNo: textField(64).min(1).optional(),
    boardId: refId().optional(),
    at: z.number({ error: 'v.invalid' }).int({ message: 'v.invalid' }).min(READING_TIME_MIN, { message: 'v.invalid' }).max(READING_TIME_MAX, { message: 'v.invalid' }),
    seq: z.number({ error: 'v.invalid' }).int({ message: 'v.invalid' }).min(0, { message: 'v.invalid' }).max(Number.MAX_SAFE_INTEGER, { message: 'v.invalid' }),
    channels: readingChannels(),
  })
  .refine((b) => b.boardNo !== undefined || b.boardId !== undefined, { message: 'v.required', path: ['boardNo'] });
export type SignedReading = z.infer<typeof signedReadingSchema>;

/**
 * POST /ball/detect/report (header X-Project-Key) and the MQTT payload: the signed body as text and
 * its HMAC-SHA256 in hex. The board key never travels; only what it signed does.
 */
export const boardReportSchema = z.strictObject({
  body: z.string().min(2, { message: 'v.required' }).max(REPORT_BODY_MAX_BYTES, { message: 'v.tooLong' }),
  sig: z.string().regex(/^[0-9a-f]{64}$/, { message: 'v.invalid' }),
});
export type BoardReport = z.infer<typeof boardReportSchema>;

/** Why a board's report was last refused, as operators see it on the board (docs/devices.md). */
export const REFUSAL_REASONS = ['signature', 'unsigned', 'noKey', 'stale', 'future'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** POST /ball/detect/report's answer: the warnings the reading opened and closed, and the orders it raised. */
export const readingOutcomeSchema = z.object({ opened: z.array(z.number().int()), closed: z.array(z.number().int()), orders: z.array(z.number().int()) });
/** POST /ball/falldetect/key's answer: the board's new report key, shown this once. */
export const boardKeyIssuedSchema = z.object({ id: z.number().int(), boardKey: z.string() });

export const channelRowSchema = z.object({
  id: z.number(),
  ch: z.number(),
  label: z.string(),
  labelEn: z.string(),
  equipmentId: z.number().nullable(),
  equipmentName: z.string().nullable(),
  equipmentNameEn: z.string().nullable(),
  switchValue: z.number(),
  analogValue: z.number(),
  analogMin: z.number(),
  analogMax: z.number(),
  unit: z.string(),
  checkKey: z.string(),
  result: z.enum(CHANNEL_RESULTS),
  updatedAt: instantText(),
  /** The channel's own conditioning (null: inherited), and its unit's device model's beneath it. */
  ...conditioningRowShape,
  model: z.object(conditioningRowShape).nullable(),
  /** Since when a condition not yet alarmed (an on-delay, N in M) or an alarm's off-delay runs; null when none. */
  pendingSince: instantText().nullable(),
  normalSince: instantText().nullable(),
});
export type ChannelRow = z.output<typeof channelRowSchema>;

export const boardRowSchema = z.object({
  ...archivedColumnsShape,
  id: z.number(),
  projectId: z.number(),
  projectName: z.string().nullable(),
  /** The project's English name; empty when it has none. */
  projectNameEn: z.string().nullable(),
  slave: z.number(),
  ip: z.string(),
  port: z.number(),
  boardName: z.string(),
  boardNameEn: z.string(),
  boardNo: z.string(),
  posX: z.number().nullable(),
  posY: z.number().nullable(),
  pollSeconds: z.number(),
  /** Whether a report key has been issued (the key itself is never shown again). */
  hasKey: z.boolean(),
  lastSeen: instantText().nullable(),
  online: z.boolean(),
  faultCount: z.number(),
  /** The board's last refused report: why, when, and since when the same refusal repeats (null: none). */
  refusedReason: z.enum(REFUSAL_REASONS).nullable(),
  refusedAt: instantText().nullable(),
  refusedSince: instantText().nullable(),
  /**
   * Readings the board should have sent over the last hour and that did not arrive (gaps in its
   * sequence or its period, and its silence now: docs/devices.md "Missing readings"), and since when
   * they go missing (null: none).
   */
  missed: z.number(),
  missingSince: instantText().nullable(),
  createdAt: instantText(),
});
export type BoardRow = z.output<typeof boardRowSchema>;

export const boardInfoSchema = boardRowSchema.extend({
  channels: z.array(channelRowSchema),
});
export type BoardInfo = z.output<typeof boardInfoSchema>;

/** GET /ball/falldetect/trend/:id?hours=24: each channel's trend from the downsampled history. */
export const TREND_MAX_HOURS = 24 * 31;
export const boardTrendQuerySchema = z.strictObject({ hours: intField(1, TREND_MAX_HOURS).optional() });

/** One bucket of a channel's trend: its analog values' minimum, maximum, average and how many readings. */
export const trendPointSchema = z.strictObject({ t: z.string(), min: z.number(), max: z.number(), avg: z.number(), count: z.number().int() });
export const boardTrendSchema = z.strictObject({
  id: z.number().int(),
  hours: z.number().int(),
  /** 'minute': minute buckets grouped by stepSeconds (up to 48 h); 'hour': hour buckets. */
  grain: z.enum(['minute', 'hour']),
  stepSeconds: z.number().int(),
  channels: z.array(
    z.strictObject({ ch: z.number().int(), label: z.string(), analogMin: z.number(), analogMax: z.number(), points: z.array(trendPointSchema) }),
  ),
});
export type BoardTrend = z.infer<typeof boardTrendSchema>;

/**
 * One channel's trend (docs/devices.md "Trends"): the last hour in minutes, the last 24 hours in
 * 5-minute buckets (both from the per-minute rollup and the raw readings not rolled up yet), the last
 * 7 days in hours (the per-hour rollup, then the minutes and raw readings after it). Read by
 * GET /ball/falldetect/trend/:id/channel/:ch?range= (back-office) and
 * GET /wall/project/:id/trend?board=&ch=&range= (walls).
 */
export { TREND_RANGES };
export type TrendRange = (typeof TREND_RANGES)[number];
const trendRange = () => z.enum(TREND_RANGES, { error: 'v.invalid' });
/** A channel number as a path or query sends it: one digit 1–9, nothing else. */
const channelText = () =>
  z
    .string({ error: 'v.channel' })
    .regex(/^[1-9]$/, { message: 'v.channel' })
    .transform((v) => Number(v));
export const channelTrendParamsSchema = z.strictObject({ id: idTextSchema(), ch: channelText() });
export const channelTrendQuerySchema = z.strictObject({ range: trendRange().optional() });
export const wallTrendQuerySchema = z.strictObject({ board: idTextSchema(), ch: channelText(), range: trendRange().optional() });

/** A bucket of a channel's trend; `faults`: how many of its readings had the fault switch closed. */
export const channelTrendPointSchema = trendPointSchema.extend({ faults: z.number().int() });
/** A warning on the channel opened in the range: a fault mark on the chart. */
export const trendMarkSchema = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  level: z.string(),
  kind: z.string(),
  /** When it was dealt with (null: still open). */
  dealAt: z.string().nullable(),
});
/**
 * A number a technician read on the channel's unit in a checklist, for the item the channel names
 * (`checkKey`, docs/maintenance.md "Checklists"): drawn beside the board's readings.
 */
export const trendCheckSchema = z.strictObject({
  at: z.string(),
  value: z.number(),
  label: z.string(),
  labelEn: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Within the item's limits when it was judged. */
  ok: z.boolean(),
});
export const channelTrendSchema = z.strictObject({
  boardId: z.number().int(),
  ch: z.number().int(),
  label: z.string(),
  labelEn: z.string(),
  unit: z.string(),
  /** The channel's normal range. */
  analogMin: z.number(),
  analogMax: z.number(),
  range: z.enum(TREND_RANGES),
  grain: z.enum(['minute', 'hour']),
  stepSeconds: z.number().int(),
  from: z.string(),
  to: z.string(),
  points: z.array(channelTrendPointSchema),
  marks: z.array(trendMarkSchema),
  checks: z.array(trendCheckSchema),
});
export type ChannelTrend = z.infer<typeof channelTrendSchema>;

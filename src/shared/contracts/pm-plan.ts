import { z } from 'zod';
import { LOCAL_DATE_PATTERN } from '../local-time';
import { CHANNEL_COUNT } from './detect';
import { instantText } from './common';
import { isCalendarDate } from './oncall';
import { ORDER_PRIORITIES } from './order';
import { filterEnum, filterId, filterText, intField, refId, textField } from './work-fields';

/**
 * Preventive plans (fall/pm-plan, issue 39, docs/maintenance.md "Preventive plans"): work a plan
 * opens as a preventive order ahead of its due date, per unit, device model or project, by exactly
 * one trigger — a calendar, a meter (run-hours or starts from a board channel's readings) or the
 * project's closed season.
 */
export const PM_TARGETS = ['unit', 'model', 'project'] as const;
export type PmTarget = (typeof PM_TARGETS)[number];
export const PM_TRIGGERS = ['calendar', 'meter', 'season'] as const;
export type PmTrigger = (typeof PM_TRIGGERS)[number];
/** Every N days, weeks or months, or every N weeks on a weekday. */
export const PM_CALENDAR_UNITS = ['day', 'week', 'month', 'weekday'] as const;
export type PmCalendarUnit = (typeof PM_CALENDAR_UNITS)[number];
/** completion: the next due date counts from the day the last order was completed; schedule: from the fixed dates. */
export const PM_CALENDAR_FROM = ['completion', 'schedule'] as const;
export const PM_METER_KINDS = ['hours', 'starts'] as const;
export type PmMeterKind = (typeof PM_METER_KINDS)[number];
/** What says the unit runs: its switch input reads 1, or its analog value (a current) is above `runAbove`. */
export const PM_METER_SIGNALS = ['switch', 'analog'] as const;
/** end: winterisation, N days before the operating season ends (a closed season begins); start: spring start-up, N days before it begins again. */
export const PM_SEASON_WHEN = ['end', 'start'] as const;
/** Longest every-N, lead and season offset, in days (or units): a year and a day. */
export const PM_DAYS_MAX = 366;
export const PM_LIMIT_MAX = 1_000_000;

const localDate = () => z.string({ error: 'v.localDate' }).regex(LOCAL_DATE_PATTERN, { message: 'v.localDate' }).refine(isCalendarDate, { message: 'v.localDate' });
const every = () =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: 'v.pmEvery' }).int({ message: 'v.pmEvery' }).min(1, { message: 'v.pmEvery' }).max(PM_DAYS_MAX, { message: 'v.pmEvery' }));
const positive = () =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: 'v.pmLimit' }).gt(0, { message: 'v.pmLimit' }).max(PM_LIMIT_MAX, { message: 'v.pmLimit' }));

export const pmCalendarSchema = z
  .strictObject({
    unit: z.enum(PM_CALENDAR_UNITS, { error: 'v.invalid' }),
    every: every(),
    /** unit 'weekday': Monday 1 … Sunday 7. */
    weekday: z.preprocess((v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v), intField(1, 7).nullable()).optional(),
    /** The first due date (a weekday plan's first is the first such weekday on or after it). */
    startDate: localDate(),
    from: z.enum(PM_CALENDAR_FROM, { error: 'v.invalid' }),
  })
  .superRefine((v, ctx) => {
    if (v.unit === 'weekday' && !v.weekday) ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'v.required' });
  });
export type PmCalendar = z.output<typeof pmCalendarSchema>;

export const pmMeterSchema = z
  .strictObject({
    kind: z.enum(PM_METER_KINDS, { error: 'v.invalid' }),
    detectId: refId(),
    ch: intField(1, CHANNEL_COUNT),
    signal: z.enum(PM_METER_SIGNALS, { error: 'v.invalid' }),
    /** signal 'analog': the value above which the unit runs (a pump's current, in the channel's unit). */
    runAbove: z.preprocess((v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v), z.number({ error: 'v.invalid' }).min(-1e8, { message: 'v.invalid' }).max(1e8, { message: 'v.invalid' }).nullable()).optional(),
    /** Hours or starts at which the order opens. */
    limit: positive(),
    /** Already counted when the plan is made (hours since the last service). */
    initial: z.preprocess((v) => (v === '' || v === undefined || v === null ? 0 : typeof v === 'string' ? Number(v) : v), z.number({ error: 'v.invalid' }).min(0, { message: 'v.invalid' }).max(PM_LIMIT_MAX, { message: 'v.invalid' })).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.signal === 'analog' && (v.runAbove === null || v.runAbove === undefined)) ctx.addIssue({ code: 'custom', path: ['runAbove'], message: 'v.required' });
  });
export type PmMeter = z.output<typeof pmMeterSchema>;

export const pmSeasonSchema = z.strictObject({
  when: z.enum(PM_SEASON_WHEN, { error: 'v.invalid' }),
  days: intField(0, PM_DAYS_MAX),
});
export type PmSeason = z.output<typeof pmSeasonSchema>;

const planFields = {
  projectId: refId(),
  name: textField(100).min(1, { message: 'v.required' }),
  nameEn: textField(100).optional(),
  target: z.enum(PM_TARGETS, { error: 'v.invalid' }),
  equipmentId: z.preprocess((v) => (v === '' ? null : v), refId().nullable()).optional(),
  deviceId: z.preprocess((v) => (v === '' ? null : v), refId().nullable()).optional(),
  checklistId: z.preprocess((v) => (v === '' ? null : v), refId().nullable()).optional(),
  priority: z.enum(ORDER_PRIORITIES, { error: 'v.invalid' }).optional(),
  leadDays: intField(0, PM_DAYS_MAX).optional(),
  /** Exactly one of the three; the others absent or null. */
  calendar: pmCalendarSchema.nullable().optional(),
  meter: pmMeterSchema.nullable().optional(),
  season: pmSeasonSchema.nullable().optional(),
  remark: textField(500).optional(),
};

export interface PlanShape {
  target?: PmTarget;
  equipmentId?: number | string | null;
  deviceId?: number | string | null;
  calendar?: unknown;
  meter?: unknown;
  season?: unknown;
}

/**
 * What a plan as a whole needs, checked on the whole plan (an update's fields over the stored ones):
 * exactly one trigger (none is `400 trigger` "needs a trigger", two `400 trigger` "only one"); its
 * unit for a unit plan, its model for a model plan; a meter counts one unit's channel, so a meter
 * plan is a unit plan.
 */
export function checkPlan(v: PlanShape, ctx: z.RefinementCtx): void {
  const triggers = PM_TRIGGERS.filter((k) => v[k] !== null && v[k] !== undefined);
  if (triggers.length === 0) ctx.addIssue({ code: 'custom', path: ['trigger'], message: 'v.pmTriggerNone' });
  if (triggers.length > 1) ctx.addIssue({ code: 'custom', path: ['trigger'], message: 'v.pmTriggerTwo' });
  if (v.target === 'unit' && !v.equipmentId) ctx.addIssue({ code: 'custom', path: ['equipmentId'], message: 'v.required' });
  if (v.target === 'model' && !v.deviceId) ctx.addIssue({ code: 'custom', path: ['deviceId'], message: 'v.required' });
  if (v.meter && v.target !== 'unit') ctx.addIssue({ code: 'custom', path: ['target'], message: 'v.pmMeterUnit' });
}

export const pmPlanSaveSchema = z.strictObject(planFields).superRefine(checkPlan);
export type PmPlanSave = z.output<typeof pmPlanSaveSchema>;

/** An update: any of the fields, over the stored plan (checked whole by `checkPlan` on the server). */
export const pmPlanUpdateSchema = z.strictObject({
  ...planFields,
  projectId: refId().optional(),
  name: planFields.name.optional(),
  target: planFields.target.optional(),
  id: refId(),
});
export type PmPlanUpdate = z.output<typeof pmPlanUpdateSchema>;

export const pmPlanQuerySchema = z.object({
  keyword: filterText(),
  projectId: filterId(),
  trigger: filterEnum(PM_TRIGGERS),
});

const calendarOut = z.object({ unit: z.enum(PM_CALENDAR_UNITS), every: z.number(), weekday: z.number().nullable().optional(), startDate: z.string(), from: z.enum(PM_CALENDAR_FROM) });
const meterOut = z.object({ kind: z.enum(PM_METER_KINDS), detectId: z.number(), ch: z.number(), signal: z.enum(PM_METER_SIGNALS), runAbove: z.number().nullable().optional(), limit: z.number(), initial: z.number().optional() });
const seasonOut = z.object({ when: z.enum(PM_SEASON_WHEN), days: z.number() });

export const pmPlanRowSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  projectNameEn: z.string(),
  name: z.string(),
  nameEn: z.string(),
  target: z.enum(PM_TARGETS),
  equipmentId: z.number().nullable(),
  equipmentName: z.string().nullable(),
  equipmentNameEn: z.string().nullable(),
  deviceId: z.number().nullable(),
  deviceName: z.string().nullable(),
  deviceNameEn: z.string().nullable(),
  checklistId: z.number().nullable(),
  checklistName: z.string().nullable(),
  checklistNameEn: z.string().nullable(),
  priority: z.enum(ORDER_PRIORITIES),
  leadDays: z.number(),
  trigger: z.enum(PM_TRIGGERS),
  calendar: calendarOut.nullable(),
  meter: meterOut.nullable(),
  season: seasonOut.nullable(),
  remark: z.string(),
  /** Orders it has opened. */
  orders: z.number(),
  createdAt: instantText(),
  updatedAt: instantText(),
});
export type PmPlanRow = z.output<typeof pmPlanRowSchema>;

/** GET /ball/fallpmplan/due?projectId=[&at=ISO]: what each plan has due next, per unit it covers, soonest first. */
export const pmDueQuerySchema = z.strictObject({
  projectId: z.string().regex(/^[1-9][0-9]{0,9}$/, { message: 'v.id' }),
  /** As of this instant (default now): what was or will be due then. */
  at: z.iso.datetime({ offset: true, error: 'v.invalid' }).optional(),
});

export const pmDueRowSchema = z.object({
  planId: z.number(),
  planName: z.string(),
  planNameEn: z.string(),
  trigger: z.enum(PM_TRIGGERS),
  calendar: calendarOut.nullable(),
  meter: meterOut.nullable(),
  season: seasonOut.nullable(),
  leadDays: z.number(),
  equipmentId: z.number().nullable(),
  equipmentName: z.string().nullable(),
  equipmentNameEn: z.string().nullable(),
  /** The next due date (local, YYYY-MM-DD); null for a meter (its count says how near) or when nothing is due (awaiting completion, no season ahead). */
  dueDate: z.string().nullable(),
  /** The day its order opens: the due date less the lead. */
  opensOn: z.string().nullable(),
  /** A meter's count since its last order. */
  meterValue: z.number().nullable(),
  /** The order already opened for this due date, or the last one still open when the next waits for its completion. */
  openOrderId: z.number().nullable(),
  openOrderNumber: z.string().nullable(),
  /** why nothing is due: `awaiting` (from completion: the last order is still open), `none` (no date ahead). */
  waiting: z.enum(['awaiting', 'none']).nullable(),
});
export type PmDueRow = z.output<typeof pmDueRowSchema>;

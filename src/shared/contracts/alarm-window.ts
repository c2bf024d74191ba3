import { z } from 'zod';
import { LOCAL_DATE_PATTERN } from '../local-time';
import { instantText } from './common';
import { isCalendarDate, slotSchema } from './oncall';
import { filterId, filterText, refId, textField } from './work-fields';

/**
 * Alarm maintenance windows (issue 38, docs/alarms.md "Maintenance windows"): a project's recurring
 * weekly hours, or a range of whole local days (a winter drain-down), in the project's own time zone,
 * during which its alarms are suppressed ('maintenance') and its escalation waits.
 */
export const WINDOW_KINDS = ['weekly', 'dates'] as const;
export type WindowKind = (typeof WINDOW_KINDS)[number];
export const WINDOW_SLOTS_MAX = 14;
/** A date window spans at most this many days (a season, with room). */
export const WINDOW_DAYS_MAX = 366;

const localDateField = () => z.string({ error: 'v.localDate' }).regex(LOCAL_DATE_PATTERN, { message: 'v.localDate' }).refine(isCalendarDate, { message: 'v.localDate' });
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

const windowFields = {
  projectId: refId(),
  name: textField(64).min(1, { message: 'v.required' }),
  kind: z.enum(WINDOW_KINDS, { error: 'v.invalid' }),
  slots: z.array(slotSchema, { error: 'v.invalid' }).max(WINDOW_SLOTS_MAX, { message: 'v.invalid' }).optional(),
  dateFrom: z.preprocess(blankToNull, localDateField().nullable()).optional(),
  dateTo: z.preprocess(blankToNull, localDateField().nullable()).optional(),
  reason: textField(500).optional(),
};

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * What a window of its kind needs: weekly hours (at least one slot), or both dates, the end on or
 * after the start and at most WINDOW_DAYS_MAX days on. Checked on the whole window (an update's
 * fields over the stored ones: windowShape).
 */
export function checkWindow(v: { kind?: WindowKind; slots?: unknown[] | null; dateFrom?: string | null; dateTo?: string | null }, ctx: z.RefinementCtx): void {
  if (v.kind === 'weekly' && !v.slots?.length) ctx.addIssue({ code: 'custom', path: ['slots'], message: 'v.windowSlots' });
  if (v.kind !== 'dates') return;
  if (!v.dateFrom) ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'v.required' });
  if (!v.dateTo) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'v.required' });
  if (v.dateFrom && v.dateTo) {
    const days = dayNumber(v.dateTo) - dayNumber(v.dateFrom);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'v.windowEnd' });
    else if (days >= WINDOW_DAYS_MAX) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'v.windowLong' });
  }
}

/** A window's shape as a whole (an update's fields over the stored ones), checked as a new one is. */
export const windowShapeSchema = z
  .object({ kind: z.enum(WINDOW_KINDS), slots: z.array(z.unknown()).nullable(), dateFrom: z.string().nullable(), dateTo: z.string().nullable() })
  .superRefine(checkWindow);

/** POST /ball/fallalarmwindow/save (and the form). */
export const windowSaveSchema = z.strictObject(windowFields).superRefine(checkWindow);
export type WindowSave = z.output<typeof windowSaveSchema>;

/** POST /ball/fallalarmwindow/update: any of the fields beside the id; the whole window is checked again on the server. */
export const windowUpdateSchema = z.strictObject({
  id: refId(),
  projectId: windowFields.projectId.optional(),
  name: windowFields.name.optional(),
  kind: windowFields.kind.optional(),
  slots: windowFields.slots,
  dateFrom: windowFields.dateFrom,
  dateTo: windowFields.dateTo,
  reason: windowFields.reason,
});
export type WindowUpdate = z.output<typeof windowUpdateSchema>;

export const windowQuerySchema = z.object({
  keyword: filterText(),
  projectId: filterId(),
});

export const windowRowSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  projectNameEn: z.string(),
  /** The project's time zone, which the hours and dates are read in. */
  timeZone: z.string(),
  name: z.string(),
  kind: z.enum(WINDOW_KINDS),
  slots: z.array(z.object({ days: z.array(z.number()), start: z.string(), end: z.string() })),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  reason: z.string(),
  /** In force now (the project's alarm_window_id is this window), and until when. */
  active: z.boolean(),
  activeUntil: instantText().nullable(),
  createdBy: z.string(),
  createdAt: instantText(),
});
export type WindowRow = z.output<typeof windowRowSchema>;

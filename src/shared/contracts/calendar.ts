import { z } from 'zod';
import { CALENDAR_KINDS, type CalendarKind } from '../calendar';
import { LOCAL_DATE_PATTERN, LOCAL_TIME_PATTERN } from '../local-time';
import { instantText } from './common';
import { isCalendarDate, slotSchema } from './oncall';
import { filterId, filterText, refId, textField } from './work-fields';

/**
 * A project's operating calendar (issue 39, docs/maintenance.md "Operating calendar"): its show
 * programmes, closed seasons, holidays and one-off events, in the project's own time zone
 * (shared/calendar.ts reads them).
 */
export { CALENDAR_KINDS, type CalendarKind };
export const CALENDAR_SLOTS_MAX = 14;
/** A programme's, season's or holiday's days span at most this many (a year and a day). */
export const CALENDAR_DAYS_MAX = 366;

const localDateField = () => z.string({ error: 'v.localDate' }).regex(LOCAL_DATE_PATTERN, { message: 'v.localDate' }).refine(isCalendarDate, { message: 'v.localDate' });
const localTimeField = () => z.string({ error: 'v.localTime' }).regex(LOCAL_TIME_PATTERN, { message: 'v.localTime' });
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

const entryFields = {
  projectId: refId(),
  kind: z.enum(CALENDAR_KINDS, { error: 'v.invalid' }),
  name: textField(64).min(1, { message: 'v.required' }),
  slots: z.array(slotSchema, { error: 'v.invalid' }).max(CALENDAR_SLOTS_MAX, { message: 'v.invalid' }).optional(),
  dateFrom: z.preprocess(blankToNull, localDateField().nullable()).optional(),
  dateTo: z.preprocess(blankToNull, localDateField().nullable()).optional(),
  timeFrom: z.preprocess(blankToNull, localTimeField().nullable()).optional(),
  timeTo: z.preprocess(blankToNull, localTimeField().nullable()).optional(),
  remark: textField(500).optional(),
};

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

export interface EntryShape {
  kind?: CalendarKind;
  slots?: unknown[] | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  timeFrom?: string | null;
  timeTo?: string | null;
}

/**
 * What an entry of its kind needs: a programme its weekly hours (and, if dated, both ends in order);
 * a season or holiday both dates, in order, at most CALENDAR_DAYS_MAX days; an event its date and
 * both times. Checked on the whole entry (an update's fields over the stored ones).
 */
export function checkEntry(v: EntryShape, ctx: z.RefinementCtx): void {
  const range = (required: boolean) => {
    if (required && !v.dateFrom) ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'v.required' });
    if (required && !v.dateTo) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'v.required' });
    if (!required && !v.dateFrom !== !v.dateTo) ctx.addIssue({ code: 'custom', path: [v.dateFrom ? 'dateTo' : 'dateFrom'], message: 'v.calendarBothDates' });
    if (v.dateFrom && v.dateTo && isCalendarDate(v.dateFrom) && isCalendarDate(v.dateTo)) {
      const days = dayNumber(v.dateTo) - dayNumber(v.dateFrom);
      if (days < 0) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'v.windowEnd' });
      else if (days >= CALENDAR_DAYS_MAX) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'v.calendarLong' });
    }
  };
  if (v.kind === 'programme') {
    if (!v.slots?.length) ctx.addIssue({ code: 'custom', path: ['slots'], message: 'v.calendarSlots' });
    range(false);
  } else if (v.kind === 'season' || v.kind === 'holiday') {
    range(true);
  } else if (v.kind === 'event') {
    if (!v.dateFrom) ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'v.required' });
    if (!v.timeFrom) ctx.addIssue({ code: 'custom', path: ['timeFrom'], message: 'v.required' });
    if (!v.timeTo) ctx.addIssue({ code: 'custom', path: ['timeTo'], message: 'v.required' });
    if (v.timeFrom && v.timeTo && v.timeFrom === v.timeTo) ctx.addIssue({ code: 'custom', path: ['timeTo'], message: 'v.calendarEventEmpty' });
  }
}

/** An entry's shape as a whole (an update's fields over the stored ones), checked as a new one is. */
export const entryShapeSchema = z
  .object({
    kind: z.enum(CALENDAR_KINDS),
    slots: z.array(z.unknown()).nullable(),
    dateFrom: z.string().nullable(),
    dateTo: z.string().nullable(),
    timeFrom: z.string().nullable(),
    timeTo: z.string().nullable(),
  })
  .superRefine(checkEntry);

/** POST /ball/fallcalendar/save (and the form). */
export const calendarSaveSchema = z.strictObject(entryFields).superRefine(checkEntry);
export type CalendarSave = z.output<typeof calendarSaveSchema>;

/** POST /ball/fallcalendar/update: any of the fields beside the id; the whole entry is checked again on the server. */
export const calendarUpdateSchema = z.strictObject({
  id: refId(),
  projectId: entryFields.projectId.optional(),
  kind: entryFields.kind.optional(),
  name: entryFields.name.optional(),
  slots: entryFields.slots,
  dateFrom: entryFields.dateFrom,
  dateTo: entryFields.dateTo,
  timeFrom: entryFields.timeFrom,
  timeTo: entryFields.timeTo,
  remark: entryFields.remark,
});
export type CalendarUpdate = z.output<typeof calendarUpdateSchema>;

export const calendarQuerySchema = z.object({
  keyword: filterText(),
  projectId: filterId(),
  kind: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(CALENDAR_KINDS, { error: 'v.invalid' }).optional()),
});

export const calendarRowSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  projectNameEn: z.string(),
  /** The project's time zone, which the hours and dates are read in. */
  timeZone: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  name: z.string(),
  slots: z.array(z.object({ days: z.array(z.number()), start: z.string(), end: z.string() })),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
  remark: z.string(),
  createdBy: z.string(),
  createdAt: instantText(),
});
export type CalendarRow = z.output<typeof calendarRowSchema>;

/** What a project's calendar says now (GET /ball/fallcalendar/now/{projectId}, and the project wall). */
export const showNowSchema = z.object({
  state: z.enum(['show', 'idle', 'closed']),
  /** When this state ends; null when nothing is planned ahead. */
  until: z.string().nullable(),
  /** The show running, or the next one. */
  show: z.object({ start: z.string(), end: z.string() }).nullable(),
  closedBy: z.object({ id: z.number(), kind: z.enum(['season', 'holiday']), name: z.string() }).nullable(),
  timeZone: z.string(),
  /** The project has a programme of its own (else its daily show time stands for one). */
  ownProgramme: z.boolean(),
  at: z.string(),
});
export type ShowNow = z.output<typeof showNowSchema>;
/** The show state as a wall carries it: at the wall's own `at`, so one answer has one instant. */
export const wallShowSchema = showNowSchema.omit({ at: true });
export type WallShow = z.output<typeof wallShowSchema>;

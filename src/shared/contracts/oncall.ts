import { z } from 'zod';
import { LOCAL_DATE_PATTERN, LOCAL_TIME_PATTERN } from '../local-time';
import { instantText } from './common';
import { isEmailAddress, isWebhookUrl } from './escalation';
import { filterId, filterText, intField, refId, textField } from './work-fields';

/**
 * On-call rosters and escalation policies (issue 38, docs/escalation.md). A roster is a project's
 * list of people (system users told by e-mail and/or webhook) with their weekly hours in the
 * project's own time zone, and overrides naming one of them for a whole local date. A policy is a
 * project's steps: wait N minutes, tell the on-call person of a roster (and the project's recipients
 * of the step's level); and how long an alarm acknowledged but still standing waits to be told again.
 */

export const ROSTER_PEOPLE_MAX = 50;
export const ROSTER_OVERRIDES_MAX = 366;
export const POLICY_STEPS_MAX = 5;
/** A step waits at most a week; an acknowledged alarm is re-notified at most a week apart. */
export const STEP_MINUTES_MAX = 10_080;
export const RENOTIFY_MINUTES_MAX = 10_080;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const numberText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** One weekly slot (days, start, end) as rosters and maintenance windows take it. */
export const slotSchema = z.strictObject({
  days: z.array(z.number({ error: 'v.invalid' }).int({ message: 'v.invalid' }).min(1, { message: 'v.invalid' }).max(7, { message: 'v.invalid' }), { error: 'v.invalid' }).min(1, { message: 'v.required' }).max(7, { message: 'v.invalid' }),
  start: z.string({ error: 'v.invalid' }).regex(LOCAL_TIME_PATTERN, { message: 'v.localTime' }),
  end: z.string({ error: 'v.invalid' }).regex(LOCAL_TIME_PATTERN, { message: 'v.localTime' }),
});
export type RosterSlot = z.output<typeof slotSchema>;

/** A person of a roster: a system user; e-mail '' takes the user's own; webhook '' keeps the stored one on an update. */
const personSchema = z.strictObject({
  userId: refId(),
  email: z.preprocess(blankToUndefined, textField(254).refine(isEmailAddress, { message: 'v.email' }).optional()),
  webhook: z.preprocess(blankToUndefined, textField(500).refine(isWebhookUrl, { message: 'v.url' }).optional()),
  slots: z.array(slotSchema, { error: 'v.invalid' }).max(14, { message: 'v.invalid' }),
});

/** A calendar date that exists (2025-02-30 does not). */
export const isCalendarDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const overrideSchema = z.strictObject({
  date: z.string({ error: 'v.invalid' }).regex(LOCAL_DATE_PATTERN, { message: 'v.localDate' }).refine(isCalendarDate, { message: 'v.localDate' }),
  userId: refId(),
});

const rosterFields = {
  projectId: refId(),
  name: textField(64).min(1, { message: 'v.required' }),
  tier: intField(1, 9),
  people: z.array(personSchema, { error: 'v.rosterPeople' }).min(1, { message: 'v.rosterPeople' }).max(ROSTER_PEOPLE_MAX, { message: 'v.invalid' }),
  overrides: z.array(overrideSchema, { error: 'v.invalid' }).max(ROSTER_OVERRIDES_MAX, { message: 'v.invalid' }).optional(),
};
const peopleOnce = (v: { people?: { userId: number }[]; overrides?: { userId: number; date: string }[] }, ctx: z.RefinementCtx) => {
  const seen = new Set<number>();
  v.people?.forEach((p, i) => {
    if (seen.has(p.userId)) ctx.addIssue({ code: 'custom', path: ['people', i, 'userId'], message: 'v.personTwice' });
    seen.add(p.userId);
  });
  const days = new Set<string>();
  v.overrides?.forEach((o, i) => {
    if (v.people && !seen.has(o.userId)) ctx.addIssue({ code: 'custom', path: ['overrides', i, 'userId'], message: 'v.overridePerson' });
    if (days.has(o.date)) ctx.addIssue({ code: 'custom', path: ['overrides', i, 'date'], message: 'v.overrideTwice' });
    days.add(o.date);
  });
};
/** POST /ball/falloncall/save (and the form). */
export const rosterSaveSchema = z.strictObject(rosterFields).superRefine(peopleOnce);
export type RosterSave = z.output<typeof rosterSaveSchema>;
/** POST /ball/falloncall/update: any of the fields, beside the id; `people`, when sent, is the whole list. */
export const rosterUpdateSchema = z
  .strictObject({
    id: refId(),
    projectId: rosterFields.projectId.optional(),
    name: rosterFields.name.optional(),
    tier: rosterFields.tier.optional(),
    people: rosterFields.people.optional(),
    overrides: rosterFields.overrides,
  })
  .superRefine(peopleOnce);
export type RosterUpdate = z.output<typeof rosterUpdateSchema>;

export const rosterQuerySchema = z.object({
  keyword: filterText(),
  projectId: filterId(),
});

export const rosterPersonRowSchema = z.object({
  userId: z.number(),
  username: z.string(),
  realName: z.string(),
  realNameEn: z.string(),
  email: z.string(),
  /** The webhook's origin only (its URL is often its key), '' without one. */
  webhookTarget: z.string(),
  slots: z.array(z.object({ days: z.array(z.number()), start: z.string(), end: z.string() })),
});
export type RosterPersonRow = z.output<typeof rosterPersonRowSchema>;

export const rosterRowSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  projectNameEn: z.string(),
  /** The project's time zone, which the hours and dates are read in. */
  timeZone: z.string(),
  name: z.string(),
  tier: z.number(),
  people: z.array(rosterPersonRowSchema),
  overrides: z.array(z.object({ date: z.string(), userId: z.number() })),
  createdAt: instantText(),
});
export type RosterRow = z.output<typeof rosterRowSchema>;

/** POST /ball/falloncall/users: the system users a roster may name. */
export const rosterUserQuerySchema = z.strictObject({ keyword: filterText() });
export const rosterUserSchema = z.object({ id: z.number(), username: z.string(), realName: z.string(), realNameEn: z.string(), email: z.string() });
export type RosterUser = z.output<typeof rosterUserSchema>;

/** Who is on call on a roster at an instant: GET /ball/falloncall/now/{id}. */
export const rosterNowSchema = z.object({
  userId: z.number().nullable(),
  /** `override` (named for the date), `schedule` (weekly hours), or null (nobody). */
  by: z.enum(['override', 'schedule']).nullable(),
  at: instantText(),
});

const stepSchema = z.strictObject({
  minutes: z.preprocess(
    numberText,
    z.number({ error: 'v.invalid' }).min(0, { message: 'v.minutesNegative' }).max(STEP_MINUTES_MAX, { message: 'v.invalid' }),
  ),
  rosterId: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.number({ error: 'v.invalid' }).int({ message: 'v.invalid' }).positive({ message: 'v.invalid' }).nullable()),
});
export type PolicyStep = z.output<typeof stepSchema>;

const policyFields = {
  projectId: refId(),
  name: textField(64).min(1, { message: 'v.required' }),
  steps: z.array(stepSchema, { error: 'v.invalid' }).min(1, { message: 'v.policySteps' }).max(POLICY_STEPS_MAX, { message: 'v.invalid' }),
  renotifyMinutes: z.preprocess(numberText, z.number({ error: 'v.invalid' }).int({ message: 'v.invalid' }).min(0, { message: 'v.minutesNegative' }).max(RENOTIFY_MINUTES_MAX, { message: 'v.invalid' })),
};
/** POST /ball/fallescpolicy/save (and the form). */
export const policySaveSchema = z.strictObject(policyFields);
export type PolicySave = z.output<typeof policySaveSchema>;
export const policyUpdateSchema = z.strictObject({
  id: refId(),
  projectId: policyFields.projectId.optional(),
  name: policyFields.name.optional(),
  steps: policyFields.steps.optional(),
  renotifyMinutes: policyFields.renotifyMinutes.optional(),
});
export type PolicyUpdate = z.output<typeof policyUpdateSchema>;

export const policyQuerySchema = z.object({
  keyword: filterText(),
  projectId: filterId(),
});

export const policyRowSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  projectNameEn: z.string(),
  name: z.string(),
  steps: z.array(z.object({ minutes: z.number(), rosterId: z.number().nullable() })),
  renotifyMinutes: z.number(),
  createdAt: instantText(),
});
export type PolicyRow = z.output<typeof policyRowSchema>;

/** POST /ball/fallwarning/ack: the id, and what the person says (optional; older callers send the id only). */
export const ackCommentField = () => z.preprocess(blankToUndefined, textField(500).optional());

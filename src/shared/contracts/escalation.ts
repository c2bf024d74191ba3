import { z } from 'zod';
import { ESCALATION_CHANNELS } from '../choices';
import { instantText } from './common';
import { filterEnum, filterId, filterText, intField, refId, textField } from './work-fields';

/** How a person is told of an escalated alarm: an e-mail, or a JSON POST to a chat tool's webhook. */
export { ESCALATION_CHANNELS };
export type EscalationChannel = (typeof ESCALATION_CHANNELS)[number];
/** Escalation levels a recipient may be named for (each is an entry of alarm.notifyMinutes). */
export const ESCALATION_LEVEL_MAX = 5;

const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
/** An http(s) URL (whether the server may call it is the outbound allow-list's business, at sending). */
export const isWebhookUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
};
export const isEmailAddress = (v: string) => EMAIL.test(v);

/** The address fits its channel: an e-mail address, or an http(s) URL without credentials. */
export const addressFits = (channel: EscalationChannel, address: string) => (channel === 'email' ? isEmailAddress(address) : isWebhookUrl(address));

/**
 * fall/escalation: who is told when a project's alarm stays unacknowledged, per level. The address
 * is write-only for webhooks (a chat webhook's URL is its key): rows carry `target`, the address of
 * an e-mail recipient or a webhook's origin; an update without `address` (or with '') keeps it.
 */
const recipientFields = z.strictObject({
  projectId: refId(),
  level: intField(1, ESCALATION_LEVEL_MAX),
  channel: z.enum(ESCALATION_CHANNELS, { error: 'v.invalid' }),
  /** '' reads as not given: required on save, kept on update (a webhook's stored URL is never shown to fill in). */
  address: z.preprocess((v) => (v === '' || v === null ? undefined : v), textField(500).optional()),
  name: textField(64).optional(),
});
const fits = (v: { channel: EscalationChannel; address?: string }, ctx: z.RefinementCtx) => {
  if (v.address && !addressFits(v.channel, v.address)) ctx.addIssue({ code: 'custom', path: ['address'], message: v.channel === 'email' ? 'v.email' : 'v.url' });
};
export const escalationRecipientSaveSchema = recipientFields.superRefine((v, ctx) => {
  if (!v.address) ctx.addIssue({ code: 'custom', path: ['address'], message: 'v.required' });
  fits(v, ctx);
});
/** The back-office form (add and edit): an empty address is the server's to judge (required on add, kept on edit). */
export const escalationRecipientFormSchema = recipientFields.superRefine(fits);
export type EscalationRecipientSave = z.infer<typeof escalationRecipientSaveSchema>;

export const escalationRecipientQuerySchema = z.object({
  keyword: filterText(),
  projectId: filterId(),
  channel: filterEnum(ESCALATION_CHANNELS),
});

export const escalationRecipientRowSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  projectNameEn: z.string(),
  level: z.number(),
  channel: z.enum(ESCALATION_CHANNELS),
  /** The e-mail address, or the webhook's origin (scheme and host) only. */
  target: z.string(),
  name: z.string(),
  createdAt: instantText(),
});
export type EscalationRecipientRow = z.output<typeof escalationRecipientRowSchema>;

/** What became of each notification an escalation sent: shown on the warning's detail. */
export const NOTICE_STATUSES = ['pending', 'sent', 'failed', 'refused', 'cancelled', 'grouped'] as const;
export const warningNoticeRowSchema = z.object({
  id: z.number(),
  level: z.number(),
  channel: z.enum(ESCALATION_CHANNELS),
  recipient: z.string(),
  status: z.enum(NOTICE_STATUSES),
  attempts: z.number(),
  lastError: z.string(),
  /** 0: the escalation; n: the n-th re-notification of the acknowledged alarm still standing. */
  round: z.number(),
  createdAt: instantText(),
  updatedAt: instantText(),
});
export type WarningNoticeRow = z.output<typeof warningNoticeRowSchema>;

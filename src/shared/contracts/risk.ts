import { z } from 'zod';
import { instantText } from './common';
import { filterEnum, filterId, refId } from './work-fields';
import { ORDER_STATUSES } from './order';
import { RISK_KINDS, RISK_STATUSES } from '../choices';

/**
 * Units at risk (issue 30, docs/predictive.md): what the predictive detector found on a channel
 * heading for a fault (fall_channel_risk), read and dismissed in the back-office.
 */
export { RISK_KINDS, RISK_STATUSES };
export type RiskKind = (typeof RISK_KINDS)[number];
export type RiskStatus = (typeof RISK_STATUSES)[number];
/** How much a dismissal widens the channel's tolerance each time (fall_channel_baseline.widen). */
export const RISK_DISMISS_WIDEN = 1.5;

export const riskQuerySchema = z.strictObject({
  status: filterEnum(RISK_STATUSES),
  projectId: filterId(),
  kind: filterEnum(RISK_KINDS),
});
export type RiskQuery = z.input<typeof riskQuerySchema>;

/** POST /ball/fallrisk/dismiss: an engineer says the finding is "not a problem". */
export const riskDismissSchema = z.strictObject({ id: refId() });

export const riskRowSchema = z.object({
  id: z.number().int(),
  detectId: z.number().int(),
  boardName: z.string(),
  boardNameEn: z.string(),
  ch: z.number().int(),
  /** The channel's label in both languages (empty when none was set). */
  channelLabel: z.string(),
  channelLabelEn: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  projectNameEn: z.string(),
  equipmentId: z.number().int().nullable(),
  equipmentName: z.string().nullable(),
  equipmentNameEn: z.string().nullable(),
  kind: z.enum(RISK_KINDS),
  status: z.enum(RISK_STATUSES),
  /** Why, in the reader's language: the stored message key and its numbers, rendered by the server. */
  reason: z.string(),
  score: z.number(),
  /** When the trend is projected to leave the channel's range; null for flicker and step. */
  projectedAt: instantText().nullable(),
  detectedAt: instantText(),
  closedAt: instantText().nullable(),
  /** Its preventive order (fall_order.source = 'preventive'), with that order's number and status. */
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  orderStatus: z.enum(ORDER_STATUSES).nullable(),
  dismissedBy: z.string(),
  dismissedAt: instantText().nullable(),
});
export type RiskRow = z.output<typeof riskRowSchema>;

/** GET /ball/fallrisk/info/:id: the finding, where its channel's trend is read, and the channel's tolerance multiplier. */
export const riskInfoSchema = riskRowSchema.extend({
  /** GET path (under the API prefix) of this finding's channel trend: `/ball/fallrisk/trend/:id`. */
  trendPath: z.string(),
  /** fall_channel_baseline.widen of the channel (1 = as learned; each dismissal multiplies it). */
  widen: z.number(),
});
export type RiskInfo = z.output<typeof riskInfoSchema>;

export const riskDismissedSchema = z.object({
  id: z.number().int(),
  status: z.literal('dismissed'),
  dismissedBy: z.string(),
  dismissedAt: instantText(),
  widen: z.number(),
  /** The preventive order closed by the dismissal, if one was still waiting. */
  closedOrderId: z.number().int().nullable(),
});
export type RiskDismissed = z.output<typeof riskDismissedSchema>;

/** The order's finding (GET /ball/fallrisk/byOrder/:id): the order detail's reason and trend link. */
export const riskOfOrderSchema = riskRowSchema.nullable();

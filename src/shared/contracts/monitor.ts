import { z } from 'zod';
import { requiredString, instantText } from './common';
import { isUrl } from '../validation';
import { filterId, filterText, intField, refId, textField } from './work-fields';

/** Camera monitors (fall/monitor). */
const monitorFields = {
  name: requiredString(128),
  /** The English name (empty: the name shows in English too; src/shared/local-name.ts). */
  nameEn: textField(128).optional(),
  /** Spec §5: "please fill in the device serial number first". */
  serial: z.string({ error: 'v.serialFirst' }).trim().min(1, { message: 'v.serialFirst' }).max(128, { message: 'v.tooLong' }),
  remark: textField(2000).optional(),
  remarkEn: textField(2000).optional(),
  projectId: refId(),
  channel: intField(1, 256).optional(),
  /** An HLS (.m3u8) or other http(s) stream; empty when the stream comes from the camera cloud. */
  streamUrl: textField(1000)
    .refine((v) => v === '' || isUrl(v), { message: 'v.url' })
    .optional(),
};
export const monitorSaveSchema = z.strictObject(monitorFields);
export const monitorUpdateSchema = z.strictObject({
  ...monitorFields,
  name: monitorFields.name.optional(),
  serial: monitorFields.serial.optional(),
  projectId: monitorFields.projectId.optional(),
  id: refId(),
});
export const monitorQuerySchema = z.strictObject({ name: filterText(128), serial: filterText(128), projectId: filterId() });

export const monitorRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  serial: z.string(),
  remark: z.string(),
  remarkEn: z.string(),
  projectId: z.number(),
  projectName: z.string().nullable(),
  /** The project's English name; empty when it has none. */
  projectNameEn: z.string().nullable(),
  channel: z.number(),
  streamUrl: z.string(),
  createdAt: instantText(),
});
export type MonitorRow = z.output<typeof monitorRowSchema>;

/**
 * GET /ball/fallmonitor/live/:id. `hls`: play `url` directly. `ezviz`: the camera cloud's player
 * takes `url` (ezopen://) with `accessToken`; the app secret that bought the token stays on the server.
 */
export type MonitorLive =
  | { kind: 'hls'; url: string }
  | { kind: 'ezviz'; url: string; accessToken: string; expiresAt: number; serial: string; channel: number };

/** GET /ball/fallmonitor/live/{id}: how to play the camera (the project's app secret is never in it). */
export const monitorLiveSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hls'), url: z.string() }),
  z.object({ kind: z.literal('ezviz'), url: z.string(), accessToken: z.string(), expiresAt: z.number(), serial: z.string(), channel: z.number() }),
]);

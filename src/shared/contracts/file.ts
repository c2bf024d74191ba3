import { z } from 'zod';
import { idSchema, refIdSchema } from './common';

/**
 * The records a file can belong to. An upload names the kind of record it is for; the record's
 * save attaches it (owner id) in the same transaction, so a failed save leaves an unowned file
 * that the cleanup job removes after a day.
 */
export const FILE_OWNER_TYPES = [
  'fall_project',
  'fall_project_intro',
  'fall_device',
  'fall_eq_info',
  'fall_order',
  'fall_report',
  'fall_train',
  'fall_draw',
  'fall_monitor',
  'sys_content',
  'sys_xmlx',
  'app_user',
] as const;
export type FileOwnerType = (typeof FILE_OWNER_TYPES)[number];
export const fileOwnerTypeSchema = z.enum(FILE_OWNER_TYPES, { error: 'v.invalid' });

/** POST /oss/file/upload?ownerType=… (multipart, one part named `file`). */
export const uploadQuerySchema = z.strictObject({ ownerType: fileOwnerTypeSchema.optional() });

/** What an upload returns, and what file fields show: `url`/`thumbUrl` are read with the header (or a download ticket), never `?token=`. */
export const uploadedFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  /** Null when the file is not an image (or the image could not be read). */
  thumbUrl: z.string().nullable(),
  contentType: z.string(),
  size: z.number(),
});
export type UploadedFile = z.output<typeof uploadedFileSchema>;

/** GET /oss/file/meta?ids=1,2 — names and links of files a form already references. */
export const fileMetaQuerySchema = z.strictObject({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, { message: 'v.invalid' })
    .transform((s) => [...new Set(s.split(',').map(Number))].slice(0, 100)),
});

/** A file reference in a save body: an oss_file id, or null to clear the field. */
export const fileIdSchema = refIdSchema().nullable();
export const fileIdListSchema = z.array(idSchema()).max(50, { message: 'v.tooLong' });

export const isImageType = (contentType: string) => contentType.startsWith('image/') && !contentType.includes('vnd.');

/**
 * GET /oss/file/limits — what an upload may be, so a screen shows it and refuses a file before
 * sending it (the server checks again): the largest file and the largest image in bytes (settings
 * `upload.maxMb`, `upload.imageMaxMb`), and the kinds of file the server recognises by content.
 */
export const uploadLimitsSchema = z.object({
  maxBytes: z.number(),
  imageMaxBytes: z.number(),
  types: z.array(z.object({ contentType: z.string(), extensions: z.array(z.string()), image: z.boolean() })),
});
export type UploadLimits = z.output<typeof uploadLimitsSchema>;

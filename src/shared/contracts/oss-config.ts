import { z } from 'zod';
import { optionalFilter, rangeOrder } from './query-filters';
import { idSchema, instantSchema, optionalString, partialWithoutDefaults, requiredString, instantText } from './common';

export const OSS_PROVIDERS = ['local', 's3'] as const;
export type OssProvider = (typeof OSS_PROVIDERS)[number];

/** One part of a storage key or folder (local-storage.ts): letters, digits, `.`, `_`, `-`, not starting with a dot. */
export const FOLDER_PART = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Settings of the local folder provider: an optional sub-folder of the files directory (`wall/2026`). */
export const localConfigSchema = z.strictObject({
  folder: optionalString(200).refine((v) => v === '' || v.split('/').every((part) => FOLDER_PART.test(part)), { message: 'v.folder' }),
});

/**
 * Settings of an S3-compatible store. The secret is write-only: it is never sent back, and an
 * update that leaves it empty keeps the stored one.
 */
export const s3ConfigSchema = z.strictObject({
  endpoint: requiredString(255).regex(/^https?:\/\/\S+$/, { message: 'v.url' }),
  bucket: requiredString(63),
  region: optionalString(64),
  accessKeyId: requiredString(128),
  secretAccessKey: z.string().max(256, { message: 'v.tooLong' }).optional(),
  forcePathStyle: z.boolean().default(true),
});

export const ossConfigSchema = z.strictObject({
  name: requiredString(64),
  provider: z.enum(OSS_PROVIDERS, { message: 'v.invalid' }),
  config: z.record(z.string(), z.unknown()).default({}),
  active: z.boolean().default(false),
});
export type OssConfigInput = z.input<typeof ossConfigSchema>;
export const ossConfigUpdateSchema = partialWithoutDefaults(ossConfigSchema).extend({ id: idSchema() }).strict();
export const ossConfigQuerySchema = z.object({
  name: z.string().max(64).optional(),
  provider: optionalFilter(z.enum(OSS_PROVIDERS)),
});

/** POST /oss/config/activate: the one configuration new uploads go to. */
export const ossActivateSchema = z.strictObject({ id: idSchema() });

export const ossConfigRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  provider: z.enum(OSS_PROVIDERS),
  /** Without the secret. */
  config: z.record(z.string(), z.unknown()),
  /** Whether a secret is stored. */
  hasSecret: z.boolean(),
  active: z.boolean(),
  createdAt: instantText(),
});
export type OssConfig = z.output<typeof ossConfigRowSchema>;

export const ossFileQuerySchema = z.object({
  originalName: z.string().max(200).optional(),
  contentType: z.string().max(128).optional(),
  ownerType: z.string().max(32).optional(),
  provider: optionalFilter(z.enum(OSS_PROVIDERS)),
  from: optionalFilter(instantSchema()),
  to: optionalFilter(instantSchema()),
}).superRefine(rangeOrder('from', 'to'));

export const ossFileSchema = z.object({
  id: z.number(),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number(),
  provider: z.string(),
  ownerType: z.string(),
  ownerId: z.number().nullable(),
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  createdAt: instantText(),
});
export type OssFile = z.output<typeof ossFileSchema>;

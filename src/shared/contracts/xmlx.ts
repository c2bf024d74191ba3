import { z } from 'zod';
import { intField } from './work-fields';
import { idSchema, partialWithoutDefaults, refIdSchema, requiredString } from './common';

/** Codes are letters, digits, `-`, `_` and `.` (they end up in URLs and spreadsheet cells). */
export const XMBM_PATTERN = /^[A-Za-z0-9_.-]+$/;
const xmbm = () => requiredString(64).regex(XMBM_PATTERN, { message: 'v.invalid' });

/** Project type (spec §3): a tree by pid from 0; xmbm is the value, xmmc the label. */
export const xmlxSchema = z.strictObject({
  pid: z.union([z.literal(0), refIdSchema()], { error: 'v.invalid' }).default(0),
  xmbm: xmbm(),
  xmmc: requiredString(128),
  /** The name in English; empty shows the name. */
  xmmcEn: z.string().trim().max(128, { message: 'v.tooLong' }).default(''),
  sort: intField(0, 1_000_000).default(0),
});
export type XmlxInput = z.input<typeof xmlxSchema>;
export const xmlxUpdateSchema = partialWithoutDefaults(xmlxSchema).extend({ id: idSchema() }).strict();

/** GET /sys/xmlx/listAll query. */
export const xmlxListQuerySchema = z.object({ xmmc: z.string().max(128).optional() });

/** POST /sys/xmlx/upload query: `dryRun=1` checks the sheet without writing. */
export const xmlxUploadQuerySchema = z.object({
  dryRun: z.enum(['0', '1', 'true', 'false']).optional(),
});

export const xmlxRowSchema = z.object({
  id: z.number(),
  pid: z.number(),
  xmbm: z.string(),
  xmmc: z.string(),
  xmmcEn: z.string(),
  sort: z.number(),
});
export type Xmlx = z.output<typeof xmlxRowSchema>;

/** Spreadsheet columns of an import, in order. */
export const XMLX_IMPORT_COLUMNS = ['xmbm', 'xmmc', 'pxmbm', 'sort'] as const;

export const importRowErrorSchema = z.object({
  /** Row number as the spreadsheet shows it (the header is row 1). */
  row: z.number(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.output<typeof importRowErrorSchema>;

export const xmlxImportResultSchema = z.object({
  dryRun: z.boolean(),
  total: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  errors: z.array(importRowErrorSchema),
  /** The errors as CSV (row, field, message) for the user to download; empty when there are none. */
  errorsCsv: z.string(),
});
export type XmlxImportResult = z.output<typeof xmlxImportResultSchema>;

import { z } from 'zod';
import { instantText } from './common';

/** A typed runtime setting as the config screen shows it (sys_config). */
export const configEntrySchema = z.object({
  key: z.string(),
  value: z.string(),
  type: z.enum(['string', 'number', 'boolean', 'json']),
  remark: z.string(),
  updatedAt: instantText(),
  /** Set when the server's environment decides this setting whatever is stored (CAPTCHA=off): the value in force and the variable. */
  override: z.object({ variable: z.string(), value: z.string() }).nullable().optional(),
});
export type ConfigEntry = z.output<typeof configEntrySchema>;
/** POST /sys/config/update's answer: the setting as stored. */
export const configSavedSchema = configEntrySchema.pick({ key: true, value: true });

export const configQuerySchema = z.object({
  key: z.string().max(64).optional(),
});

/**
 * POST /sys/config/update. The value arrives as JSON of its type (true, 12, "text"), or as text
 * the server parses by the setting's declared type; unknown keys are refused.
 */
export const configUpdateSchema = z.strictObject({
  key: z.string({ error: 'v.required' }).trim().min(1, { message: 'v.required' }).max(64),
  value: z.union([z.string().max(10_000, { message: 'v.tooLong' }), z.number(), z.boolean()], { message: 'v.invalid' }),
  remark: z.string().trim().max(500, { message: 'v.tooLong' }).optional(),
});
export type ConfigUpdate = z.infer<typeof configUpdateSchema>;

import { z } from 'zod';
import { optionalString, requiredString, instantText } from './common';

const roleFields = {
  code: requiredString(64).regex(/^[A-Za-z0-9_-]+$/, { message: 'v.code' }),
  name: requiredString(64),
  nameEn: optionalString(64),
  remark: optionalString(500),
  remarkEn: optionalString(500),
  /** Granted directories, menus and buttons (spec §6: roles authorise menus and buttons). */
  menuIdList: z.array(z.number({ error: 'v.invalid' }).int().positive()).max(2000).default([]),
};

export const roleSaveSchema = z.strictObject(roleFields);
export type RoleSave = z.input<typeof roleSaveSchema>;

export const roleUpdateSchema = z.strictObject({
  id: z.number({ error: 'v.required' }).int().positive(),
  code: roleFields.code.optional(),
  name: requiredString(64).optional(),
  // No defaults here: zod 4 applies a default inside optional(), which would blank omitted fields.
  nameEn: z.string().trim().max(64, { message: 'v.tooLong' }).optional(),
  remark: z.string().trim().max(500, { message: 'v.tooLong' }).optional(),
  remarkEn: z.string().trim().max(500, { message: 'v.tooLong' }).optional(),
  menuIdList: z.array(z.number({ error: 'v.invalid' }).int().positive()).max(2000).optional(),
});
export type RoleUpdate = z.input<typeof roleUpdateSchema>;

export const roleQuerySchema = z.object({
  code: z.string().max(64).optional(),
  name: z.string().max(64).optional(),
});
export type RoleQuery = z.input<typeof roleQuerySchema>;

export const roleRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  remark: z.string(),
  remarkEn: z.string(),
  createdAt: instantText(),
  menuIdList: z.array(z.number()),
  userCount: z.number(),
});
export type RoleRow = z.output<typeof roleRowSchema>;

/** GET /sys/role/select: roles to pick from on the user screen. */
export const roleOptionSchema = z.object({ id: z.number(), code: z.string(), name: z.string(), nameEn: z.string() });
export interface RoleOption {
  id: number;
  code: string;
  name: string;
  nameEn: string;
}

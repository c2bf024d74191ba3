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

/** What a role's users may see and change: every project, or only the ones listed (docs/access.md). */
export const DATA_SCOPES = ['all', 'projects'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
const dataScopeSchema = z.enum(DATA_SCOPES, { error: 'v.dataScope' });
const projectIdListSchema = z.array(z.number({ error: 'v.invalid' }).int({ error: 'v.invalid' }).positive({ error: 'v.invalid' }).max(2147483647, { error: 'v.invalid' }), { error: 'v.invalid' }).max(5000, { error: 'v.tooLong' });

/** A role scoped to projects names at least one (a scope of none would hide everything, by mistake). */
function scopeNamesProjects(r: { dataScope?: DataScope; projectIdList?: number[] }, ctx: z.RefinementCtx): void {
  if (r.dataScope === 'projects' && !r.projectIdList?.length) ctx.addIssue({ code: 'custom', path: ['projectIdList'], message: 'v.scopeProjects' });
}

/** The role's fields without the cross-field check (the list's builder derives its shapes from it). */
export const roleFieldsSchema = z.strictObject({ ...roleFields, dataScope: dataScopeSchema.default('all'), projectIdList: projectIdListSchema.default([]) });
export const roleSaveSchema = roleFieldsSchema.superRefine(scopeNamesProjects);
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
  dataScope: dataScopeSchema.optional(),
  projectIdList: projectIdListSchema.optional(),
}).superRefine((r, ctx) => {
  // An update may send the scope alone: the role keeps its projects (the route refuses a scope of none).
  if (r.projectIdList !== undefined) scopeNamesProjects(r, ctx);
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
  dataScope: z.enum(DATA_SCOPES),
  projectIdList: z.array(z.number()),
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

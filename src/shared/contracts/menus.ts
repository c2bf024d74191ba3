import { z } from 'zod';
import { idTextSchema, optionalString, refIdSchema, requiredString } from './common';

/** Menu type of spec §3/§4: 0 directory, 1 menu, 2 button. */
export const MENU_TYPE = { directory: 0, menu: 1, button: 2 } as const;
/** menuStatus of spec §3: 0 normal, 1 disabled. */
export const MENU_STATUS_VALUE = { normal: 0, disabled: 1 } as const;

const menuType = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'v.invalid' });
const menuStatus = z.union([z.literal(0), z.literal(1)], { error: 'v.invalid' });
/** `<menuCode>#<action>` codes, or several separated by commas. */
const permsSchema = z
  .string()
  .trim()
  .max(128, { message: 'v.tooLong' })
  .regex(/^$|^[A-Za-z0-9_.:-]+#[A-Za-z0-9_.:-]*(,[A-Za-z0-9_.:-]+#[A-Za-z0-9_.:-]*)*$/, { message: 'v.perms' });

const menuFields = {
  parentId: z.number({ error: 'v.required' }).int().min(0).default(0),
  name: requiredString(64),
  nameEn: optionalString(64),
  type: menuType,
  url: optionalString(500),
  perms: permsSchema.default(''),
  menuCode: z.string().trim().max(64, { message: 'v.tooLong' }).regex(/^[A-Za-z0-9_-]*$/, { message: 'v.code' }).default(''),
  icon: optionalString(64),
  sort: z.number({ error: 'v.invalid' }).int().min(0).max(100_000).default(0),
  status: menuStatus.default(0),
};

/** A menu needs a url, a button its authorisation id: checked on the whole object so one form serves all three types. */
function typeRules(v: { type?: number; url?: string; perms?: string }, ctx: z.RefinementCtx) {
  if (v.type === MENU_TYPE.menu && !v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'v.required' });
  if (v.type === MENU_TYPE.button && !v.perms) ctx.addIssue({ code: 'custom', path: ['perms'], message: 'v.required' });
}

export const menuSaveSchema = z.strictObject(menuFields).superRefine(typeRules);
export type MenuSave = z.input<typeof menuSaveSchema>;

export const menuUpdateSchema = z.strictObject({ menuId: z.number({ error: 'v.required' }).int().positive(), ...menuFields }).superRefine(typeRules);
export type MenuUpdate = z.input<typeof menuUpdateSchema>;

export const menuStateSchema = z.strictObject({
  menuId: z.number({ error: 'v.required' }).int().positive(),
  status: menuStatus,
});

export const menuIdParamSchema = z.object({ menuId: idTextSchema() });
export const queryAllMenuIdSchema = z.object({ roleId: refIdSchema().optional() });

/** A menu as listAll and info return it (flat; the client builds the tree from parentId). */
export const menuRowSchema = z.object({
  menuId: z.number(),
  parentId: z.number(),
  parentName: z.string(),
  name: z.string(),
  nameEn: z.string(),
  type: z.number(),
  url: z.string(),
  perms: z.string(),
  menuCode: z.string(),
  icon: z.string(),
  sort: z.number(),
  status: z.number(),
});
export type MenuRow = z.output<typeof menuRowSchema>;

/** GET /sys/menu/select: directories and menus as a tree, for the parent picker. */
export interface MenuSelectNode {
  menuId: number;
  parentId: number;
  name: string;
  nameEn: string;
  type: number;
  list: MenuSelectNode[];
}
export const menuSelectNodeSchema: z.ZodType<MenuSelectNode> = z.object({
  menuId: z.number(),
  parentId: z.number(),
  name: z.string(),
  nameEn: z.string(),
  type: z.number(),
  get list() {
    return z.array(menuSelectNodeSchema);
  },
});

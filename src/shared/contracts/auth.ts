import { z } from 'zod';
import { requiredString } from './common';
import { passwordSchema } from './users';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../validation';

/** POST /sys/login. Captcha and uuid may be empty when the captcha is switched off. */
export const loginBodySchema = z.strictObject({
  username: requiredString(64),
  password: z.string({ error: 'v.passwordEmpty' }).min(1, { message: 'v.passwordEmpty' }).max(128, { message: 'v.tooLong' }),
  captcha: z.string().max(8).default(''),
  // Printable ASCII only: a NUL would reach the database as an error instead of a wrong captcha.
  uuid: z.string().max(64).regex(/^[\x21-\x7e]*$/, { message: 'v.invalid' }).default(''),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The signed-in user as the client keeps it (USER_INFO). */
export const sessionUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  realName: z.string(),
  /** The display name in English; empty shows realName. */
  realNameEn: z.string().optional(),
  email: z.string(),
  phone: z.string(),
  avatar: z.string(),
  /** Role codes. */
  roles: z.array(z.string()),
  /** The roles' names in both languages, for showing them (the account page); absent in older sessions. */
  roleNames: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string() })).optional(),
  /** Permission codes (PERMS). */
  perms: z.array(z.string()),
  /** Menus with their menuCode, for <HasMenu>. */
  menus: z.array(z.object({ menuId: z.number(), menuCode: z.string() })),
});
export type SessionUser = z.output<typeof sessionUserSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  /** Seconds until the session expires without activity. */
  expire: z.number(),
  user: sessionUserSchema,
});
export type LoginResult = z.output<typeof loginResultSchema>;

/** A menu of GET /sys/menu/nav: directories and menus, never buttons. */
export interface NavMenu {
  menuId: number;
  parentId: number;
  name: string;
  nameEn: string;
  url: string;
  icon: string;
  menuCode: string;
  type: number;
  list: NavMenu[];
}
export const navMenuSchema: z.ZodType<NavMenu> = z.object({
  menuId: z.number(),
  parentId: z.number(),
  name: z.string(),
  nameEn: z.string(),
  url: z.string(),
  icon: z.string(),
  menuCode: z.string(),
  type: z.number(),
  get list() {
    return z.array(navMenuSchema);
  },
});

export const navResultSchema = z.object({
  menuList: z.array(navMenuSchema),
  permissions: z.array(z.string()),
});
export type NavResult = z.output<typeof navResultSchema>;

/** POST /sys/user/password: change one's own password. */
export const changePasswordSchema = z
  .strictObject({
    password: z.string({ error: 'v.passwordEmpty' }).min(1, { message: 'v.passwordEmpty' }).max(128),
    // The same rule as an administrator's: a short new password says it is short, not that it is empty.
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: 'v.confirmEmpty' }).min(1, { message: 'v.confirmEmpty' }).max(128),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'v.confirmMismatch', path: ['confirmPassword'] });

/** POST /sys/user/profile: one's own contact details. */
export const profileSchema = z.strictObject({
  realName: requiredString(64),
  phone: z.union([z.literal(''), z.string().regex(PHONE_PATTERN, { message: 'v.phone' })]).default(''),
  email: z.union([z.literal(''), z.string().max(254, { message: 'v.email' }).regex(EMAIL_PATTERN, { message: 'v.email' })]).default(''),
});

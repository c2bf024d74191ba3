import { z } from 'zod';
import { optionalString, requiredString, instantText } from './common';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PHONE_PATTERN } from '../validation';

/** Shortest password an administrator may set (not a number of the spec: our policy). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordSchema = z
  .string({ error: 'v.passwordEmpty' })
  .min(1, { message: 'v.passwordEmpty' })
  .min(PASSWORD_MIN_LENGTH, { message: 'v.passwordShort' })
  .max(PASSWORD_MAX_LENGTH, { message: 'v.tooLong' });

const phoneSchema = z.union([z.literal(''), z.string().regex(PHONE_PATTERN, { message: 'v.phone' })], { error: 'v.phone' });
const emailSchema = z.union(
  [z.literal(''), z.string().max(EMAIL_MAX_LENGTH - 1, { message: 'v.email' }).regex(EMAIL_PATTERN, { message: 'v.email' })],
  { error: 'v.email' },
);
/** userStatus of spec §3: 1 normal, 0 disabled. */
export const userStatusSchema = z.union([z.literal(0), z.literal(1)], { error: 'v.invalid' });
/** An instant as ISO text; null or empty means the account never expires. */
const expireAtSchema = z
  .union([z.literal('').transform(() => null), z.null(), z.iso.datetime({ offset: true, message: 'v.invalid' })], { error: 'v.invalid' })
  .default(null);

const userFields = {
  username: requiredString(64).regex(/^[A-Za-z0-9_.@-]+$/, { message: 'v.username' }),
  realName: optionalString(64),
  realNameEn: optionalString(64),
  phone: phoneSchema.default(''),
  email: emailSchema.default(''),
  sex: z.enum(['0', '1', '2'], { error: 'v.invalid' }).default('2'),
  status: userStatusSchema.default(1),
  expireAt: expireAtSchema,
  roleIdList: z.array(z.number({ error: 'v.invalid' }).int().positive()).max(100).default([]),
};

/** POST /sys/user/save: a new user; the password is required here and never sent back. */
export const userSaveSchema = z.strictObject({ ...userFields, password: passwordSchema });
export type UserSave = z.input<typeof userSaveSchema>;

/** POST /sys/user/update: any of the fields; the password changes only through resetPassword. */
export const userUpdateSchema = z.strictObject({
  id: z.number({ error: 'v.required' }).int().positive(),
  username: userFields.username.optional(),
  realName: z.string().trim().max(64, { message: 'v.tooLong' }).optional(),
  realNameEn: z.string().trim().max(64, { message: 'v.tooLong' }).optional(),
  phone: phoneSchema.optional(),
  email: emailSchema.optional(),
  sex: userFields.sex.unwrap().optional(),
  status: userStatusSchema.optional(),
  expireAt: z.union([z.literal('').transform(() => null), z.null(), z.iso.datetime({ offset: true, message: 'v.invalid' })], { error: 'v.invalid' }).optional(),
  roleIdList: z.array(z.number({ error: 'v.invalid' }).int().positive()).max(100).optional(),
});
export type UserUpdate = z.input<typeof userUpdateSchema>;

/**
 * The add/edit form of the user screen: one body for both, so the password is optional here; the
 * add form starts it as '' (refused as empty) and the edit form leaves it out (update has none).
 */
export const userFormSchema = userSaveSchema.extend({ password: passwordSchema.optional() });
export type UserFormValues = z.input<typeof userFormSchema>;

const blankToUndefined = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** The query model of the user list. */
export const userQuerySchema = z.object({
  username: z.string().max(64).optional(),
  realName: z.string().max(64).optional(),
  phone: z.string().max(32).optional(),
  // Query forms send select values as text, and '' for "any".
  status: z.preprocess(blankToUndefined, userStatusSchema.optional()),
  roleId: z.preprocess(blankToUndefined, z.number({ error: 'v.invalid' }).int().positive().optional()),
});
export type UserQuery = z.input<typeof userQuerySchema>;

export const resetPasswordSchema = z.strictObject({
  id: z.number({ error: 'v.required' }).int().positive(),
  password: passwordSchema,
});

export const userStatusBodySchema = z.strictObject({
  id: z.number({ error: 'v.required' }).int().positive(),
  status: userStatusSchema,
});

/** A user as lists and info return it: never a password hash. */
export const userRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  realName: z.string(),
  realNameEn: z.string(),
  phone: z.string(),
  email: z.string(),
  sex: z.string(),
  avatar: z.string(),
  status: z.number(),
  expireAt: instantText().nullable(),
  /** True when expireAt has passed: the third user state of spec §4 (normal, disabled, expired). */
  expired: z.boolean(),
  createdAt: instantText(),
  updatedAt: instantText(),
  roleIdList: z.array(z.number()),
  /** Role names joined with commas, for the list column and the export. */
  roleNames: z.string(),
  /** The role names in English (each role's name where it has none). */
  roleNamesEn: z.string(),
});
export type UserRow = z.output<typeof userRowSchema>;

import { z } from 'zod';
import { CONTROL_MODE, WATER_TYPE, XMZT, type DictItem } from '../dictionaries';
import { idSchema, instantSchema, refIdSchema, requiredString, instantText } from './common';
import { fileIdSchema } from './file';
import { archivedColumnsShape, archivedQueryField } from './archive';
import { canonicalTimeZone } from '../time-zone';

/** A dictionary value; the message names the problem in the caller's language. */
export const dictValue = (items: DictItem[]) =>
  z.enum(items.map((i) => i.value) as [string, ...string[]], { error: 'v.option' });

const text = (max: number) => z.string({ error: 'v.invalid' }).trim().max(max, { message: 'v.tooLong' });
const nonNegative = z.number({ error: 'v.invalid' }).min(0, { message: 'v.nonNegative' }).max(1e12, { message: 'v.invalid' });

/** Regions a project belongs to, seeded as the `area` dictionary (editable there). */
export const PROJECT_AREA: DictItem[] = [
  { value: 'east', cn: '华东', en: 'East China' },
  { value: 'south', cn: '华南', en: 'South China' },
  { value: 'north', cn: '华北', en: 'North China' },
  { value: 'central', cn: '华中', en: 'Central China' },
  { value: 'southwest', cn: '西南', en: 'Southwest China' },
  { value: 'northwest', cn: '西北', en: 'Northwest China' },
  { value: 'northeast', cn: '东北', en: 'Northeast China' },
  { value: 'overseas', cn: '海外', en: 'Overseas' },
];

/** Kinds of project introduction. */
export const INTRO_TYPE: DictItem[] = [
  { value: 'overview', cn: '项目概况', en: 'Overview' },
  { value: 'design', cn: '设计理念', en: 'Design' },
  { value: 'technology', cn: '技术亮点', en: 'Technology' },
  { value: 'show', cn: '表演节目', en: 'Shows' },
  { value: 'visit', cn: '参观指南', en: 'Visiting' },
];

/** `19:00-22:00`; several windows separated by commas (`12:00-12:30,19:00-22:00`). */
export const SHOW_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d(,([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d)*$/;
export const UNIQUE_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

/** An IANA time zone name, stored in the runtime's canonical spelling; anything else is 400 `v.timeZone`. */
export const timeZoneSchema = () =>
  z
    .string({ error: 'v.timeZone' })
    .trim()
    .max(64, { message: 'v.timeZone' })
    .transform((name, ctx) => {
      const zone = canonicalTimeZone(name);
      if (!zone) ctx.addIssue({ code: 'custom', message: 'v.timeZone' });
      return zone ?? name;
    });

/**
 * POST /ball/fallproject/save. Fields left out take the database defaults. `cameraAppSecret` is
 * write-only: a string sets it; on update, leaving it out (or sending '') keeps the stored one and
 * null clears it. No response ever carries it — they carry `hasCameraSecret` instead.
 */
export const projectSaveSchema = z.strictObject({
  name: requiredString(128),
  nameCn: text(128).optional(),
  nameEn: text(128).optional(),
  area: text(64).optional(),
  country: text(64).optional(),
  city: text(64).optional(),
  cityEn: text(64).optional(),
  controlMode: z.union([dictValue(CONTROL_MODE), z.literal('')]).optional(),
  longitude: z.number({ error: 'v.invalid' }).min(-180, { message: 'v.longitude' }).max(180, { message: 'v.longitude' }).nullable().optional(),
  latitude: z.number({ error: 'v.invalid' }).min(-90, { message: 'v.latitude' }).max(90, { message: 'v.latitude' }).nullable().optional(),
  totalArea: nonNegative.optional(),
  powerConsumption: nonNegative.optional(),
  runTime: z.number({ error: 'v.invalid' }).min(0, { message: 'v.nonNegative' }).max(24, { message: 'v.invalid' }).optional(),
  status: dictValue(XMZT).optional(),
  isRdm: z.boolean({ error: 'v.invalid' }).optional(),
  dailyShowTime: z.union([z.literal(''), z.string().trim().regex(SHOW_TIME_PATTERN, { message: 'v.showTime' })]).optional(),
  timeZone: timeZoneSchema().optional(),
  uniqueKey: requiredString(64).regex(UNIQUE_KEY_PATTERN, { message: 'v.uniqueKeyFormat' }),
  isPublic: z.boolean({ error: 'v.invalid' }).optional(),
  mapBackground: fileIdSchema.optional(),
  cameraAppKey: text(128).optional(),
  cameraAppSecret: z.string({ error: 'v.invalid' }).max(512, { message: 'v.tooLong' }).nullable().optional(),
  projectType: text(64).optional(),
  waterType: dictValue(WATER_TYPE).optional(),
  autoOrder: z.boolean({ error: 'v.invalid' }).optional(),
});
export type ProjectSave = z.infer<typeof projectSaveSchema>;

export const projectUpdateSchema = projectSaveSchema.partial().extend({ id: idSchema() }).strict();
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

/** Query model of the project list (plus page and limit). */
export const projectQuerySchema = z.object({
  keyword: z.string().max(64).optional(),
  status: z.string().max(1).optional(),
  area: z.string().max(64).optional(),
  country: z.string().max(64).optional(),
  waterType: z.string().max(32).optional(),
  projectType: z.string().max(64).optional(),
  isPublic: z.boolean().optional(),
  archived: archivedQueryField,
});
export type ProjectQuery = z.infer<typeof projectQuerySchema>;

/** A project as every response shows it. */
export const projectRowSchema = z.object({
  ...archivedColumnsShape,
  id: z.number(),
  name: z.string(),
  nameCn: z.string(),
  nameEn: z.string(),
  area: z.string(),
  country: z.string(),
  city: z.string(),
  cityEn: z.string(),
  controlMode: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  totalArea: z.number(),
  powerConsumption: z.number(),
  runTime: z.number(),
  status: z.string(),
  isRdm: z.boolean(),
  dailyShowTime: z.string(),
  timeZone: z.string(),
  uniqueKey: z.string(),
  isPublic: z.boolean(),
  mapBackground: z.number().nullable(),
  cameraAppKey: z.string(),
  hasCameraSecret: z.boolean(),
  projectType: z.string(),
  projectTypeName: z.string().nullable(),
  projectTypeNameEn: z.string().nullable(),
  waterType: z.string(),
  autoOrder: z.boolean(),
  createdAt: instantText(),
  updatedAt: instantText(),
});
export type ProjectRow = z.output<typeof projectRowSchema>;

/** GET /ball/fallproject/existUniqueKey?uniqueKey=…&id=… → data true when another project has it. */
export const existUniqueKeyQuerySchema = z.strictObject({
  uniqueKey: z.string().max(64),
  id: refIdSchema().optional(),
});

/** POST /ball/fallproject/selectProjects: pickers send title=1 and get id and name (spec §7), and the English name. */
export const selectProjectsSchema = z.strictObject({
  title: z.union([z.literal(1), z.literal('1')]).optional(),
  keyword: z.string().max(64).optional(),
});
export const projectOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
});
export type ProjectOption = z.output<typeof projectOptionSchema>;
export const projectPointSchema = projectOptionSchema.extend({
  status: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  area: z.string(),
  waterType: z.string(),
});
export type ProjectPoint = z.output<typeof projectPointSchema>;

/** Project introductions (type, title, rich content) per language. */
export const introSaveSchema = z.strictObject({
  projectId: refIdSchema(),
  type: dictValue(INTRO_TYPE),
  title: requiredString(200),
  /** HTML; the server keeps a safe subset of tags and attributes. */
  content: z.string({ error: 'v.invalid' }).max(200_000, { message: 'v.tooLong' }).default(''),
  language: z.enum(['cn', 'en'], { error: 'v.option' }),
  sort: z.number().int().min(0).max(9999).optional(),
});
export const introUpdateSchema = introSaveSchema.omit({ projectId: true }).partial().extend({ id: idSchema() }).strict();
export const introListQuerySchema = z.strictObject({
  projectId: refIdSchema(),
  language: z.enum(['cn', 'en']).optional(),
});
export const introRowSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  type: z.string(),
  title: z.string(),
  content: z.string(),
  language: z.enum(['cn', 'en']),
  sort: z.number(),
});
export type IntroRow = z.output<typeof introRowSchema>;

/** Access passwords of a public project (docs/domain.md §6). The clear password is returned once, on issue. */
export const passwordIssueSchema = z.strictObject({
  projectId: refIdSchema(),
  label: requiredString(128),
  expiresAt: instantSchema().nullable().optional(),
});
export const passwordRevokeSchema = z.strictObject({ id: idSchema() });
export const passwordListQuerySchema = z.strictObject({ projectId: refIdSchema() });
export const issuedPasswordSchema = z.object({
  id: z.number(),
  label: z.string(),
  password: z.string(),
  expiresAt: instantText().nullable(),
});
export type IssuedPassword = z.output<typeof issuedPasswordSchema>;
export const passwordRowSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  label: z.string(),
  createdAt: instantText(),
  createdBy: z.number().nullable(),
  expiresAt: instantText().nullable(),
  revokedAt: instantText().nullable(),
  /** legacy: live, but issued before keyed lookup (0012_login_limits.sql); it no longer opens, reissue it. */
  state: z.enum(['active', 'legacy', 'expired', 'revoked']),
});
export type PasswordRow = z.output<typeof passwordRowSchema>;
/** Length of an issued access password. */
export const ACCESS_PASSWORD_LENGTH = 12;

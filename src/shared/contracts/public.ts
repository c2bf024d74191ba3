import { z } from 'zod';
import { refIdSchema } from './common';
import { sitePlanSchema } from './wall';
import { wallShowSchema } from './calendar';

/** Public projects (docs/domain.md §6): the view without login, and the visitor password (login2). */

export const login2Schema = z.strictObject({
  projectId: refIdSchema('v.required'),
  password: z.string({ error: 'v.passwordEmpty' }).min(1, { message: 'v.passwordEmpty' }).max(128, { message: 'v.tooLong' }),
});
export type Login2Body = z.input<typeof login2Schema>;

export const login2ResultSchema = z.object({
  token: z.string(),
  /** Seconds until the visitor session ends. */
  expire: z.number(),
  projectId: z.number(),
});
export type Login2Result = z.output<typeof login2ResultSchema>;

export const publicPictureSchema = z.object({
  fileId: z.number(),
  name: z.string(),
  url: z.string(),
});
export type PublicPicture = z.output<typeof publicPictureSchema>;

export const publicIntroSchema = z.object({
  id: z.number(),
  type: z.string(),
  title: z.string(),
  content: z.string(),
});
export type PublicIntro = z.output<typeof publicIntroSchema>;

export const publicProjectSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameCn: z.string(),
  nameEn: z.string(),
  country: z.string(),
  city: z.string(),
  /** The city in English; empty shows the city. */
  cityEn: z.string(),
  area: z.string(),
  status: z.string(),
  introduction: z.array(publicIntroSchema),
  pictures: z.array(publicPictureSchema),
  sitePlan: sitePlanSchema.nullable(),
  figures: z.object({
    equipmentCount: z.number(),
    waterType: z.string(),
    totalArea: z.number(),
    dailyShowTime: z.string(),
  }),
  /** Whether visitors can ask for the detailed view (a live password exists). */
  hasPassword: z.boolean(),
  /** What the operating calendar says at `at`: in show, idle or closed, and the next show (docs/maintenance.md "Operating calendar"). */
  show: wallShowSchema,
  at: z.string(),
});
export type PublicProject = z.output<typeof publicProjectSchema>;

import { z } from 'zod';
import { refIdSchema } from './common';
import type { SitePlan } from './wall';

/** Public projects (DOMAIN.md §6): the view without login, and the visitor password (login2). */

export const login2Schema = z.strictObject({
  projectId: refIdSchema('v.required'),
  password: z.string({ error: 'v.passwordEmpty' }).min(1, { message: 'v.passwordEmpty' }).max(128, { message: 'v.tooLong' }),
});
export type Login2Body = z.input<typeof login2Schema>;

export interface Login2Result {
  token: string;
  /** Seconds until the visitor session ends. */
  expire: number;
  projectId: number;
}

export interface PublicPicture {
  fileId: number;
  name: string;
  url: string;
}

export interface PublicIntro {
  id: number;
  type: string;
  title: string;
  content: string;
}

export interface PublicProject {
  id: number;
  name: string;
  nameCn: string;
  nameEn: string;
  country: string;
  city: string;
  /** The city in English; empty shows the city. */
  cityEn: string;
  area: string;
  status: string;
  introduction: PublicIntro[];
  pictures: PublicPicture[];
  sitePlan: SitePlan | null;
  figures: {
    equipmentCount: number;
    waterType: string;
    totalArea: number;
    dailyShowTime: string;
  };
  /** Whether visitors can ask for the detailed view (a live password exists). */
  hasPassword: boolean;
}

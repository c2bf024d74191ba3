import { randomInt } from 'node:crypto';
import type { ConfigObject } from 'svg-captcha';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CAPTCHA_TTL_MS } from '@shared/constants';
import { sysCaptcha } from '../../db/schema';
import { onFirstUse } from '../../lib/first-use';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 4;
const WIDTH = 120;
const HEIGHT = 40;
const FONT_SIZE = 44;
const NOISE_LINES = 3;
const BACKGROUND = '#f2f4f7';

/**
 * svg-captcha's module is itself the function that draws a given text (its typings only declare
 * `create`, which would also pick the text, with Math.random): our code comes from crypto.randomInt.
 * Loaded on the first captcha drawn: it parses its font as it loads (some 2 MB of the heap), and a
 * server started with CAPTCHA=off never draws one.
 */
const loadDrawText = onFirstUse(() => import('svg-captcha').then((m) => m.default as unknown as (text: string, options: ConfigObject) => string));

export function randomCode(length = CAPTCHA_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * Draws the code as an SVG whose characters are glyph outlines (svg-captcha: each a <path>, placed
 * and turned at random, in random colours, crossed by noise curves). No <text>: reading the image
 * as markup gives nothing, it has to be looked at.
 */
export async function captchaSvg(code: string): Promise<string> {
  const drawText = await loadDrawText();
  return drawText(code, { width: WIDTH, height: HEIGHT, fontSize: FONT_SIZE, noise: NOISE_LINES, color: true, background: BACKGROUND });
}

/** The captcha is on unless the server config (CAPTCHA=off/on) or, without it, the setting says otherwise. */
export async function captchaEnabled(app: FastifyInstance): Promise<boolean> {
  if (app.config.captcha) return app.config.captcha === 'on';
  return app.settings.get('security.captcha');
}

/** Stores a new code for this uuid (replacing an earlier one) and drops codes that have run out. */
export async function issueCaptcha(app: FastifyInstance, uuid: string): Promise<string> {
  const code = randomCode();
  const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
  const { db } = app.database;
  await db.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, new Date()));
  await db
    .insert(sysCaptcha)
    .values({ uuid, code, expiresAt })
    .onConflictDoUpdate({ target: sysCaptcha.uuid, set: { code, expiresAt } });
  return code;
}

/** Checks and consumes the code in one statement: a code is used once, right or wrong. */
export async function consumeCaptcha(app: FastifyInstance, uuid: string, answer: string): Promise<boolean> {
  if (!uuid || !answer) return false;
  const rows = await app.database.db
    .delete(sysCaptcha)
    .where(sql`${sysCaptcha.uuid} = ${uuid}`)
    .returning({ code: sysCaptcha.code, expiresAt: sysCaptcha.expiresAt });
  const row = rows[0];
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return false;
  return row.code.toLowerCase() === answer.trim().toLowerCase();
}

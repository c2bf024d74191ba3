import { randomInt } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CAPTCHA_TTL_MS } from '@shared/constants';
import { sysCaptcha } from '../../db/schema';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 4;
const WIDTH = 120;
const HEIGHT = 40;
const NOISE_LINES = 5;
const NOISE_DOTS = 24;

const between = (min: number, max: number) => randomInt(min, max + 1);
const colour = (min: number, max: number) => `rgb(${between(min, max)},${between(min, max)},${between(min, max)})`;

export function randomCode(length = CAPTCHA_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Draws the code as an SVG: each character turned and sized at random, crossed by noise lines and dots. */
export function captchaSvg(code: string): string {
  const parts: string[] = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="${colour(225, 250)}"/>`];
  for (let i = 0; i < NOISE_LINES; i += 1) {
    parts.push(
      `<line x1="${between(0, WIDTH)}" y1="${between(0, HEIGHT)}" x2="${between(0, WIDTH)}" y2="${between(0, HEIGHT)}" stroke="${colour(100, 200)}" stroke-width="${between(1, 2)}"/>`,
    );
  }
  const step = (WIDTH - 20) / code.length;
  [...code].forEach((ch, i) => {
    const x = Math.round(10 + step * i + step / 2);
    const y = between(26, 32);
    parts.push(
      `<text x="${x}" y="${y}" font-family="Verdana,Arial,sans-serif" font-size="${between(22, 28)}" font-weight="bold" text-anchor="middle" fill="${colour(20, 110)}" transform="rotate(${between(-30, 30)} ${x} ${y})">${ch}</text>`,
    );
  });
  for (let i = 0; i < NOISE_DOTS; i += 1) {
    parts.push(`<circle cx="${between(0, WIDTH)}" cy="${between(0, HEIGHT)}" r="1" fill="${colour(60, 200)}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
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

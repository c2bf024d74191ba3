import { randomInt } from 'node:crypto';
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
const BACKGROUND = '#f2f4f7';
/** Dark enough on the background for anyone who can read it at all (WCAG's 4.5:1 for text). */
const INKS = ['#1f3a93', '#7a1f1f', '#1e5b2e', '#4a2a7a', '#5a4300', '#003f5c'];

type Command = { type: 'M' | 'L' | 'Q' | 'C' | 'Z'; x?: number; y?: number; x1?: number; y1?: number; x2?: number; y2?: number };
interface Glyphs {
  charToGlyph(c: string): { advanceWidth?: number; getPath(x: number, y: number, size: number): { commands: Command[] } };
}

/**
 * svg-captcha's font (an opentype.js font it parses as it loads, some 2 MB of the heap), loaded on
 * the first captcha drawn: a server started with CAPTCHA=off never draws one. Only the font is
 * used: svg-captcha drew each glyph's outline as it is in the font, unturned, and a script that
 * compared the outlines' commands with the font's read 30 of 30.
 */
const loadFont = onFirstUse(() => import('svg-captcha').then((m) => (m.default as unknown as { options: { font: Glyphs } }).options.font));

/** A random number in [min, max) from crypto (the drawing must not be predictable from Math.random). */
function between(min: number, max: number): number {
  return min + (randomInt(1_000_000) / 1_000_000) * (max - min);
}

const fixed = (n: number) => n.toFixed(1);

/**
 * One glyph's outline as straight pieces, turned, sheared and scaled about its centre and moved to
 * (cx, cy): curves are cut into a random number of pieces and every point shaken a little, so the
 * outline keeps neither the font's commands nor their number, and no two drawings of a letter share
 * a shape a script could look up.
 */
function glyphOutline(font: Glyphs, ch: string, cx: number, cy: number): string {
  const glyph = font.charToGlyph(ch);
  const scale = FONT_SIZE / 1000;
  const width = (glyph.advanceWidth ?? 600) * scale;
  const commands = glyph.getPath(-width / 2, FONT_SIZE * 0.35, FONT_SIZE).commands;
  const angle = (between(14, 32) * (randomInt(2) ? 1 : -1) * Math.PI) / 180;
  const shear = between(-0.3, 0.3);
  const sx = between(0.8, 1.1);
  const sy = between(0.85, 1.1);
  const place = (x: number, y: number): string => {
    const u = (x + shear * y) * sx;
    const v = y * sy;
    const px = cx + u * Math.cos(angle) - v * Math.sin(angle) + between(-0.35, 0.35);
    const py = cy + u * Math.sin(angle) + v * Math.cos(angle) + between(-0.35, 0.35);
    return `${fixed(px)} ${fixed(py)}`;
  };
  let d = '';
  let x0 = 0;
  let y0 = 0;
  for (const c of commands) {
    if (c.type === 'Z') {
      d += 'Z';
      continue;
    }
    const x = c.x ?? 0;
    const y = c.y ?? 0;
    if (c.type === 'M') d += `M${place(x, y)}`;
    else if (c.type === 'L') d += `L${place(x, y)}`;
    else {
      const steps = 2 + randomInt(4);
      for (let s = 1; s <= steps; s++) {
        const t = s / steps;
        const m = 1 - t;
        const [px, py] =
          c.type === 'Q'
            ? [m * m * x0 + 2 * m * t * (c.x1 ?? 0) + t * t * x, m * m * y0 + 2 * m * t * (c.y1 ?? 0) + t * t * y]
            : [
                m ** 3 * x0 + 3 * m * m * t * (c.x1 ?? 0) + 3 * m * t * t * (c.x2 ?? 0) + t ** 3 * x,
                m ** 3 * y0 + 3 * m * m * t * (c.y1 ?? 0) + 3 * m * t * t * (c.y2 ?? 0) + t ** 3 * y,
              ];
        d += `L${place(px, py)}`;
      }
    }
    x0 = x;
    y0 = y;
  }
  return d;
}

/**
 * A noise stroke as a filled band along a curve through the glyphs' band: drawn like a glyph (a
 * filled outline in an ink), so what is noise cannot be told from what is text by the markup.
 */
function noiseBand(): string {
  const y = () => between(HEIGHT * 0.2, HEIGHT * 0.8);
  const pts: [number, number][] = [[between(0, 12), y()], [between(30, 50), y()], [between(70, 90), y()], [between(WIDTH - 12, WIDTH), y()]];
  const along = (t: number): [number, number] => {
    const m = 1 - t;
    return [
      m ** 3 * pts[0][0] + 3 * m * m * t * pts[1][0] + 3 * m * t * t * pts[2][0] + t ** 3 * pts[3][0],
      m ** 3 * pts[0][1] + 3 * m * m * t * pts[1][1] + 3 * m * t * t * pts[2][1] + t ** 3 * pts[3][1],
    ];
  };
  const half = between(0.35, 0.6);
  const steps = 10 + randomInt(8);
  const top: string[] = [];
  const bottom: string[] = [];
  for (let s = 0; s <= steps; s++) {
    const [x, yy] = along(s / steps);
    top.push(`${fixed(x)} ${fixed(yy - half)}`);
    bottom.unshift(`${fixed(x)} ${fixed(yy + half)}`);
  }
  return `M${top.join('L')}L${bottom.join('L')}Z`;
}

/** Swaps the items into a random order (crypto). */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function randomCode(length = CAPTCHA_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * Draws the code as an SVG of filled outlines (no <text>: reading the markup gives nothing). Each
 * character is turned 14–32° either way, sheared, scaled and moved so its neighbours overlap it, cut
 * into straight pieces of random number; noise bands drawn the same way cross every glyph, and
 * everything is drawn in a shuffled order. Still one dark ink per element on a light ground for a
 * person; anyone who cannot read it reloads it (click) or an administrator switches the captcha off
 * for kiosks (CAPTCHA=off).
 */
export async function captchaSvg(code: string): Promise<string> {
  const font = await loadFont();
  const spacing = (WIDTH - 2) / (code.length + 1);
  const shapes: string[] = [];
  [...code].forEach((ch, i) => {
    const cx = spacing * (i + 1) + between(-3, 3);
    const cy = HEIGHT / 2 + between(-3, 3);
    shapes.push(glyphOutline(font, ch, cx, cy));
  });
  const bands = 3;
  for (let i = 0; i < bands; i++) shapes.push(noiseBand());
  const paths = shuffled(shapes).map((d) => `<path fill="${INKS[randomInt(INKS.length)]}" d="${d}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0,0,${WIDTH},${HEIGHT}"><rect width="100%" height="100%" fill="${BACKGROUND}"/>${paths.join('')}</svg>`;
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

import { describe, expect, it } from 'vitest';
import { captchaSvg, randomCode } from './captcha';

/**
 * The attacker's readers, kept: scripts that read a captcha off its SVG markup without looking at it.
 * Each is the strongest simple reader we could write; a captcha they read in more than 5 of 100 is
 * one a bot reads too (svg-captcha's own drawing: 100 of 100 by the first).
 */

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const FONT_SIZE = 44;
type Font = { charToGlyph(c: string): { getPath(x: number, y: number, size: number): { commands: Cmd[] } } };
type Cmd = { type: string; x?: number; y?: number; x1?: number; y1?: number; x2?: number; y2?: number };

async function font(): Promise<Font> {
  const m = await import('svg-captcha');
  return (m.default as unknown as { options: { font: Font } }).options.font;
}

/** The filled <path>s of an SVG: their fill and their path data. */
function filledPaths(svg: string): { d: string }[] {
  return [...svg.matchAll(/<path([^>]*)\/?>/g)]
    .map((m) => ({ fill: /fill="([^"]*)"/.exec(m[1])?.[1] ?? '', d: /\sd="([^"]*)"/.exec(m[1])?.[1] ?? '' }))
    .filter((p) => p.fill && p.fill !== 'none' && p.d);
}

/** Path data into its commands with absolute numbers (M, L, Q, C, Z: what the font's outlines use). */
function commands(d: string): { type: string; nums: number[] }[] {
  return [...d.matchAll(/([MLQCZ])([^MLQCZ]*)/gi)].map((m) => ({ type: m[1].toUpperCase(), nums: (m[2].match(/-?\d*\.?\d+(?:e-?\d+)?/gi) ?? []).map(Number) }));
}

/**
 * Reader 1, the 30-line script of the bug report: a glyph's outline keeps its commands' sequence
 * (M, L, Q … Z) however it is moved, so the sequence names the character; left to right is the code.
 */
async function readBySignature(svg: string): Promise<string> {
  const f = await font();
  const bySignature = new Map<string, string>();
  for (const c of ALPHABET) bySignature.set(f.charToGlyph(c).getPath(0, 0, FONT_SIZE).commands.map((k) => k.type).join(''), c);
  const found: { x: number; c: string }[] = [];
  for (const p of filledPaths(svg)) {
    const cmds = commands(p.d);
    const c = bySignature.get(cmds.map((k) => k.type).join(''));
    if (c) found.push({ x: cmds[0].nums[0], c });
  }
  return found.sort((a, b) => a.x - b.x).map((f) => f.c).join('');
}

/** Points along path data: every end and control point, plus the middle of each straight piece. */
function pointsOf(d: string): [number, number][] {
  const out: [number, number][] = [];
  let last: [number, number] = [0, 0];
  for (const k of commands(d)) {
    for (let i = 0; i + 1 < k.nums.length; i += 2) {
      const p: [number, number] = [k.nums[i], k.nums[i + 1]];
      if (k.type === 'L') for (let s = 1; s < 4; s++) out.push([last[0] + ((p[0] - last[0]) * s) / 4, last[1] + ((p[1] - last[1]) * s) / 4]);
      out.push(p);
      last = p;
    }
  }
  return out;
}

/** A point cloud moved to its centre and scaled to unit spread: what is left is the shape (48 points, evenly picked). */
function normalise(all: [number, number][]): [number, number][] {
  const step = Math.max(1, all.length / 48);
  const points = Array.from({ length: Math.min(48, all.length) }, (_, i) => all[Math.floor(i * step)]);
  const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
  const r = Math.sqrt(points.reduce((s, p) => s + (p[0] - cx) ** 2 + (p[1] - cy) ** 2, 0) / points.length) || 1;
  return points.map((p) => [(p[0] - cx) / r, (p[1] - cy) / r]);
}

function chamfer(a: [number, number][], b: [number, number][]): number {
  const near = (p: [number, number], set: [number, number][]) => set.reduce((m, q) => Math.min(m, (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2), Infinity);
  return a.reduce((s, p) => s + near(p, b), 0) / a.length + b.reduce((s, p) => s + near(p, a), 0) / b.length;
}

/**
 * Reader 2, shape by shape: every filled outline's points, split into four columns by where they
 * sit, each column matched against every character's outline turned -40°…40° (chamfer distance of
 * the normalised point clouds). Blind to how the outlines are cut up, ordered or grouped.
 */
async function readByShape(svg: string, width = 120): Promise<string> {
  const f = await font();
  const templates = [...ALPHABET].map((c) => ({ c, points: normalise(pointsOf(commandsToD(f.charToGlyph(c).getPath(0, 0, FONT_SIZE).commands))) }));
  const points = filledPaths(svg).flatMap((p) => pointsOf(p.d));
  const spacing = (width - 2) / 5;
  let code = '';
  for (let i = 0; i < 4; i++) {
    const column = points.filter((p) => Math.abs(p[0] - spacing * (i + 1)) < spacing * 0.6);
    if (column.length < 3) continue;
    const shape = normalise(column);
    let best = { c: '', score: Infinity };
    for (let angle = -40; angle <= 40; angle += 10) {
      const a = (angle * Math.PI) / 180;
      const turned = shape.map(([x, y]) => [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)] as [number, number]);
      for (const t of templates) {
        const score = chamfer(turned, t.points);
        if (score < best.score) best = { c: t.c, score };
      }
    }
    code += best.c;
  }
  return code;
}

function commandsToD(cmds: Cmd[]): string {
  return cmds
    .map((k) => (k.type === 'Z' ? 'Z' : `${k.type}${[k.x1, k.y1, k.x2, k.y2, k.x, k.y].filter((n) => n !== undefined).join(' ')}`))
    .join('');
}

describe('captcha against reading scripts', () => {
  it('the signature reader reads at most 5 of 100', async () => {
    let read = 0;
    for (let i = 0; i < 100; i++) {
      const code = randomCode();
      if ((await readBySignature(await captchaSvg(code))) === code) read++;
    }
    process.stdout.write(`captcha: the signature reader read ${read} of 100\n`);
    expect(read).toBeLessThanOrEqual(5);
  });

  it('the shape reader reads at most 5 of 100', async () => {
    let read = 0;
    let chars = 0;
    for (let i = 0; i < 100; i++) {
      const code = randomCode();
      const got = await readByShape(await captchaSvg(code));
      if (got === code) read++;
      for (let k = 0; k < code.length; k++) if (got[k] === code[k]) chars++;
    }
    process.stdout.write(`captcha: the shape reader read ${read} of 100 (${chars} of 400 characters)\n`);
    expect(read).toBeLessThanOrEqual(5);
  }, 120_000);
});

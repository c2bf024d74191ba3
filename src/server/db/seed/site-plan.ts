import { loadSharp } from '../../lib/sharp';

/** A tiny deterministic PRNG (mulberry32): the same seed draws the same plan on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const PLAN_WIDTH = 1600;
export const PLAN_HEIGHT = 1000;

/**
 * A site plan of a water feature, drawn as SVG and rendered to PNG: lawn, paths, the main pool with
 * its jet rings, secondary pools, pump and control rooms, entrances, a north arrow and a scale bar.
 * Equipment positions (fractions of width and height) land on top of it on the walls.
 */
export async function sitePlanPng(title: string, subtitle: string, seed: number): Promise<Buffer> {
  const rnd = prng(seed);
  const W = PLAN_WIDTH;
  const H = PLAN_HEIGHT;
  const cx = 740 + rnd() * 220;
  const cy = 430 + rnd() * 160;
  const rx = 260 + rnd() * 110;
  const ry = 170 + rnd() * 80;
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${H}" fill="#e9f0df"/>`);
  for (let i = 0; i < 40; i += 1) {
    parts.push(`<circle cx="${(rnd() * W).toFixed(0)}" cy="${(rnd() * H).toFixed(0)}" r="${(10 + rnd() * 18).toFixed(0)}" fill="#b9d3a0" opacity="0.8"/>`);
  }
  parts.push(`<path d="M0 ${cy + ry + 90} C ${W * 0.3} ${cy + ry + 40}, ${W * 0.7} ${cy + ry + 140}, ${W} ${cy + ry + 80}" stroke="#d8d2c4" stroke-width="46" fill="none"/>`);
  parts.push(`<path d="M${cx} ${H} L ${cx} ${cy + ry + 20}" stroke="#d8d2c4" stroke-width="36"/>`);
  parts.push(`<path d="M80 0 L 80 ${H}" stroke="#cfc8b8" stroke-width="60"/>`);
  parts.push(`<ellipse cx="${cx}" cy="${cy}" rx="${rx + 26}" ry="${ry + 26}" fill="#d5dde3"/>`);
  parts.push(`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#7db7e8" stroke="#3f7fb5" stroke-width="4"/>`);
  for (const k of [0.75, 0.5, 0.25]) {
    parts.push(`<ellipse cx="${cx}" cy="${cy}" rx="${rx * k}" ry="${ry * k}" fill="none" stroke="#ffffff" stroke-dasharray="6 10" stroke-width="3" opacity="0.85"/>`);
  }
  parts.push(`<circle cx="${cx}" cy="${cy}" r="14" fill="#ffffff" stroke="#3f7fb5" stroke-width="3"/>`);
  const pools = 1 + Math.floor(rnd() * 3);
  for (let i = 0; i < pools; i += 1) {
    const x = 1120 + rnd() * 260;
    const y = 140 + i * 220 + rnd() * 60;
    parts.push(`<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${(160 + rnd() * 120).toFixed(0)}" height="${(90 + rnd() * 60).toFixed(0)}" rx="24" fill="#9ccaf0" stroke="#3f7fb5" stroke-width="3"/>`);
  }
  const room = (x: number, y: number, w: number, h: number, label: string) => {
    parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f4efe6" stroke="#6b6256" stroke-width="3"/>`);
    parts.push(`<text x="${x + w / 2}" y="${y + h / 2 + 7}" font-size="22" text-anchor="middle" fill="#4a443b" font-family="sans-serif">${esc(label)}</text>`);
  };
  room(180, 120 + rnd() * 80, 230, 120, '泵房 Pump room');
  room(180, 700 + rnd() * 80, 230, 110, '控制室 Control');
  parts.push(`<text x="${cx}" y="${cy + ry + 62}" font-size="24" text-anchor="middle" fill="#2d5f8a" font-family="sans-serif">主水池 Main pool</text>`);
  parts.push(`<text x="${cx}" y="${H - 24}" font-size="22" text-anchor="middle" fill="#6b6256" font-family="sans-serif">入口 Entrance</text>`);
  parts.push(`<g transform="translate(${W - 90} 90)"><circle r="42" fill="#ffffff" stroke="#6b6256" stroke-width="2"/><path d="M0 -34 L 12 10 L 0 2 L -12 10 Z" fill="#c0392b"/><text y="32" font-size="20" text-anchor="middle" font-family="sans-serif">N</text></g>`);
  parts.push(`<g transform="translate(${W - 320} ${H - 50})"><rect width="200" height="10" fill="#4a443b"/><rect width="100" height="10" fill="#ffffff" stroke="#4a443b"/><text x="100" y="-8" font-size="18" text-anchor="middle" font-family="sans-serif">0 — 20 m</text></g>`);
  parts.push(`<rect x="0" y="0" width="${W}" height="64" fill="#ffffff" opacity="0.85"/>`);
  parts.push(`<text x="170" y="42" font-size="30" fill="#1f2d3d" font-family="sans-serif" font-weight="bold">${esc(title)}</text>`);
  parts.push(`<text x="${W - 140}" y="42" font-size="20" text-anchor="end" fill="#5c6b7a" font-family="sans-serif">${esc(subtitle)}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
  return (await loadSharp())(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

/** A system schematic (pumps → valves → nozzles and lights) for the drawings module. */
export async function schematicPng(title: string, seed: number): Promise<Buffer> {
  const rnd = prng(seed);
  const W = 1400;
  const H = 900;
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="#fbfcfe"/>`];
  for (let x = 0; x < W; x += 50) parts.push(`<line x1="${x}" y1="0" x2="${x}" y2="${H}" stroke="#e6ecf2"/>`);
  for (let y = 0; y < H; y += 50) parts.push(`<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#e6ecf2"/>`);
  const box = (x: number, y: number, label: string, color: string) => {
    parts.push(`<rect x="${x}" y="${y}" width="170" height="70" rx="8" fill="${color}" stroke="#34495e" stroke-width="2"/>`);
    parts.push(`<text x="${x + 85}" y="${y + 43}" font-size="20" text-anchor="middle" font-family="sans-serif" fill="#1f2d3d">${esc(label)}</text>`);
  };
  const pumps = 2 + Math.floor(rnd() * 3);
  box(80, 400, '水池 Pool', '#cfe6fb');
  for (let i = 0; i < pumps; i += 1) {
    const y = 120 + i * (640 / pumps);
    box(360, y, `P-0${i + 1} 水泵`, '#fde7c8');
    box(660, y, `V-0${i + 1} 阀门`, '#e5f5e0');
    box(960, y, `N-0${i + 1} 喷头组`, '#dbe9ff');
    parts.push(`<path d="M250 435 L 360 ${y + 35}" stroke="#2c7be5" stroke-width="4" fill="none"/>`);
    parts.push(`<path d="M530 ${y + 35} L 660 ${y + 35} M830 ${y + 35} L 960 ${y + 35}" stroke="#2c7be5" stroke-width="4"/>`);
  }
  box(960, 780, 'C-01 控制柜', '#f3e5f5');
  parts.push(`<text x="40" y="60" font-size="30" font-family="sans-serif" font-weight="bold" fill="#1f2d3d">${esc(title)}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join('')}</svg>`;
  return (await loadSharp())(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

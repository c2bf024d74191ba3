import { describe, expect, it } from 'vitest';
import { dateJson } from './iso-text';

describe('dateJson', () => {
  it('writes what toJSON writes, for every kind of instant', () => {
    const edges = [0, 1, -1, 999, 951_782_400_000, 4_107_542_400_000, 253_402_300_799_999, 253_402_300_800_000, -62_167_219_200_000, 8.64e15, -8.64e15, NaN];
    // Random instants over 1970…9999 and around now, and every day's last millisecond of a leap year.
    let seed = 7;
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647);
    const instants = [
      ...edges,
      ...Array.from({ length: 20_000 }, () => Math.floor(random() * 253_402_300_800_000)),
      ...Array.from({ length: 2_000 }, () => Date.now() + Math.floor((random() - 0.5) * 1e11)),
      ...Array.from({ length: 366 }, (_, d) => Date.UTC(2024, 0, 1 + d) + 86_399_999),
    ];
    for (const t of instants) expect(dateJson(new Date(t)), String(t)).toBe(new Date(t).toJSON());
  });

  it('goes through a Date whose own toJSON or toISOString was replaced', () => {
    const date = new Date(0);
    date.toISOString = () => 'mine';
    expect(dateJson(date)).toBe('mine');
    const other = Object.assign(new Date(0), { toJSON: () => 'other' });
    expect(dateJson(other)).toBe('other');
  });
});

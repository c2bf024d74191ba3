import { describe, expect, it } from 'vitest';
import { XMZT } from '@shared/dictionaries';
import { projectStatusColor } from './theme';

describe('wall colours', () => {
  it('give every project status a colour of its own, so the map legend tells them apart', () => {
    const colours = XMZT.map((s) => projectStatusColor(s.value));
    expect(new Set(colours).size).toBe(XMZT.length);
  });
});

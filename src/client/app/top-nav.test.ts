import { describe, expect, it } from 'vitest';
import { menusThatFit } from './top-nav';

// Widths: Home, each top-level menu, then More.
describe('menusThatFit', () => {
  it('shows every menu when they all fit, with no room kept for More', () => {
    expect(menusThatFit([80, 100, 100, 90], 284)).toBe(2);
  });

  it('keeps room for More and stops at the first menu that would not fit whole', () => {
    expect(menusThatFit([80, 100, 100, 100, 90], 300)).toBe(1);
    expect(menusThatFit([80, 100, 100, 100, 90], 274)).toBe(1);
    expect(menusThatFit([80, 100, 100, 100, 90], 273)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { breakpointOf, gridSpan, useBreakpoint } from './breakpoints';

describe('breakpoints (spec §9)', () => {
  it('puts widths in xs below 576, then sm, md, lg, xl, xxl', () => {
    expect([0, 575, 576, 767, 768, 991, 992, 1199, 1200, 1599, 1600, 1920].map(breakpointOf)).toEqual(['xs', 'xs', 'sm', 'sm', 'md', 'md', 'lg', 'lg', 'xl', 'xl', 'xxl', 'xxl']);
  });

  it('useBreakpoint follows the window', () => {
    window.innerWidth = 1024;
    const { result } = renderHook(() => useBreakpoint());
    expect(result.current).toBe('lg');
    act(() => {
      window.innerWidth = 500;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe('xs');
  });

  it('spans the 24-column grid and rejects column counts that do not divide 24', () => {
    expect([1, 2, 3, 4, 6, 8, 12, 24].map(gridSpan)).toEqual([24, 12, 8, 6, 4, 3, 2, 1]);
    expect(() => gridSpan(5)).toThrow(/divide 24/);
    expect(() => gridSpan(0)).toThrow(/divide 24/);
  });
});

import { useEffect, useState } from 'react';
import { BREAKPOINTS, GRID_COLUMNS } from '@shared/constants';
import { isValidGridColumns } from '@shared/validation';
import { DeveloperError } from '../developer-error';

export type Breakpoint = keyof typeof BREAKPOINTS;
const ORDER = Object.keys(BREAKPOINTS) as Breakpoint[];

/** The breakpoint a width falls in (spec §9): xs below 576, sm from 576, md 768, lg 992, xl 1200, xxl 1600. */
export function breakpointOf(width: number): Breakpoint {
  let found: Breakpoint = 'xs';
  for (const name of ORDER) if (width >= BREAKPOINTS[name]) found = name;
  return found;
}

/** The current breakpoint, following window resizes. */
export function useBreakpoint(): Breakpoint {
  const read = () => breakpointOf(typeof window === 'undefined' ? BREAKPOINTS.xl : window.innerWidth);
  const [bp, setBp] = useState<Breakpoint>(read);
  useEffect(() => {
    const onResize = () => setBp(breakpointOf(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return bp;
}

/** Span of each cell on the 24-column grid when `columns` cells share a row; columns must divide 24. */
export function gridSpan(columns: number): number {
  if (!isValidGridColumns(columns)) throw new DeveloperError(`grid columns must divide ${GRID_COLUMNS}, got ${columns}`);
  return GRID_COLUMNS / columns;
}

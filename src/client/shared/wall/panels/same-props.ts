import type { UseQueryResult } from '@tanstack/react-query';

const isQuery = (v: unknown): v is UseQueryResult<unknown> => typeof v === 'object' && v !== null && 'status' in v && 'fetchStatus' in v && 'data' in v;

/**
 * Props comparison for React.memo on the wall's panels: the wall renders again each time one of its
 * calls answers, and a panel whose own call has not changed need not. A query result is a new object
 * on every render, so it counts as the same while its data, status and age are.
 */
export function samePanelProps<P extends object>(prev: P, next: P): boolean {
  const keys = Object.keys(next) as (keyof P)[];
  if (keys.length !== Object.keys(prev).length) return false;
  return keys.every((key) => {
    const a = prev[key];
    const b = next[key];
    // dataUpdatedAt too: a refresh that brought the same data still makes the panel's data fresh (its stale badge).
    return a === b || (isQuery(a) && isQuery(b) && a.data === b.data && a.status === b.status && a.dataUpdatedAt === b.dataUpdatedAt);
  });
}

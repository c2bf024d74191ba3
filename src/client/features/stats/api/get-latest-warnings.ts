import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { LiveOptions } from './refresh';

/** The fields of a warning the wall ticker shows (POST /ball/fallwarning/latest). */
export interface LatestWarning {
  id: number;
  at: string;
  info: string;
  projectName: string | null;
  level: string;
  /** Null while open. */
  result: string | null;
}

/** How many warnings the wall ticker shows. */
export const LATEST_WARNINGS = 30;

export const getLatestWarnings = (signal?: AbortSignal) =>
  api.post<LatestWarning[]>('/ball/fallwarning/latest', { limit: LATEST_WARNINGS }, { signal });

export const latestWarningsQueryOptions = () => queryOptions({ queryKey: ['warnings', 'latest'], queryFn: ({ signal }) => getLatestWarnings(signal) });

export const useLatestWarnings = (live: LiveOptions = {}) => useQuery({ ...latestWarningsQueryOptions(), ...live });

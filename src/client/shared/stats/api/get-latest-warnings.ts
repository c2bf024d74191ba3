import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { WarningLatest, WarningRow } from '@shared/contracts/warning';
import type { LiveOptions } from './refresh';

/** The fields of a warning the wall ticker shows (POST /ball/fallwarning/latest); result is null while open. */
export type LatestWarning = Pick<WarningRow, 'id' | 'at' | 'info' | 'projectName' | 'projectNameEn' | 'level' | 'result'>;

/** How many warnings the wall ticker shows. */
export const LATEST_WARNINGS = 30;

export const getLatestWarnings = (signal?: AbortSignal) =>
  api.post<WarningLatest<LatestWarning>>('/ball/fallwarning/latest', { limit: LATEST_WARNINGS }, { signal });

export const latestWarningsQueryOptions = () => queryOptions({ queryKey: ['warnings', 'latest'], queryFn: ({ signal }) => getLatestWarnings(signal) });

export const useLatestWarnings = (live: LiveOptions = {}) => useQuery({ ...latestWarningsQueryOptions(), ...live });

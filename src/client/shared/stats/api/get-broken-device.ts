import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { BrokenDeviceList } from '@shared/contracts/stats';
import type { LiveOptions } from './refresh';

export const getBrokenDevice = (projectId?: number, signal?: AbortSignal) =>
  api.get<BrokenDeviceList>('/ball/fallproject/brokenDevice', { signal, params: { projectId } });

export const brokenDeviceQueryOptions = (projectId?: number) =>
  queryOptions({ queryKey: ['stats', 'brokenDevice', projectId ?? null], queryFn: ({ signal }) => getBrokenDevice(projectId, signal) });

export const useBrokenDevice = (projectId?: number, live: LiveOptions = {}) => useQuery({ ...brokenDeviceQueryOptions(projectId), ...live });

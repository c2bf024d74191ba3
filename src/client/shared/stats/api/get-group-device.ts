import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { DeviceGroup } from '@shared/contracts/stats';
import type { LiveOptions } from './refresh';

export const getGroupDevice = (projectId?: number, signal?: AbortSignal) =>
  api.get<DeviceGroup[]>('/ball/fallproject/groupDevice', { signal, params: { projectId } });

export const groupDeviceQueryOptions = (projectId?: number) =>
  queryOptions({ queryKey: ['stats', 'groupDevice', projectId ?? null], queryFn: ({ signal }) => getGroupDevice(projectId, signal) });

export const useGroupDevice = (projectId?: number, live: LiveOptions = {}) => useQuery({ ...groupDeviceQueryOptions(projectId), ...live });

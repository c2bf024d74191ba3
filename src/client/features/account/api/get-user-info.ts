import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@shared/contracts/auth';
import { api } from '../../../lib/api';
import { keysOf } from '../../../lib/resource-keys';
import { apiPath } from '@client/lib/resources';

export const USER_INFO_PATH = apiPath('user', 'info');

export function getUserInfo(signal?: AbortSignal): Promise<SessionUser> {
  return api.get<SessionUser>(USER_INFO_PATH, { signal });
}

export const userInfoQueryOptions = () =>
  queryOptions({ queryKey: keysOf('user').view('me'), queryFn: ({ signal }) => getUserInfo(signal) });

export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}

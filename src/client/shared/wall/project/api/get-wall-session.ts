import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

import type { WallSession } from '@shared/contracts/wall';

export type { WallSession };

/** GET /wall/session — what the current token may see on a wall (kiosks and visitors have no user). */
export function getWallSession(signal?: AbortSignal): Promise<WallSession> {
  return api.get<WallSession>('/wall/session', { signal });
}

export function wallSessionQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['wall-session', token],
    queryFn: ({ signal }) => getWallSession(signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function useWallSession(token: string | null) {
  return useQuery({ ...wallSessionQueryOptions(token), enabled: !!token });
}

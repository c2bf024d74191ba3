import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisplayToken, DisplayTokenIssue, DisplayTokenIssued } from '@shared/contracts/wall';
import { api } from '../../../lib/api';

const BASE = '/wall/display-token';

export const displayTokensQueryOptions = () => queryOptions({ queryKey: [BASE, 'list'], queryFn: ({ signal }) => api.get<DisplayToken[]>(`${BASE}/list`, { signal }) });

export const useDisplayTokens = (enabled = true) => useQuery({ ...displayTokensQueryOptions(), enabled });

/** POST /wall/display-token — the clear token comes back once, in this answer only. */
export function useIssueDisplayToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DisplayTokenIssue) => api.post<DisplayTokenIssued>(BASE, body),
    onSuccess: () => client.invalidateQueries({ queryKey: displayTokensQueryOptions().queryKey }),
  });
}

export function useRevokeDisplayToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ id: number }>(`${BASE}/revoke`, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: displayTokensQueryOptions().queryKey }),
  });
}

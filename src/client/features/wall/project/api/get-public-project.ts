import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProject } from '@shared/contracts/public';
import { api } from '../../../../lib/api';
import { currentLocale } from '../../../../lib/i18n';

/** GET /public/project/:id — the public form of a public project, no login (docs/domain.md §6). */
export function getPublicProject(id: number, signal?: AbortSignal): Promise<PublicProject> {
  return api.get<PublicProject>(`/public/project/${id}`, { signal });
}

export function publicProjectQueryOptions(id: number) {
  return queryOptions({
    // The introduction comes in the request language, so the language is part of the key.
    queryKey: ['public-project', id, currentLocale()],
    queryFn: ({ signal }) => getPublicProject(id, signal),
    retry: false,
  });
}

export function usePublicProject(id: number, enabled = true) {
  return useQuery({ ...publicProjectQueryOptions(id), enabled: enabled && id > 0 });
}

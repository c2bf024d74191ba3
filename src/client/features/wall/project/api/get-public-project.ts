import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProject } from '@shared/contracts/public';
import { api } from '../../../../lib/api';
import { currentLocale } from '../../../../lib/i18n';
import { fileIdOf } from '../../../../lib/files';
import { runtimeConfig } from '../../../../lib/runtime-config';

/**
 * The address of a public project's stored picture that needs no session
 * (GET /public/project/:id/file/:fileId): an introduction's pictures are stored with the session's
 * address, which answers 401 to a visitor.
 */
export const publicFileSrc = (projectId: number) => (storedUrl: string): string | null => {
  const fileId = fileIdOf(storedUrl);
  return fileId === null ? null : `${runtimeConfig().apiHost}/public/project/${projectId}/file/${fileId}`;
};

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

import { queryOptions } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { resourceKeys, keysOf } from '@client/lib/resource-keys';
import type { IntroRow, IssuedPassword, PasswordRow, ProjectRow } from '@shared/contracts/project';

/**
 * The project calls beyond the list pattern (spec §7 "Fall project"), and the file service every
 * file field of this area uses. Query keys start with the resource path, so the list page's
 * invalidation of ['/ball/fallproject'] refreshes them too.
 */
export const PROJECT_BASE = '/ball/fallproject';
export const projectKeys = resourceKeys(PROJECT_BASE);
const projectTypeKeys = keysOf('projectType');

export const existUniqueKeyQueryOptions = (uniqueKey: string, id?: number | string | null) =>
  queryOptions({
    queryKey: projectKeys.view('existUniqueKey', uniqueKey, id ?? null),
    queryFn: () => api.get<boolean>(`${PROJECT_BASE}/existUniqueKey`, { params: { uniqueKey, ...(id ? { id: String(id) } : {}) } }),
    enabled: uniqueKey.trim() !== '',
    staleTime: 0,
  });

/** Pickers send title=1 and get id and name (spec §7 "Other calls"). */
export const projectInfoQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: projectKeys.info(id),
    queryFn: () => api.get<ProjectRow>(`${PROJECT_BASE}/info/${id}`),
    enabled: id !== null,
  });

export interface ProjectTypeRow {
  id: number;
  pid: number;
  xmbm: string;
  xmmc: string;
  xmmcEn: string;
}
export const projectTypesQueryOptions = () =>
  queryOptions({ queryKey: projectTypeKeys.listAll(), queryFn: () => api.get<ProjectTypeRow[]>('/sys/xmlx/listAll'), staleTime: 60_000 });

export const introsQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: projectKeys.view('intro', projectId), queryFn: () => api.get<IntroRow[]>(`${PROJECT_BASE}/intro/list`, { params: { projectId: String(projectId) } }) });
export const saveIntro = (body: Omit<IntroRow, 'id' | 'sort'> & { id?: number }) =>
  body.id ? api.post(`${PROJECT_BASE}/intro/update`, { id: body.id, type: body.type, title: body.title, content: body.content, language: body.language }) : api.post(`${PROJECT_BASE}/intro/save`, body);
export const deleteIntro = (id: number) => api.post(`${PROJECT_BASE}/intro/delete`, [id]);

export const passwordsQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: projectKeys.view('password', projectId), queryFn: () => api.get<PasswordRow[]>(`${PROJECT_BASE}/password/list`, { params: { projectId: String(projectId) } }) });
export const issuePassword = (body: { projectId: number; label: string; expiresAt: string | null }) => api.post<IssuedPassword>(`${PROJECT_BASE}/password/issue`, body);
export const revokePassword = (id: number) => api.post(`${PROJECT_BASE}/password/revoke`, { id });


export { downloadUrl, fileMetaQueryOptions, openFileOnClick, uploadFile, useFileSrc } from '@client/lib/files';

import { queryOptions } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { getToken } from '@client/lib/session';
import type { FileOwnerType, UploadedFile } from '@shared/contracts/file';
import type { SelectOption } from '@client/components/select/remote-select';

/**
 * What the operations work screens share: pickers (projects, equipment, orders, device models) and
 * the file service. The project screens keep their own copy of the file calls because features do
 * not import each other; both belong in the kit once it offers a file field.
 */
const toOptions = (rows: { id: number; name: string; number?: string }[]): SelectOption[] =>
  rows.map((r) => ({ value: String(r.id), label: r.number ? `${r.number} ${r.name}` : r.name }));

/** Pickers send title=1 and get id and name (seed §7 "Other calls"). */
export const fetchProjectOptions = async (keyword: string) =>
  toOptions(await api.post<{ id: number; name: string }[]>('/ball/fallproject/selectProjects', { title: 1, ...(keyword ? { keyword } : {}) }));

export const fetchEquipmentOptions = async (projectId: number | null, keyword: string) =>
  toOptions(await api.post<{ id: number; name: string }[]>('/ball/falleqinfo/listAll', { ...(projectId ? { projectId } : {}), ...(keyword ? { keyword } : {}) }));

export const fetchOrderOptions = async (keyword: string) =>
  toOptions(await api.post<{ id: number; name: string; number: string }[]>('/ball/fallorder/listAll', { title: 1, ...(keyword ? { keyword } : {}) }));

export const fetchDeviceOptions = async (keyword: string) =>
  toOptions(await api.post<{ id: number; name: string }[]>('/ball/falldevice/listAll', keyword ? { keyword } : {}));

/** Uploads start unowned, for one kind of record; the record's save attaches them. */
export function uploadFile(file: File, ownerType: FileOwnerType): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return api.post<UploadedFile>('/oss/file/upload', form, { params: { ownerType } });
}

export const fileMetaQueryOptions = (ids: number[]) =>
  queryOptions({
    queryKey: ['/oss/file', 'meta', ids],
    queryFn: () => api.get<UploadedFile[]>('/oss/file/meta', { params: { ids: ids.join(',') } }),
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
  });

/** <img> and <a> cannot send the Authorization header; GET links carry the token instead. */
export function withToken(url: string): string {
  const token = getToken();
  return token ? `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : url;
}

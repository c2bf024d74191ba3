import { queryOptions } from '@tanstack/react-query';
import type { FileOwnerType, UploadedFile } from '@shared/contracts/file';
import { api } from './api';
import { getToken } from './session';
import { runtimeConfig } from './runtime-config';

/** The file service every file field uses. Uploads start unowned; the record's save attaches them, so a failed save leaves nothing behind. */
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

/** <img> and <a> cannot send the Authorization header: GET links carry the token (the server accepts it). */
export function withToken(url: string): string {
  const token = getToken();
  return token ? `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : url;
}

export const downloadUrl = (id: number) => withToken(`${runtimeConfig().apiHost}/oss/file/download/${id}`);

import { useEffect, useState } from 'react';
import { queryOptions } from '@tanstack/react-query';
import type { FileOwnerType, UploadedFile, UploadLimits } from '@shared/contracts/file';
import type { Ticket } from '@shared/contracts/ticket';
import { api, uploadForm } from './api';
import { getToken } from './session';
import { runtimeConfig } from './runtime-config';
import { keysOf } from './resource-keys';

/** The file service every file field uses. Uploads start unowned; the record's save attaches them, so a failed save leaves nothing behind. */
export function uploadFile(file: File, ownerType: FileOwnerType): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return api.post<UploadedFile>('/oss/file/upload', form, { params: { ownerType } });
}

/** An upload that reports its progress and can be cancelled (the upload screen). Without an owner kind: a file of the file screens. */
export function uploadFileWithProgress(
  file: File,
  opts: { ownerType?: FileOwnerType; signal?: AbortSignal; onProgress?: (loaded: number, total: number) => void } = {},
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return uploadForm<UploadedFile>('/oss/file/upload', form, { params: { ownerType: opts.ownerType }, signal: opts.signal, onProgress: opts.onProgress });
}

/** What an upload may be (GET /oss/file/limits): shown before a file is chosen, and checked before it is sent. */
export const uploadLimitsQueryOptions = () =>
  queryOptions({
    queryKey: keysOf('file').view('limits'),
    queryFn: () => api.get<UploadLimits>('/oss/file/limits'),
    staleTime: 60_000,
  });

/** Why a file cannot be sent under these limits, as a message key of the upload screen, or null. */
export function refusalOf(file: Pick<File, 'name' | 'size'>, limits: UploadLimits): 'tooLarge' | 'imageTooLarge' | 'badType' | 'empty' | null {
  const dot = file.name.lastIndexOf('.');
  const ext = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  const type = limits.types.find((t) => t.extensions.includes(ext));
  // A name without an extension is left to the server, which decides by content.
  if (ext && !type) return 'badType';
  if (file.size === 0) return 'empty';
  if (file.size > limits.maxBytes) return 'tooLarge';
  if (type?.image && file.size > limits.imageMaxBytes) return 'imageTooLarge';
  return null;
}

export const fileMetaQueryOptions = (ids: number[]) =>
  queryOptions({
    queryKey: keysOf('file').view('meta', ids),
    queryFn: () => api.get<UploadedFile[]>('/oss/file/meta', { params: { ids: ids.join(',') } }),
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
  });

/**
 * Whether a URL is one of our API's (relative to this page, or under the configured API host): only
 * those get the session header. A file address from elsewhere (a configured download host) is
 * loaded as it is, without anything of the session.
 */
export function isApiUrl(url: string): boolean {
  const host = runtimeConfig().apiHost;
  return (url.startsWith('/') && !url.startsWith('//')) || (host !== '' && url.startsWith(host));
}

/** GET of a stored file with the session in the header, as the API client sends it. */
function fetchWithSession(url: string, signal: AbortSignal): Promise<Response> {
  const token = getToken();
  return fetch(url, { headers: token ? { [runtimeConfig().authHeader]: token } : {}, credentials: 'include', signal });
}

/**
 * A stored file fetched with the session header, as an object URL an <img> can show (the caller
 * revokes it); null when the file cannot be read.
 */
export async function fileObjectUrl(url: string, signal: AbortSignal): Promise<string | null> {
  const res = await fetchWithSession(url, signal);
  if (!res.ok) return null;
  const blob = await res.blob();
  return signal.aborted ? null : URL.createObjectURL(blob);
}

/**
 * An address an <img> or a map overlay can show for a stored file. They cannot send the
 * Authorization header and a token never goes in a URL (logs, history and Referer keep URLs), so the
 * file is fetched with the header and shown from memory (an object URL, released with the
 * component). Undefined until it has loaded, or when the file cannot be read.
 */
export function useFileSrc(url: string | null | undefined): string | undefined {
  const [src, setSrc] = useState<string | undefined>(undefined);
  useEffect(() => {
    setSrc(undefined);
    if (!url) return undefined;
    if (!isApiUrl(url)) {
      setSrc(url);
      return undefined;
    }
    const abort = new AbortController();
    let objectUrl: string | undefined;
    fetchWithSession(url, abort.signal)
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || abort.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src;
}

/** The stored file's id in a download or thumbnail address, if it is one. */
export function fileIdOf(url: string): number | null {
  const m = /\/oss\/file\/(?:download|thumb)\/(\d+)(?:[?#]|$)/.exec(url);
  return m ? Number(m[1]) : null;
}

/**
 * Opens a stored file in a new tab: a link cannot send the header, so it carries a ticket for that
 * one file, good for one use within a minute (POST /auth/ticket), never the session token. The tab
 * is opened at once (a pop-up blocker allows it only within the click) and sent on when the ticket is there.
 */
export async function openFile(url: string): Promise<void> {
  const id = fileIdOf(url);
  if (id === null || !isApiUrl(url)) {
    window.open(url, '_blank', 'noopener');
    return;
  }
  const tab = window.open('', '_blank');
  try {
    const { ticket } = await api.post<Ticket>('/auth/ticket', { purpose: 'download', fileId: id });
    const target = `${url}${url.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;
    if (tab) {
      tab.opener = null;
      tab.location.href = target;
    } else window.location.assign(target);
  } catch (e) {
    tab?.close();
    throw e;
  }
}

/** onClick of an <a href> to a stored file: the href stays for display and copying, the click opens it by ticket. */
export function openFileOnClick(url: string, onError: (e: Error) => void = () => undefined) {
  return (event: { preventDefault(): void }) => {
    event.preventDefault();
    openFile(url).catch(onError);
  };
}

export const downloadUrl = (id: number) => `${runtimeConfig().apiHost}/oss/file/download/${id}`;

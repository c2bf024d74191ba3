import { CODE, LOGIN_API_PATH } from '@shared/constants';
import type { Envelope } from '@shared/envelope';
import { clearSession, getToken, sessionKind, type SessionKind } from './session';
import { runtimeConfig } from './runtime-config';
import { currentLocale } from './i18n';
import { takeEarlyCall } from './early-calls';

/** A failed call: the envelope's code and message (already in the user's language), and its data. */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly data: unknown = null,
  ) {
    super(message);
  }
  /** Field messages of a 400, keyed by field name. */
  get fields(): Record<string, string> {
    return ((this.data as { fields?: Record<string, string> } | null)?.fields) ?? {};
  }
}

/** Told which kind of session the server has just ended, so a wall display is not sent to the login form. */
type UnauthorizedHandler = (ended: SessionKind) => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.hash = '#/login';
};
/** The router installs this: a 401 clears the session and goes to login (or the wall's own notice). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

let lastEnded: SessionKind = 'none';

/**
 * The server has ended this session (a 401, or the live stream's `revoked`): the session is cleared
 * and the router sends the screen where that kind of session goes (a kiosk wall: its notice).
 */
export function sessionEndedByServer(): void {
  // Calls that were under way when the first 401 cleared the session answer 401 too: they belong to
  // the session that ended, not to an anonymous visitor.
  const current = sessionKind();
  const ended = current === 'none' ? lastEnded : current;
  lastEnded = ended;
  clearSession();
  onUnauthorized(ended);
}

/** Told when a listAll answer was cut at the server's cap (docs/api.md): how many rows came, of how many. */
type TruncatedHandler = (shown: number, total: number) => void;
let onTruncated: TruncatedHandler = () => undefined;
/** The shell installs this: a cut list is said out loud, never taken for the whole of it. */
export function setTruncatedHandler(handler: TruncatedHandler): void {
  onTruncated = handler;
}

/** Where calls go: the network, or the server itself while it draws a wall's first frame. */
let send: typeof fetch = (input, init) => fetch(input, init);
export function setApiFetch(transport: typeof fetch): void {
  send = transport;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Query parameters appended to the url. */
  params?: Record<string, unknown>;
  /** Return the Response itself (downloads, exports) instead of the envelope data. */
  raw?: boolean;
  headers?: Record<string, string>;
}

/**
 * Answers that came with an ETag (the reads the wall asks again on its timer, plugins/etag.ts on the
 * server), by call as sent: asked again, the call names the ETag in If-None-Match, and a 304 means
 * the data in hand is still the answer — no download, no parse, and the same object, so TanStack
 * Query sees no change and no panel draws again. A few dozen calls at most; the oldest go first.
 */
const VALIDATED_MAX = 64;
const validated = new Map<string, { etag: string; data: unknown }>();

function withParams(url: string, params?: Record<string, unknown>): string {
  if (!params) return url;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${url}${url.includes('?') ? '&' : '?'}${s}` : url;
}

/**
 * One call of spec §7: JSON, credentials sent, no timeout, cancellable, token in the Authorization
 * header except for /sys/login. Resolves with `data` when code is 0; a 401 signs out.
 */
export async function request<T>(method: string, url: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  if (!url) throw new Error('ajax url is required!');
  const headers: Record<string, string> = { 'Accept-Language': currentLocale() === 'en' ? 'en' : 'zh-CN', ...opts.headers };
  const token = getToken();
  if (token && url !== LOGIN_API_PATH) headers[runtimeConfig().authHeader] = token;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const target = withParams(`${runtimeConfig().apiHost}${url}`, opts.params);
  const payload = body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body);
  // The wall's first calls may already be under way (started before the app loaded): take the answer.
  const early = isForm ? undefined : takeEarlyCall(method, target, payload as string | undefined, headers);
  const key = isForm || opts.raw ? null : JSON.stringify([method, target, payload ?? null, headers]);
  const known = key === null ? undefined : validated.get(key);
  const sent = known && !early ? { ...headers, 'If-None-Match': known.etag } : headers;
  const res = await (early ?? send(target, { method, headers: sent, credentials: 'include', body: payload, signal: opts.signal }));
  if (res.status === 304 && known && key !== null) {
    validated.delete(key);
    validated.set(key, known);
    return known.data as T;
  }
  // `raw` callers ask for the Response itself (request<Response>); one generic call serves both kinds,
  // so this one return is asserted rather than inferred.
  if (opts.raw && res.ok) return res as T;
  let envelope: Envelope<T>;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(res.status || CODE.error, res.statusText || 'Network error');
  }
  const data = settle(envelope);
  if (key !== null) {
    validated.delete(key);
    const etag = res.headers?.get('etag');
    if (etag) {
      validated.set(key, { etag, data });
      if (validated.size > VALIDATED_MAX) validated.delete(validated.keys().next().value!);
    }
  }
  return data;
}

/** The data of an answer; a failure throws ApiError, and a 401 signs out. */
function settle<T>(envelope: Envelope<T>): T {
  if (envelope.code === CODE.unauthorized) sessionEndedByServer();
  if (envelope.code !== CODE.success) throw new ApiError(envelope.code, envelope.msg, envelope.data);
  const cut = envelope as Envelope<T> & { truncated?: boolean; total?: number };
  if (cut.truncated === true && Array.isArray(cut.data)) onTruncated(cut.data.length, cut.total ?? cut.data.length);
  return envelope.data;
}

export interface UploadOptions {
  params?: Record<string, unknown>;
  /** Aborting cancels the upload; the promise rejects with an AbortError. */
  signal?: AbortSignal;
  /** Bytes of the body sent so far, of all of them. */
  onProgress?: (loaded: number, total: number) => void;
}

/**
 * POST of a form that reports how much of it has gone: fetch cannot tell, XMLHttpRequest can. The
 * same headers, envelope and 401 handling as `request`.
 */
export function uploadForm<T>(url: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', withParams(`${runtimeConfig().apiHost}${url}`, opts.params));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept-Language', currentLocale() === 'en' ? 'en' : 'zh-CN');
    const token = getToken();
    if (token) xhr.setRequestHeader(runtimeConfig().authHeader, token);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded, e.total);
    });
    // Settled at once: the request's own 'abort' event is not relied on (and what comes after is ignored).
    const onAbort = () => {
      xhr.abort();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    opts.signal?.addEventListener('abort', onAbort);
    const done = () => opts.signal?.removeEventListener('abort', onAbort);
    xhr.addEventListener('load', () => {
      done();
      let envelope: Envelope<T>;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        reject(new ApiError(xhr.status || CODE.error, xhr.statusText || 'Network error'));
        return;
      }
      try {
        resolve(settle(envelope));
      } catch (e) {
        reject(e as Error);
      }
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(CODE.error, 'Network error'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    xhr.send(form);
  });
}

export const api = {
  get: <T>(url: string, opts?: RequestOptions) => request<T>('GET', url, undefined, opts),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', url, body ?? {}, opts),
};

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
  const res = await (early ?? send(target, { method, headers, credentials: 'include', body: payload, signal: opts.signal }));
  // `raw` callers ask for the Response itself (request<Response>); one generic call serves both kinds,
  // so this one return is asserted rather than inferred.
  if (opts.raw && res.ok) return res as T;
  let envelope: Envelope<T>;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(res.status || CODE.error, res.statusText || 'Network error');
  }
  if (envelope.code === CODE.unauthorized) {
    // Calls that were under way when the first 401 cleared the session answer 401 too: they belong to
    // the session that ended, not to an anonymous visitor.
    const current = sessionKind();
    const ended = current === 'none' ? lastEnded : current;
    lastEnded = ended;
    clearSession();
    onUnauthorized(ended);
  }
  if (envelope.code !== CODE.success) throw new ApiError(envelope.code, envelope.msg, envelope.data);
  return envelope.data;
}

export const api = {
  get: <T>(url: string, opts?: RequestOptions) => request<T>('GET', url, undefined, opts),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', url, body ?? {}, opts),
};

/**
 * Calls started before the app has loaded (src/client/early/wall-early.ts, run by index.html on the
 * overview wall's address), handed to the API client when it makes the same call: same method, url,
 * body and headers (token, language), within a few seconds, each answer used once. Anything else, or
 * nothing started early, and the client simply asks the server itself.
 *
 * The early script is its own entry and shares no module with the app's (it would split them out of
 * the app's entry chunk), so the calls are handed over on `window`.
 */
export interface EarlyCall {
  method: string;
  url: string;
  body: string | undefined;
  headers: Record<string, string>;
  /** Date.now() when it was sent. */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __CASCADE_EARLY_CALLS__?: EarlyCall[];
  }
}

/** An early answer older than this is not used (the app asks again). */
export const EARLY_CALL_MAX_AGE_MS = 10_000;

const sameHeaders = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/** The answer of the same call started early, if there is one; it is handed out once. */
export function takeEarlyCall(method: string, url: string, body: string | undefined, headers: Record<string, string>): Promise<Response> | undefined {
  const started = typeof window === 'undefined' ? undefined : window.__CASCADE_EARLY_CALLS__;
  if (!started?.length) return undefined;
  const i = started.findIndex(
    (c) => c.method === method && c.url === url && c.body === body && sameHeaders(c.headers, headers) && Date.now() - c.at < EARLY_CALL_MAX_AGE_MS,
  );
  return i < 0 ? undefined : started.splice(i, 1)[0].response;
}

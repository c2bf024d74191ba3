import type { FastifyInstance } from 'fastify';
import { CODE, OUTBOUND_TIMEOUT_MS } from '@shared/constants';
import { ApiError } from './errors';

/** 400: the address is not one an administrator allowed (setting `security.outboundHosts`). */
export const outboundRefused = () => new ApiError(CODE.badRequest, 'err.outboundRefused');

/**
 * The allow-list as written in System → Configuration: host names (or host:port), separated by
 * commas, spaces or new lines; `*.example.com` allows the subdomains of example.com.
 */
export function parseOutboundHosts(setting: string): string[] {
  return setting
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

/** Whether a URL may be called under the allow-list: http(s) only, its host (or host:port) listed. */
export function outboundAllowed(url: string, hosts: string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  // URL lower-cases the host and keeps IPv6 in brackets; a port is named only when not the default.
  return hostAllowed(parsed.hostname, parsed.port, hosts);
}

/**
 * Whether a host (and port) is on the allow-list: the check for any connection the server opens to
 * another machine, HTTP or not (the escalation e-mails' SMTP server).
 */
export function hostAllowed(hostname: string, port: string | number, hosts: string[]): boolean {
  const host = hostname.toLowerCase();
  const withPort = port !== '' ? `${host}:${port}` : host;
  return hosts.some((entry) => {
    if (entry.startsWith('*.')) return host.endsWith(entry.slice(1)) && host.length > entry.length - 1;
    return entry.includes(':') && !entry.startsWith('[') ? entry === withPort : entry === host || entry === withPort;
  });
}

/**
 * The one door for HTTP calls the server makes to other machines (today the camera cloud's token
 * endpoint): the address must be on the administrator's allow-list (empty by default, so a fresh
 * or demo install calls nobody), redirects are not followed (a listed host could otherwise send a
 * request, body and all, on to one that is not), and the call gives up after OUTBOUND_TIMEOUT_MS.
 * A refused address is a 400 the caller reads in their language, before any connection is made.
 */
export async function outboundFetch(app: FastifyInstance, url: string, init: RequestInit = {}): Promise<Response> {
  const hosts = parseOutboundHosts(await app.settings.get('security.outboundHosts'));
  if (!outboundAllowed(url, hosts)) {
    app.log.warn({ host: safeHost(url) }, 'outbound call refused: host not on security.outboundHosts');
    throw outboundRefused();
  }
  return fetch(url, { ...init, redirect: 'error', signal: init.signal ?? AbortSignal.timeout(OUTBOUND_TIMEOUT_MS) });
}

/** The host of a URL for the log, never its path or query (they may carry keys). */
export function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid)';
  }
}

import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../lib/errors';
import { outboundFetch } from '../../../lib/outbound';

/** Renew a little before the camera cloud's expiry so a player never starts with a dying token. */
const RENEW_MARGIN_MS = 60_000;

interface CachedToken {
  accessToken: string;
  expiresAt: number;
}

/**
 * Access tokens of the camera cloud (EZVIZ-style `POST tokenUrl` with form fields appKey and
 * appSecret → `{code: "200", data: {accessToken, expireTime}}`), per app key, cached in memory until
 * shortly before expiry. A token only lets a player open streams; the app secret goes nowhere but
 * to `camera.tokenUrl`, and only when an administrator put its host on `security.outboundHosts`
 * (checked before anything is sent, lib/outbound.ts; a refusal is a 400, not a 503).
 * Each instance keeps its own cache: a second token for the same key is harmless.
 */
export class CameraTokens {
  private readonly cache = new Map<string, CachedToken>();

  constructor(private readonly app: FastifyInstance) {}

  async get(appKey: string, appSecret: string): Promise<CachedToken> {
    const hit = this.cache.get(appKey);
    if (hit && hit.expiresAt - RENEW_MARGIN_MS > Date.now()) return hit;
    const url = await this.app.settings.get('camera.tokenUrl');
    let payload: { code?: string | number; data?: { accessToken?: string; expireTime?: number } };
    try {
      const res = await outboundFetch(this.app, url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ appKey, appSecret }).toString(),
      });
      payload = (await res.json()) as typeof payload;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      this.app.log.warn({ err: (err as Error).message }, 'camera token fetch failed');
      throw unavailable();
    }
    const token = payload.data?.accessToken;
    if (String(payload.code) !== '200' || !token) {
      this.app.log.warn({ code: payload.code }, 'camera cloud refused the token request');
      throw unavailable();
    }
    const expiresAt = typeof payload.data?.expireTime === 'number' ? payload.data.expireTime : Date.now() + 7 * 24 * 3600_000;
    const fresh = { accessToken: token, expiresAt };
    this.cache.set(appKey, fresh);
    return fresh;
  }
}

/** 503: the stream cannot be opened now (camera cloud unreachable or refusing). */
export const unavailable = () => new ApiError(503, 'err.streamUnavailable');

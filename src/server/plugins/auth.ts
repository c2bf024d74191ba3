import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SUPER_USER_ID } from '@shared/constants';
import { hasPermission, type AccessState } from '@shared/access';
import type { TicketPurpose } from '@shared/contracts/ticket';
import { hashToken } from '../lib/password';
import { ApiError, forbidden, unauthorized } from '../lib/errors';
import { redeemTicket } from '../lib/tickets';
import { ALL_PROJECTS, projectsScope, type DataScope } from '../lib/data-scope';
import { rawField } from '../lib/raw-field';

/**
 * What a route needs, declared on every route under the API prefix (startup fails otherwise):
 *   'public'  anyone; a token, if sent, is still read
 *   'login'   any signed-in user
 *   'session' any valid session: a user, a wall display or a project visitor
 *   'x#y'     a user (or display / visitor session) holding that permission; an array means any of
 */
export type RoutePermission = 'public' | 'login' | string | string[];

export interface AuthContext {
  sessionId: number;
  kind: 'user' | 'display' | 'visitor';
  userId: number | null;
  username: string;
  roles: string[];
  perms: string[];
  isSuper: boolean;
  /** Visitor sessions are scoped to one project. */
  projectId: number | null;
  /** The projects this session may see and change (lib/data-scope.ts), read with the grants. */
  scope: DataScope;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** Operation-log entry for a change; false to skip (login, logout write their own history). */
    log?: { module: string; action: string } | false;
    /**
     * A GET this route also opens with `?ticket=` (lib/tickets.ts) in place of the header, for a
     * URL a browser loads itself (an EventSource, a download link). Tokens never go in URLs.
     */
    ticket?: TicketPurpose;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /**
     * Makes a call inside the server as a session already resolved (the wall's first frame makes
     * the wall's calls so): every route still checks its permission, without reading the session
     * again for each call. `checked` hears the permission the route checked (the first frame keeps
     * the list, for the next viewer it may be shown to).
     */
    injectAs(auth: AuthContext, options: InjectOptions, checked?: (permission: RoutePermission) => void): Promise<LightMyRequestResponse>;
    /**
     * A session as it stands now (its grants and data scope as of the current grants version), or
     * null when it has ended: what a long-lived stream re-reads when grants change (live/hub.ts).
     */
    resolveSessionById(sessionId: number): Promise<AuthContext | null>;
  }
}

/** Header of a call made by injectAs: a one-time key to the session it runs as, unknown outside the process. */
const INJECTED_AS = 'x-cascade-injected-as';

/** The role whose grants a wall display token carries: read-only by design. */
export const DISPLAY_ROLE = 'viewer';
/** The permission a project visitor session carries (scoped to its project by the routes). */
export const VISITOR_PERMISSION = 'public-project#view';
const TOUCH_AFTER_MS = 60_000;

/** The session token, from the header only: a token in a URL would reach logs, proxies and history. */
function readToken(request: FastifyRequest, headerName: string): string | null {
  const raw = request.headers[headerName.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value) return value.startsWith('Bearer ') ? value.slice(7).trim() : value.trim();
  return null;
}

/** A `?ticket=` on a GET of a route that takes one, with what it must be for (a download: its file). */
function readTicket(request: FastifyRequest): { ticket: string; purpose: TicketPurpose; target: string } | null {
  const purpose = request.routeOptions.config?.ticket;
  if (!purpose || request.method !== 'GET') return null;
  const ticket = rawField(request.query, 'ticket');
  if (typeof ticket !== 'string' || !ticket) return null;
  const id = rawField(request.params, 'id');
  const target = purpose === 'download' ? String(Number(id)) : '';
  return { ticket, purpose, target };
}

const badTicket = () => new ApiError(401, 'err.ticket');

export function accessStateOf(auth: AuthContext | null): AccessState {
  return {
    roles: auth?.roles ?? [],
    can: auth?.perms ?? [],
    login: !!auth,
    userId: auth?.isSuper ? SUPER_USER_ID : (auth?.userId ?? null),
  };
}

export function allows(auth: AuthContext | null, permission: RoutePermission): boolean {
  if (permission === 'public') return true;
  if (!auth) return false;
  if (permission === 'login') return auth.kind === 'user';
  if (permission === 'session') return true;
  if (auth.isSuper) return true;
  const state = accessStateOf(auth);
  const wanted = Array.isArray(permission) ? permission : [permission];
  return wanted.some((p) => hasPermission(state, p));
}

/** Roles and permission codes of a grant holder (a user, or the display role) as of a grants version. */
interface Grants {
  version: string | null;
  roles: string[];
  perms: string[];
  scope: DataScope;
}

/** Past this many holders the cache starts over (a bound, not an expected size). */
const GRANTS_CACHE_LIMIT = 2000;

/**
 * The grants each request checks, kept per instance and stamped with `sys_grants_version`, which
 * every statement changing user roles, roles, role menus or menus moves on (0009_grants_version.sql).
 * The session itself is read on every request, so a logout, a revoked display token or a disabled
 * user is refused at once; only the roles-and-menus join is skipped while nothing has changed.
 */
export class GrantsCache {
  private entries = new Map<string, Grants>();

  get(holder: string, version: string): Grants | undefined {
    const hit = this.entries.get(holder);
    return hit && hit.version === version ? hit : undefined;
  }

  set(holder: string, grants: Grants): void {
    if (this.entries.size >= GRANTS_CACHE_LIMIT && !this.entries.has(holder)) this.entries.clear();
    this.entries.set(holder, grants);
  }

  /** Drops a user's grants (logout); they are read again on that user's next request. */
  forget(userId: number): void {
    this.entries.delete(`user:${userId}`);
  }

  get size(): number {
    return this.entries.size;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    grantsCache: GrantsCache;
    /** What each API route declared it needs, by `METHOD url` (the authorisation suite walks it). */
    routePermissions: Map<string, RoutePermission>;
  }
}

export const authPlugin = fp<{ apiPrefix: string; headerName?: string }>(async (app, opts) => {
  const headerName = opts.headerName ?? 'Authorization';
  const grantsCache = new GrantsCache();
  app.decorate('grantsCache', grantsCache);
  const routePermissions = new Map<string, RoutePermission>();
  app.decorate('routePermissions', routePermissions);
  app.decorateRequest('auth', null);
  app.decorate('resolveSessionById', (sessionId: number) => resolveSession(app.database, { id: sessionId }, app.settings, grantsCache));
  const injected = new Map<string, { auth: AuthContext; checked?: (permission: RoutePermission) => void }>();
  app.decorate('injectAs', async (auth: AuthContext, options: InjectOptions, checked?: (permission: RoutePermission) => void) => {
    const key = randomBytes(32).toString('base64url');
    injected.set(key, { auth, checked });
    try {
      return await app.inject({ ...options, headers: { ...options.headers, [INJECTED_AS]: key } });
    } finally {
      injected.delete(key);
    }
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(opts.apiPrefix)) return;
    if (route.method === 'HEAD' || route.url.startsWith(`${opts.apiPrefix}/docs`)) return;
    if (route.config?.permission === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no permission`);
    }
    for (const method of [route.method].flat()) routePermissions.set(`${method} ${route.url}`, route.config.permission);
  });

  // onRequest runs before the body is parsed: a caller without the permission gets 401/403
  // whatever it sent.
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (permission === undefined) return;
    const as = request.headers[INJECTED_AS];
    const token = readToken(request, headerName);
    const ticket = token ? null : readTicket(request);
    const inside = typeof as === 'string' ? injected.get(as) : undefined;
    if (inside) {
      request.auth = inside.auth;
      inside.checked?.(permission);
    } else if (ticket) {
      const sessionId = await redeemTicket(app.database, ticket.ticket, ticket.purpose, ticket.target);
      request.auth = sessionId === null ? null : await resolveSession(app.database, { id: sessionId }, app.settings, grantsCache);
      if (!request.auth) throw badTicket();
    } else request.auth = token ? await resolveSession(app.database, { hash: hashToken(token) }, app.settings, grantsCache) : null;
    if (permission === 'public') return;
    if (!request.auth) throw unauthorized();
    if (!allows(request.auth, permission)) throw forbidden();
  });
});

async function resolveSession(
  database: import('../db/client').Database,
  key: { hash: string } | { id: number },
  settings: import('../lib/settings').Settings,
  grantsCache: GrantsCache,
): Promise<AuthContext | null> {
  const rows = await database.query<{
    id: number; kind: AuthContext['kind']; user_id: number | null; project_id: number | null;
    expires_at: Date | null; last_active_at: Date; username: string | null; status: number | null; expire_at: Date | null;
    grants_version: string | null;
  }>(
    `SELECT s.id, s.kind, s.user_id, s.project_id, s.expires_at, s.last_active_at, u.username, u.status, u.expire_at,
            g.version::text AS grants_version
       FROM sys_session s LEFT JOIN sys_user u ON u.id = s.user_id LEFT JOIN sys_grants_version g ON g.id = 1
      WHERE ${'hash' in key ? 's.token_hash = $1' : 's.id = $1'}`,
    ['hash' in key ? key.hash : key.id],
  );
  const s = rows[0];
  if (!s) return null;
  const now = Date.now();
  if (s.expires_at && new Date(s.expires_at).getTime() <= now) {
    await database.query('DELETE FROM sys_session WHERE id = $1', [s.id]);
    return null;
  }
  if (s.kind === 'user') {
    const disabled = s.status !== 1;
    const expired = s.expire_at !== null && new Date(s.expire_at).getTime() <= now;
    if (!s.user_id || disabled || expired) {
      if (s.user_id) await database.query('DELETE FROM sys_session WHERE user_id = $1', [s.user_id]);
      return null;
    }
  }
  if (now - new Date(s.last_active_at).getTime() > TOUCH_AFTER_MS) {
    const hours = await settings.get('security.sessionHours');
    await database.query(
      `UPDATE sys_session SET last_active_at = now(),
         expires_at = CASE WHEN expires_at IS NULL THEN NULL ELSE now() + make_interval(secs => $2) END
       WHERE id = $1`,
      [s.id, hours * 3600],
    );
  }
  let roles: string[] = [];
  let perms: string[] = [];
  let scope: DataScope = ALL_PROJECTS;
  if (s.kind === 'visitor') {
    roles = ['visitor'];
    perms = [VISITOR_PERMISSION];
    // A visitor's one project is its data scope too, so every scoped query family limits it the same way.
    scope = projectsScope(s.project_id === null ? [] : [s.project_id]);
  } else {
    const holder = s.kind === 'user' ? `user:${s.user_id}` : 'display';
    const version = s.grants_version;
    // Without the version row nothing would tell the cache about changes: read every time.
    const cached = version === null ? undefined : grantsCache.get(holder, version);
    const grants = cached ?? (await readGrants(database, s.kind, s.user_id, version));
    if (!cached && version !== null) grantsCache.set(holder, { ...grants, version });
    roles = s.kind === 'display' ? ['display'] : grants.roles;
    perms = grants.perms;
    scope = s.kind === 'user' && s.user_id === SUPER_USER_ID ? ALL_PROJECTS : grants.scope;
  }
  return {
    sessionId: s.id,
    kind: s.kind,
    userId: s.user_id,
    username: s.username ?? '',
    roles,
    perms,
    isSuper: s.kind === 'user' && s.user_id === SUPER_USER_ID,
    projectId: s.project_id,
    scope,
  };
}

/** A user's grants through their roles, or the display role's; the menus that are switched off grant nothing. */
async function readGrants(database: import('../db/client').Database, kind: 'user' | 'display', userId: number | null, version: string | null): Promise<Grants> {
  const grants = await database.query<{ role: string; perms: string | null }>(
      kind === 'user'
      ? `SELECT r.code AS role, m.perms FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
           LEFT JOIN sys_role_menu rm ON rm.role_id = r.id
           LEFT JOIN sys_menu m ON m.id = rm.menu_id AND m.status = 0
          WHERE ur.user_id = $1`
      : `SELECT r.code AS role, m.perms FROM sys_role r
           LEFT JOIN sys_role_menu rm ON rm.role_id = r.id
           LEFT JOIN sys_menu m ON m.id = rm.menu_id AND m.status = 0
          WHERE r.code = $2 AND $1::int IS NULL`,
    kind === 'user' ? [userId] : [null, DISPLAY_ROLE],
  );
  return {
    version,
    roles: [...new Set(grants.map((g) => g.role))],
    perms: [...new Set(grants.flatMap((g) => (g.perms ? g.perms.split(',').map((p) => p.trim()).filter(Boolean) : [])))],
    scope: await readScope(database, kind, userId),
  };
}

/**
 * The union of the holder's roles' data scopes: all when any role is 'all', else the projects of its
 * 'projects' roles. A user without a role gets no project (it holds no permission to read one either).
 */
export async function readScope(database: import('../db/client').Database, kind: 'user' | 'display', userId: number | null): Promise<DataScope> {
  const rows = await database.query<{ data_scope: string; project_id: number | null }>(
    kind === 'user'
      ? `SELECT r.data_scope, rp.project_id FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
           LEFT JOIN sys_role_project rp ON rp.role_id = r.id AND r.data_scope = 'projects'
          WHERE ur.user_id = $1`
      : `SELECT r.data_scope, rp.project_id FROM sys_role r
           LEFT JOIN sys_role_project rp ON rp.role_id = r.id AND r.data_scope = 'projects'
          WHERE r.code = $2 AND $1::int IS NULL`,
    kind === 'user' ? [userId] : [null, DISPLAY_ROLE],
  );
  // The display role missing altogether leaves a kiosk as it was before scopes: every project.
  if (kind === 'display' && !rows.length) return ALL_PROJECTS;
  if (rows.some((r) => r.data_scope !== 'projects')) return ALL_PROJECTS;
  return projectsScope(rows.flatMap((r) => (r.project_id === null ? [] : [r.project_id])));
}

import { FORBIDDEN_PATH, LOGIN_PATH } from '@shared/constants';
import { evaluateRules, isSuper, type AccessState } from '@shared/access';
import type { NavMenu } from '@shared/contracts/auth';
import type { PermissionCode } from '@shared/resources';
import type { SessionKind } from '../lib/session';
import { findMenuByPath } from './menu-store';

/** What a route may carry in its `handle` (spec §2 "each route may carry an access requirement"). */
export interface RouteHandle {
  /** Access rules of spec §5, checked one after another; a permission named is a registry code. */
  access?: RouteRule[];
  /** Set on the routes built from the user's menus: the full path the menu opens. */
  menuPath?: string;
  /** Set on the /main catch-all: a /main path that none of the user's menus opens. */
  unknownMain?: boolean;
}

/** A route's access rule (spec §5): a permission it names is the registry's, so a misspelt code fails the typecheck. */
export type RouteRule = 'login' | `role:${string}` | `can:${PermissionCode}`;

export type NavigationDecision =
  | { action: 'pass' }
  /** `logout`: the session must be cleared first (spec §2, no token on a /main path). */
  | { action: 'login'; to: string; logout: boolean }
  | { action: 'forbidden'; to: string };

export interface NavigationInput {
  pathname: string;
  search?: string;
  access: AccessState;
  whitelist: readonly string[];
  /** Handles of the matched routes, outermost first. */
  handles: readonly (RouteHandle | undefined)[];
  menus: NavMenu[];
}

export function isUnderMain(pathname: string): boolean {
  return pathname === '/main' || pathname.startsWith('/main/');
}

/** An allow-list entry covers its own path and everything below it. */
export function isAllowListed(pathname: string, whitelist: readonly string[]): boolean {
  return whitelist.some((entry) => {
    const base = entry.replace(/\/+$/, '') || '/';
    return pathname === base || pathname.startsWith(base === '/' ? '/' : `${base}/`);
  });
}

/** /login with a redirect back to where the user was going. */
export function loginTarget(pathname: string, search = ''): string {
  if (pathname === LOGIN_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Where a wall display lands when the server no longer knows its token: a notice, not a login form. */
export const DISPLAY_ENDED_PATH = '/page/ended';

/**
 * Where to go once the server has ended the session (a 401): a kiosk wall's display token was revoked,
 * so it shows a notice on the wall (nobody is there to sign in); a project visitor signs in again with
 * the project's access password; a user goes to login and comes back. Null: stay (already there).
 */
export function afterSessionEnded(ended: SessionKind, pathname: string, search = ''): string | null {
  if (ended === 'display') return pathname === DISPLAY_ENDED_PATH ? null : DISPLAY_ENDED_PATH;
  if (ended === 'visitor') {
    if (/^\/login2(\/|$)/.test(pathname)) return null;
    const project = /^\/page\/project\/(\d+)/.exec(pathname)?.[1];
    return project ? `/login2/${project}` : '/login2';
  }
  return pathname === LOGIN_PATH ? null : loginTarget(pathname, search);
}

/**
 * Where a project visitor (login2) may go: the project walls (their own detailed, another public
 * one's public form), the sign-in forms and the ended notice. Anything else (the overview, the
 * back-office, the portal) is not theirs: they are sent to their project's wall, or to the password
 * form when the tab does not know it. Null: the path is theirs.
 */
export function visitorRedirect(pathname: string, projectId: number | null): string | null {
  if (/^\/page\/project\/[^/]+$/.test(pathname) || pathname === DISPLAY_ENDED_PATH) return null;
  if (pathname === LOGIN_PATH || /^\/login2(\/|$)/.test(pathname)) return null;
  return projectId ? `/page/project/${projectId}` : '/login2';
}

/** Only a path inside this app may be a redirect target, never another site. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith(LOGIN_PATH)) return null;
  return value;
}

/**
 * The navigation check of spec §2 and §4, as a pure decision:
 * 1. no token on a /main path that is not allow-listed: log out and go to login;
 * 2. the access rules of every matched route, one after another: a failed `login` goes to login,
 *    any other failure to /403;
 * 3. a /main path must be one of the user's menus, otherwise /403. The super user passes 2 and 3
 *    (an unknown /main path then shows the 404 page inside the layout).
 */
export function decideNavigation(input: NavigationInput): NavigationDecision {
  const { pathname, search = '', access, whitelist, handles, menus } = input;
  if (!access.login && isUnderMain(pathname) && !isAllowListed(pathname, whitelist)) {
    return { action: 'login', to: loginTarget(pathname, search), logout: true };
  }
  for (const handle of handles) {
    const outcome = evaluateRules(access, handle?.access ?? []);
    if (outcome === 'login') return { action: 'login', to: loginTarget(pathname, search), logout: false };
    if (outcome === 'forbidden') return { action: 'forbidden', to: FORBIDDEN_PATH };
  }
  const leaf = handles[handles.length - 1];
  if (isSuper(access)) return { action: 'pass' };
  if (leaf?.unknownMain) return { action: 'forbidden', to: FORBIDDEN_PATH };
  if (leaf?.menuPath && !findMenuByPath(leaf.menuPath, menus)) return { action: 'forbidden', to: FORBIDDEN_PATH };
  return { action: 'pass' };
}

import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, SUPER_USER_ID } from '@shared/constants';
import { evaluateRules, hasPermission, type AccessState } from '@shared/access';
import type { SessionUser } from '@shared/contracts/auth';
import type { MenuCode, PermissionCode } from '@shared/resources';
import { kioskTokenOf } from './kiosk-token';

/**
 * The session of spec §3–§4: token in session storage (TOKEN), user info (USER_INFO), permissions
 * (PERMS) and the access state cached under __MY_ACCESS__. Components read it through hooks; the
 * API client and the router through the plain functions.
 */
export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  access: AccessState;
}

const EMPTY_ACCESS: AccessState = { roles: [], can: [], token: null, login: false, userId: null };

function read(): SessionState {
  const token = sessionStorage.getItem(STORAGE_KEYS.token);
  const userRaw = sessionStorage.getItem(STORAGE_KEYS.userInfo);
  const accessRaw = sessionStorage.getItem(STORAGE_KEYS.access);
  let user: SessionUser | null = null;
  let access = EMPTY_ACCESS;
  try {
    user = userRaw ? (JSON.parse(userRaw) as SessionUser) : null;
    access = accessRaw ? { ...EMPTY_ACCESS, ...(JSON.parse(accessRaw) as AccessState) } : EMPTY_ACCESS;
  } catch {
    // A damaged entry is treated as signed out.
  }
  return { token, user, access: { ...access, token, login: !!token } };
}

let state: SessionState = typeof sessionStorage !== 'undefined' ? read() : { token: null, user: null, access: EMPTY_ACCESS };
const listeners = new Set<() => void>();

function save(next: SessionState): void {
  state = next;
  const { token, user, access } = next;
  if (token) sessionStorage.setItem(STORAGE_KEYS.token, token);
  else sessionStorage.removeItem(STORAGE_KEYS.token);
  if (user) sessionStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
  else sessionStorage.removeItem(STORAGE_KEYS.userInfo);
  if (!token || user) sessionStorage.removeItem(STORAGE_KEYS.visitorProject);
  if (token) {
    sessionStorage.setItem(STORAGE_KEYS.perms, JSON.stringify(access.can));
    sessionStorage.setItem(STORAGE_KEYS.access, JSON.stringify(access));
  } else {
    sessionStorage.removeItem(STORAGE_KEYS.perms);
    sessionStorage.removeItem(STORAGE_KEYS.access);
  }
  listeners.forEach((l) => l());
}

export function getSession(): SessionState {
  return state;
}
export function getToken(): string | null {
  return state.token;
}

/** Login stores the flag and the supplied data, and saves them. */
export function login(token: string, user: SessionUser): void {
  save({
    token,
    user,
    access: { roles: user.roles, can: user.perms, token, login: true, userId: user.id },
  });
}

/**
 * A wall signed in without a user: a kiosk display token (read-only, never logs out) or a project
 * visitor token from login2. The wall asks the server what the token may see (GET /wall/session).
 */
export function loginDisplay(token: string, kind: 'display' | 'visitor' = 'display', projectId?: number): void {
  if (kind === 'visitor' && projectId) sessionStorage.setItem(STORAGE_KEYS.visitorProject, String(projectId));
  else sessionStorage.removeItem(STORAGE_KEYS.visitorProject);
  save({ token, user: null, access: { roles: [kind], can: [], token, login: true, userId: null } });
}

/** The project a visitor session opened (login2), whose wall is the visitor's home; null for any other session. */
export function visitorProjectId(): number | null {
  if (sessionKind() !== 'visitor') return null;
  const id = Number(sessionStorage.getItem(STORAGE_KEYS.visitorProject));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * A wall address `#/page…?kiosk=1&token=…` carries a display token: it becomes the session before
 * the app starts, so no request of the wall (route loaders start them early) goes out without it.
 */
export function adoptKioskToken(hash: string): boolean {
  const token = kioskTokenOf(hash);
  if (!token || token === getToken()) return false;
  loginDisplay(token, 'display');
  return true;
}

export function setPermissions(can: string[]): void {
  save({ ...state, access: { ...state.access, can } });
}
export function setRoles(roles: string[]): void {
  save({ ...state, access: { ...state.access, roles } });
}
export function setUser(user: SessionUser): void {
  save({ ...state, user });
}

export type SessionKind = 'user' | 'display' | 'visitor' | 'none';

/** Who the current session is: a signed-in user, a wall display (kiosk token), a project visitor (login2), or nobody. */
export function sessionKind(): SessionKind {
  const { token, roles } = state.access;
  if (!token) return 'none';
  if (state.user) return 'user';
  return roles.includes('visitor') ? 'visitor' : roles.includes('display') ? 'display' : 'user';
}

/** Logout clears roles and permissions and removes the saved state; navigation is the caller's. */
export function clearSession(): void {
  save({ token: null, user: null, access: EMPTY_ACCESS });
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export function can(code: PermissionCode): boolean {
  return hasPermission(state.access, code);
}

/**
 * True when the user holds the permission (user id 1 always does). A registry code only, so a
 * misspelt one fails the typecheck; `undefined` (a screen that asks for no such button) is false.
 */
export function useCan(code: PermissionCode | undefined): boolean {
  const s = useSession();
  return code !== undefined && hasPermission(s.access, code);
}

/** True when a menu with that menuCode is among the user's menus (user id 1 always passes). */
export function useHasMenu(menuCode: MenuCode): boolean {
  const s = useSession();
  if (s.access.userId === SUPER_USER_ID) return true;
  return !!s.user?.menus.some((m) => m.menuCode === menuCode);
}

export function checkRules(rules: readonly string[]) {
  return evaluateRules(state.access, rules);
}

import { useSyncExternalStore } from 'react';
import type { NavMenu, NavResult } from '@shared/contracts/auth';
import { api } from '../lib/api';
import { getToken, setPermissions } from '../lib/session';

/**
 * The signed-in user's menus of GET /sys/menu/nav (spec §4 "dynamic menu routes are added once
 * after login"). They are fetched once per token; a new login (another token) fetches them again.
 */
export const NAV_PATH = '/sys/menu/nav';

interface MenuState {
  token: string | null;
  menus: NavMenu[] | null;
}

let state: MenuState = { token: null, menus: null };
let pending: Promise<NavMenu[]> | null = null;
const listeners = new Set<() => void>();

function set(next: MenuState): void {
  state = next;
  listeners.forEach((l) => l());
}

export function menusLoaded(): boolean {
  return state.menus !== null && state.token === getToken();
}

const NO_MENUS: NavMenu[] = [];

export function getMenus(): NavMenu[] {
  return state.menus ?? NO_MENUS;
}

/** Loads the menus once for the current token and refreshes the session's permissions with them. */
export function ensureMenus(): Promise<NavMenu[]> {
  if (menusLoaded()) return Promise.resolve(getMenus());
  const token = getToken();
  pending ??= api
    .get<NavResult>(NAV_PATH)
    .then((nav) => {
      setPermissions(nav.permissions);
      set({ token, menus: nav.menuList });
      return nav.menuList;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

export function resetMenus(): void {
  pending = null;
  set({ token: null, menus: null });
}

export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** The route path of a menu under /main: its url without the leading slash, or iframe/<menuId> for an external url. */
export function menuRoutePath(menu: Pick<NavMenu, 'menuId' | 'url'>): string {
  return isExternalUrl(menu.url) ? `iframe/${menu.menuId}` : menu.url.replace(/^\/+/, '');
}

/** Every menu that opens a screen (has a url), depth first. Directories only group them. */
export function flattenMenus(menus: NavMenu[]): NavMenu[] {
  return menus.flatMap((m) => [...(m.url ? [m] : []), ...flattenMenus(m.list ?? [])]);
}

export function findMenuByPath(pathname: string, menus: NavMenu[] = getMenus()): NavMenu | undefined {
  return flattenMenus(menus).find((m) => `/main/${menuRoutePath(m)}` === pathname);
}

export function useMenus(): NavMenu[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getMenus,
    getMenus,
  );
}

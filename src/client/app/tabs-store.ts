import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@shared/constants';

/**
 * The tabbed work area's open screens (spec §2 "a tabbed main area with an active tab"), by path,
 * kept in sessionStorage so a reload restores them. Titles are not stored: they follow the language.
 */
export const HOME_TAB = '/main';

function read(): string[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEYS.tabs);
    const saved = raw ? (JSON.parse(raw) as unknown) : [];
    const paths = Array.isArray(saved) ? saved.filter((p): p is string => typeof p === 'string' && p.startsWith('/main')) : [];
    return [HOME_TAB, ...paths.filter((p) => p !== HOME_TAB)];
  } catch {
    return [HOME_TAB];
  }
}

let tabs: string[] = typeof sessionStorage !== 'undefined' ? read() : [HOME_TAB];
const listeners = new Set<() => void>();

function save(next: string[]): void {
  tabs = next;
  sessionStorage.setItem(STORAGE_KEYS.tabs, JSON.stringify(next));
  listeners.forEach((l) => l());
}

export function getTabs(): string[] {
  return tabs;
}

export function openTab(path: string): void {
  if (!tabs.includes(path)) save([...tabs, path]);
}

/** Closes a tab and returns the path to show when it was the active one (its left neighbour). */
export function closeTab(path: string): string {
  if (path === HOME_TAB) return path;
  const index = tabs.indexOf(path);
  const next = tabs.filter((p) => p !== path);
  save(next);
  return next[Math.max(0, index - 1)] ?? HOME_TAB;
}

/** Forgets every tab (logout), and re-reads storage (tests). */
export function resetTabs(): void {
  sessionStorage.removeItem(STORAGE_KEYS.tabs);
  tabs = read();
  listeners.forEach((l) => l());
}

export function reloadTabs(): void {
  tabs = read();
  listeners.forEach((l) => l());
}

export function useTabs(): string[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getTabs,
    getTabs,
  );
}

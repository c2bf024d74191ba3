import { useSyncExternalStore } from 'react';
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { STORAGE_KEYS } from '@shared/constants';

/** Back-office layout preferences of spec §2 ("a sidebar with fold state, a skin"), kept in localStorage. */
export interface LayoutPrefs {
  folded: boolean;
  skin: 'light' | 'dark';
  /** The navbar type: the menus in a sidebar, or as a bar in the header (wide screens, fewer menus). */
  navbar: NavbarType;
}

export const NAVBAR_TYPES = ['side', 'top'] as const;
export type NavbarType = (typeof NAVBAR_TYPES)[number];

const DEFAULT_PREFS: LayoutPrefs = { folded: false, skin: 'light', navbar: 'side' };

function read(): LayoutPrefs {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.layout);
    const saved = raw ? { ...DEFAULT_PREFS, ...(JSON.parse(raw) as Partial<LayoutPrefs>) } : DEFAULT_PREFS;
    return (NAVBAR_TYPES as readonly string[]).includes(saved.navbar) ? saved : { ...saved, navbar: DEFAULT_PREFS.navbar };
  } catch {
    return DEFAULT_PREFS;
  }
}

let prefs: LayoutPrefs = typeof localStorage !== 'undefined' ? read() : DEFAULT_PREFS;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getLayoutPrefs(): LayoutPrefs {
  return prefs;
}

export function setLayoutPrefs(patch: Partial<LayoutPrefs>): void {
  prefs = { ...prefs, ...patch };
  localStorage.setItem(STORAGE_KEYS.layout, JSON.stringify(prefs));
  listeners.forEach((l) => l());
}

/** Re-reads storage; tests clear localStorage between cases. */
export function reloadLayoutPrefs(): void {
  prefs = read();
  listeners.forEach((l) => l());
}

export function useLayoutPrefs(): LayoutPrefs {
  return useSyncExternalStore(subscribe, getLayoutPrefs, getLayoutPrefs);
}

/**
 * Mantine keeps its colour scheme in the same layout entry, so the skin is one saved preference.
 * Like Mantine's own manager it only listens to other browser tabs: Mantine answers an update by
 * setting the scheme again, so relaying our own writes would loop.
 */
export const layoutColorSchemeManager: MantineColorSchemeManager = (() => {
  let listener: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue: MantineColorScheme) => (read().skin ?? defaultValue) as MantineColorScheme,
    set: (value: MantineColorScheme) => {
      if (prefs.skin !== value) setLayoutPrefs({ skin: value === 'dark' ? 'dark' : 'light' });
    },
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.storageArea !== localStorage || event.key !== STORAGE_KEYS.layout) return;
        reloadLayoutPrefs();
        onUpdate(prefs.skin);
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
      listener = null;
    },
    clear: () => setLayoutPrefs({ skin: DEFAULT_PREFS.skin }),
  };
})();

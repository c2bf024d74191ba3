import type { ComponentType } from 'react';
import { RESOURCES, type ResourceKey } from '@shared/resources';

type ScreenLoader = () => Promise<{ default: ComponentType }>;
/** The resources that have a menu entry (the registry's `menu`), so a screen can open from it. */
export type MenuResourceKey = { [K in ResourceKey]: (typeof RESOURCES)[K]['menu'] extends null ? never : K }[ResourceKey];

/**
 * The screen of a resource's menu entry is found by its file name: `<registry key in kebab case>.screen.tsx`
 * anywhere under features/ (`user` → `features/system/users/user.screen.tsx`, `loginLog` →
 * `login-log.screen.tsx`), default-exporting the page. Nothing is listed by hand; each file is its own
 * chunk, loaded when its menu opens. `screens.test.ts` checks that every file names a menu resource
 * and that every menu resource has one. A menu without a screen shows a
 * "not built yet" placeholder inside the layout.
 */
const FILES = import.meta.glob<{ default: ComponentType }>('../features/**/*.screen.tsx');

/** The registry key a screen file stands for: its name before `.screen.tsx`, kebab case to camel case. */
export function screenKeyOf(file: string): string {
  const name = /([a-z0-9-]+)\.screen\.tsx$/.exec(file)?.[1] ?? '';
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const isMenuResource = (key: string): key is MenuResourceKey => Object.hasOwn(RESOURCES, key) && RESOURCES[key as ResourceKey].menu !== null;

/** Screen files by registry key (a file naming no menu resource is left out; the test names it). */
export const LOADERS: Partial<Record<MenuResourceKey, ScreenLoader>> = Object.fromEntries(
  Object.entries(FILES)
    .map(([file, load]) => [screenKeyOf(file), load] as const)
    .filter(([key]) => isMenuResource(key)),
);

/** Every screen file found, by path (the test checks their names). */
export const SCREEN_FILES: readonly string[] = Object.keys(FILES);

/**
 * The same screens keyed by the menu url without its leading slash, exactly as the menu table
 * stores it (e.g. `'fall/project'`, `'sys/user'`), which is how a menu entry finds its screen.
 */
export const SCREENS: Record<string, ScreenLoader> = Object.fromEntries(
  Object.entries(LOADERS).map(([key, loader]) => [RESOURCES[key as MenuResourceKey].menu.url, loader]),
);

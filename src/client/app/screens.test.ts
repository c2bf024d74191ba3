import { describe, expect, it } from 'vitest';
import { RESOURCES, RESOURCE_LIST, type ResourceKey } from '@shared/resources';
import { LOADERS, SCREENS, SCREEN_FILES, screenKeyOf } from './screens';

/** Menus of the registry that open no screen of their own yet (the "not built yet" placeholder), each with why. */
const WITHOUT_SCREEN: Record<string, string> = {};

describe('screens from the resource registry', () => {
  it('opens a screen for every registry menu but the known placeholders, and only for registry menus', () => {
    const urls = RESOURCE_LIST.flatMap((r) => (r.menu ? [r.menu.url] : []));
    expect(Object.keys(SCREENS).sort()).toEqual(urls.filter((u) => !WITHOUT_SCREEN[u]).sort());
  });

  it('finds screens by file name: every *.screen.tsx names a registry resource with a menu, one file each', () => {
    const keys = SCREEN_FILES.map(screenKeyOf);
    const strays = SCREEN_FILES.filter((f) => {
      const key = screenKeyOf(f);
      return !Object.hasOwn(RESOURCES, key) || RESOURCES[key as ResourceKey].menu === null;
    });
    expect(strays).toEqual([]);
    expect(keys.length).toBe(new Set(keys).size);
    expect(Object.keys(LOADERS).length).toBe(SCREEN_FILES.length);
    expect(screenKeyOf('../features/system/history/login-log.screen.tsx')).toBe('loginLog');
  });
});

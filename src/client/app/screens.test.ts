import { describe, expect, it } from 'vitest';
import { RESOURCE_LIST } from '@shared/resources';
import { SCREENS } from './screens';

/** Menus of the registry that open no screen of their own yet (the "not built yet" placeholder). */
const WITHOUT_SCREEN: string[] = [];

describe('screens from the resource registry', () => {
  it('opens a screen for every registry menu but the known placeholders, and only for registry menus', () => {
    const urls = RESOURCE_LIST.flatMap((r) => (r.menu ? [r.menu.url] : []));
    expect(Object.keys(SCREENS).sort()).toEqual(urls.filter((u) => !WITHOUT_SCREEN.includes(u)).sort());
  });
});

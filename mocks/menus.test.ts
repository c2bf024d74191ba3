import { describe, expect, it } from 'vitest';
import { MENU_GROUPS, RESOURCE_LIST } from '@shared/resources';
import type { NavMenu } from '@shared/contracts/auth';
import { MOCK_ACCOUNTS, MOCK_MENUS } from './handlers/auth';

const flat = (menus: NavMenu[]): NavMenu[] => menus.flatMap((m) => [m, ...flat(m.list)]);
const summary = (m: NavMenu) => [m.menuCode, m.url, m.icon, m.name, m.nameEn].join(' · ');

describe('the offline mock\'s menus', () => {
  it('are the registry\'s menu groups and menus (as the server seeds them), plus one external link', () => {
    const registry = Object.values(MENU_GROUPS).flatMap((g) => [
      [g.code, '', g.icon, g.name, g.nameEn].join(' · '),
      ...RESOURCE_LIST.flatMap((r) => (r.menu?.parent === g.code ? [[r.code, r.menu.url, r.menu.icon, r.menu.name, r.menu.nameEn].join(' · ')] : [])),
    ]);
    const mock = flat(MOCK_MENUS);
    expect(mock.filter((m) => !m.url.startsWith('https://')).map(summary)).toEqual(registry);
    expect(mock.filter((m) => m.url.startsWith('https://'))).toHaveLength(1);
  });

  it('give the operator only the operations directory with orders and reports', () => {
    expect(flat(MOCK_ACCOUNTS.operator.menus).map((m) => m.menuCode)).toEqual(['fall', 'fall-order', 'fall-report']);
  });
});

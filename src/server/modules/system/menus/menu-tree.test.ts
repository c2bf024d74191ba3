import { describe, expect, it } from 'vitest';
import { buildTree, isSelfOrDescendant, visibleMenus, type MenuRecord } from './menu-tree.service';

const m = (id: number, parentId: number, type: number, extra: Partial<MenuRecord> = {}): MenuRecord => ({
  id, parentId, type, name: `m${id}`, nameEn: '', url: type === 1 ? `u/${id}` : '', perms: type === 2 ? `c${parentId}#x` : '', menuCode: `c${id}`, icon: '', sort: 0, status: 0, ...extra,
});

// 1 dir ─ 2 menu ─ 3 button ; 1 dir ─ 4 menu ; 5 empty dir ; 6 dir (disabled) ─ 7 menu
const menus = [m(1, 0, 0), m(2, 1, 1, { sort: 2 }), m(3, 2, 2), m(4, 1, 1, { sort: 1 }), m(5, 0, 0), m(6, 0, 0, { status: 1 }), m(7, 6, 1)];

describe('menu tree', () => {
  it('shows every directory and menu to the super user, minus buttons, empty and disabled branches', () => {
    expect(visibleMenus(menus, 'all').map((x) => x.id)).toEqual([1, 2, 4]);
  });

  it('brings the ancestors of a granted menu along', () => {
    expect(visibleMenus(menus, new Set([4])).map((x) => x.id)).toEqual([1, 4]);
    expect(visibleMenus(menus, new Set([7])).map((x) => x.id)).toEqual([]);
    expect(visibleMenus(menus, new Set([1, 3])).map((x) => x.id)).toEqual([]);
  });

  it('nests by parent and sorts each level by sort then id', () => {
    const tree = buildTree(visibleMenus(menus, 'all'), (x, list: { id: number; list: unknown[] }[]) => ({ id: x.id, list }));
    expect(tree).toEqual([{ id: 1, list: [{ id: 4, list: [] }, { id: 2, list: [] }] }]);
  });

  it('knows a menu cannot move under itself or its descendants', () => {
    expect(isSelfOrDescendant(menus, 1, 1)).toBe(true);
    expect(isSelfOrDescendant(menus, 1, 3)).toBe(true);
    expect(isSelfOrDescendant(menus, 2, 4)).toBe(false);
    expect(isSelfOrDescendant(menus, 1, 5)).toBe(false);
  });
});

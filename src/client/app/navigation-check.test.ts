import { describe, expect, it } from 'vitest';
import type { AccessState } from '@shared/access';
import type { NavMenu } from '@shared/contracts/auth';
import { afterSessionEnded, decideNavigation, isAllowListed, type NavigationInput, type RouteHandle } from './navigation-check';

const signedIn: AccessState = { roles: ['operator'], can: ['fall-order#list'], token: 't', login: true, userId: 2 };
const signedOut: AccessState = { roles: [], can: [], token: null, login: false, userId: null };
const orders: NavMenu = { menuId: 5, parentId: 0, name: '工单', nameEn: 'Orders', url: 'fall/order', icon: '', menuCode: 'fall-order', type: 1, list: [] };
const base: NavigationInput = { pathname: '/main', access: signedIn, whitelist: ['/login'], handles: [], menus: [orders] };

describe('decideNavigation', () => {
  it('logs out and goes to login for a /main path without a token unless allow-listed', () => {
    expect(decideNavigation({ ...base, access: signedOut, pathname: '/main/fall/order', search: '?a=1' })).toEqual({
      action: 'login', to: '/login?redirect=%2Fmain%2Ffall%2Forder%3Fa%3D1', logout: true,
    });
    expect(decideNavigation({ ...base, access: signedOut, whitelist: ['/main/help'], pathname: '/main/help' })).toEqual({ action: 'pass' });
    expect(decideNavigation({ ...base, access: signedOut, pathname: '/page' })).toEqual({ action: 'pass' });
  });

  it('checks the rules of every matched route in order: failed login → login, other failures → /403', () => {
    const handles: RouteHandle[] = [{ access: ['login'] }, { access: ['can:fall-order#list', 'role:manager'] }];
    expect(decideNavigation({ ...base, handles })).toEqual({ action: 'forbidden', to: '/403' });
    expect(decideNavigation({ ...base, handles: [{ access: ['can:fall-order#list'] }] })).toEqual({ action: 'pass' });
    expect(decideNavigation({ ...base, access: { ...signedOut }, pathname: '/test', handles })).toEqual({
      action: 'login', to: '/login?redirect=%2Ftest', logout: false,
    });
  });

  it('allows a menu route only when it is among the user’s menus; the super user passes everything', () => {
    expect(decideNavigation({ ...base, pathname: '/main/fall/order', handles: [{}, { menuPath: '/main/fall/order' }] })).toEqual({ action: 'pass' });
    expect(decideNavigation({ ...base, pathname: '/main/sys/user', handles: [{}, { menuPath: '/main/sys/user' }] })).toEqual({ action: 'forbidden', to: '/403' });
    expect(decideNavigation({ ...base, pathname: '/main/nope', handles: [{}, { unknownMain: true }] })).toEqual({ action: 'forbidden', to: '/403' });
    const superUser = { ...signedIn, userId: 1, can: [] };
    expect(decideNavigation({ ...base, access: superUser, pathname: '/main/x', handles: [{ access: ['can:sys-user#list'] }, { menuPath: '/main/x' }] })).toEqual({ action: 'pass' });
  });
});

describe('isAllowListed', () => {
  it('covers the entry and the paths below it only', () => {
    expect(isAllowListed('/page/detail', ['/page'])).toBe(true);
    expect(isAllowListed('/pages', ['/page'])).toBe(false);
    expect(isAllowListed('/main', ['/page'])).toBe(false);
  });
});

describe('afterSessionEnded', () => {
  it('sends a user to login and back, a wall display to its notice, a visitor to the project password form', () => {
    expect(afterSessionEnded('user', '/main/fall/order', '?x=1')).toBe('/login?redirect=%2Fmain%2Ffall%2Forder%3Fx%3D1');
    expect(afterSessionEnded('user', '/login')).toBeNull();
    expect(afterSessionEnded('display', '/page/project/3', '?kiosk=1')).toBe('/page/ended');
    expect(afterSessionEnded('display', '/page/ended')).toBeNull();
    expect(afterSessionEnded('visitor', '/page/project/12')).toBe('/login2/12');
    expect(afterSessionEnded('visitor', '/page')).toBe('/login2');
    expect(afterSessionEnded('visitor', '/login2/12')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { adoptKioskToken, getSession, getToken } from './session';

describe('kiosk token in the wall address', () => {
  it('becomes a display session before anything starts', () => {
    expect(adoptKioskToken('#/page?kiosk=1&token=abc')).toBe(true);
    expect(getToken()).toBe('abc');
    expect(getSession().access.roles).toEqual(['display']);
    expect(sessionStorage.getItem('TOKEN')).toBe('abc');
  });

  it('is ignored outside walls, without kiosk=1, or when already the session', () => {
    expect(adoptKioskToken('#/main?kiosk=1&token=x')).toBe(false);
    expect(adoptKioskToken('#/page?token=x')).toBe(false);
    expect(adoptKioskToken('#/page/project/3?kiosk=1')).toBe(false);
    adoptKioskToken('#/page?kiosk=1&token=same');
    expect(adoptKioskToken('#/page/project/3?kiosk=1&token=same')).toBe(false);
  });
});

import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '@shared/constants';
import { clearSession } from '../lib/session';
import { queryClient } from '../lib/query-client';
import { logoutRequest } from '../features/auth/api/logout';
import { resetMenus } from './menu-store';
import { resetTabs } from './tabs-store';

/** Logout (spec §4): tell the server, clear the session, menus, tabs and cached data, go to login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // The server may already have ended the session; signing out locally is what matters.
    }
    clearSession();
    resetMenus();
    resetTabs();
    queryClient.clear();
    await navigate(LOGIN_PATH, { replace: true });
  }, [navigate]);
}

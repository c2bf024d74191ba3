import { useEffect, useLayoutEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getToken, loginDisplay } from '../../../lib/session';

/**
 * `?kiosk=1&token=…` (a display token issued in ship/scene-list): keeps the token as the session
 * (never a login screen) and drops it from the address bar so it is not left on screen (the wall
 * canvas hides the idle cursor). `ready` turns true once the token is stored, so no request of the
 * wall goes out without it.
 */
export function useKiosk(): { kiosk: boolean; ready: boolean } {
  const [params, setParams] = useSearchParams();
  const kiosk = params.get('kiosk') === '1';
  const token = params.get('token');
  const [ready, setReady] = useState(() => !token || token === getToken());

  useLayoutEffect(() => {
    if (token && token !== getToken()) loginDisplay(token, 'display');
    setReady(true);
  }, [token]);

  useEffect(() => {
    if (!token) return;
    const next = new URLSearchParams(params);
    next.delete('token');
    setParams(next, { replace: true });
  }, [token, params, setParams]);

  return { kiosk, ready };
}

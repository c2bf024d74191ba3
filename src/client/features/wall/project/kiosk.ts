import { useEffect, useLayoutEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getToken, loginDisplay } from '../../../lib/session';

const CURSOR_IDLE_MS = 3000;
const STALE_TICK_MS = 15_000;
const MINUTE_MS = 60_000;

/**
 * `?kiosk=1&token=…` (a display token issued in ship/scene-list): keeps the token as the session
 * (never a login screen), drops it from the address bar so it is not left on screen, and hides the
 * cursor while the mouse rests. `ready` turns true once the token is stored, so no request of the
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

  useEffect(() => {
    if (!kiosk) return;
    let timer = 0;
    const show = () => {
      document.body.style.cursor = '';
      window.clearTimeout(timer);
      timer = window.setTimeout(() => (document.body.style.cursor = 'none'), CURSOR_IDLE_MS);
    };
    show();
    window.addEventListener('mousemove', show);
    return () => {
      window.removeEventListener('mousemove', show);
      window.clearTimeout(timer);
      document.body.style.cursor = '';
    };
  }, [kiosk]);
  return { kiosk, ready };
}

/**
 * Minutes since the data last refreshed, once that is longer than two refresh intervals (the wall
 * could not reach the server); null while the data is fresh.
 */
export function useStaleMinutes(updatedAt: number, refreshMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), STALE_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  if (!updatedAt || now - updatedAt < 2 * refreshMs) return null;
  return Math.max(1, Math.floor((now - updatedAt) / MINUTE_MS));
}

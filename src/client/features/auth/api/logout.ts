import { api } from '../../../lib/api';

export const LOGOUT_PATH = '/sys/logout';

/** POST /sys/logout: ends the session on the server. */
export function logoutRequest(): Promise<unknown> {
  return api.post(LOGOUT_PATH);
}

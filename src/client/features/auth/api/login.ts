import { useMutation } from '@tanstack/react-query';
import { LOGIN_API_PATH } from '@shared/constants';
import type { LoginBody, LoginResult } from '@shared/contracts/auth';
import { api } from '../../../lib/api';

export const CAPTCHA_PATH = '/sys/captcha';

/** POST /sys/login → {token, expire, user}. The API client leaves the token off this call. */
export function loginRequest(body: LoginBody): Promise<LoginResult> {
  return api.post<LoginResult>(LOGIN_API_PATH, body);
}

export function useLogin() {
  return useMutation({ mutationFn: loginRequest });
}

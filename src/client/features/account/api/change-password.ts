import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema } from '@shared/contracts/auth';
import { api } from '../../../lib/api';
import { apiPath } from '@client/lib/resources';

export const PASSWORD_PATH = apiPath('user', 'password');
export type ChangePasswordBody = z.input<typeof changePasswordSchema>;

export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return api.post(PASSWORD_PATH, body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

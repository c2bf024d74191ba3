import { useMutation } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { RESOURCES } from '@shared/resources';

export const USERS_PATH = RESOURCES.user.api;

/** POST /sys/user/resetPassword {id, password}: the user is signed out everywhere. */
export function resetPassword(body: { id: number; password: string }): Promise<null> {
  return api.post(`${USERS_PATH}/resetPassword`, body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

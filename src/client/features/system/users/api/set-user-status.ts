import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { keysOf } from '@client/lib/resource-keys';
import { USERS_PATH } from './reset-password';

/** POST /sys/user/status {id, status}: 1 normal, 0 disabled (which ends the user's sessions). */
export function setUserStatus(body: { id: number; status: 0 | 1 }): Promise<null> {
  return api.post(`${USERS_PATH}/status`, body);
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: keysOf('user').all }) });
}

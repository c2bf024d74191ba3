import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileSchema } from '@shared/contracts/auth';
import { api } from '../../../lib/api';
import { userInfoQueryOptions } from './get-user-info';
import { apiPath } from '@client/lib/resources';

export const PROFILE_PATH = apiPath('user', 'profile');
export type ProfileBody = z.input<typeof profileSchema>;

export function updateProfile(body: ProfileBody): Promise<unknown> {
  return api.post(PROFILE_PATH, body);
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => client.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleOption } from '@shared/contracts/roles';
import { api } from '@client/lib/api';

export const ROLE_SELECT_PATH = '/sys/role/select';

/** GET /sys/role/select: the roles a user may be given. */
export function getRoleOptions(): Promise<RoleOption[]> {
  return api.get<RoleOption[]>(ROLE_SELECT_PATH);
}

export const roleOptionsQueryOptions = () => queryOptions({ queryKey: [ROLE_SELECT_PATH], queryFn: getRoleOptions });

export function useRoleOptions() {
  return useQuery(roleOptionsQueryOptions());
}

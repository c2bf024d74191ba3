import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleOption } from '@shared/contracts/roles';
import { api } from '@client/lib/api';
import { keysOf } from '@client/lib/resource-keys';
import { RESOURCES } from '@shared/resources';

export const ROLE_SELECT_PATH = `${RESOURCES.role.api}/select`;

/** GET /sys/role/select: the roles a user may be given. */
export function getRoleOptions(): Promise<RoleOption[]> {
  return api.get<RoleOption[]>(ROLE_SELECT_PATH);
}

/** Rooted at the roles' path: a role saved on the roles screen refreshes the user form's choices. */
export const roleOptionsQueryOptions = () => queryOptions({ queryKey: keysOf('role').options(), queryFn: getRoleOptions });

export function useRoleOptions() {
  return useQuery(roleOptionsQueryOptions());
}

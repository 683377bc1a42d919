import { useQuery } from '@tanstack/react-query';
import type { Role } from '@pharma/domain/contract/admin';
import { api } from '../../../lib/api-client.ts';
import { RolesResponse } from '../../../lib/api/contract/admin.ts';

export const ROLES_QUERY_KEY = ['admin', 'roles'] as const;

/** GET /api/admin/roles: every role with its areas, grants and rights. */
export async function listRoles(): Promise<Role[]> {
  const body = await api.get('/api/admin/roles', { parse: (raw) => RolesResponse.parse(raw) });
  return body.data;
}

export function useRoles() {
  return useQuery({ queryKey: ROLES_QUERY_KEY, queryFn: listRoles });
}

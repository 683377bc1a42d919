import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleBody } from '@pharma/domain/contract/admin';
import { api } from '../../../lib/api-client.ts';
import { ROLES_QUERY_KEY } from './list-roles.ts';
import { Role } from '../../../lib/api/contract/admin.ts';

/** PUT /api/admin/roles/{id}: replaces the role's areas, grants and rights. */
export function updateRole({ id, body }: { id: string; body: RoleBody }): Promise<Role> {
  return api.put('/api/admin/roles/{id}', { path: { id }, body, parse: (raw) => Role.parse(raw) });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROLES_QUERY_KEY }),
  });
}

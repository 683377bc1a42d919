import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleBody } from '@pharma/domain/contract/admin';
import { api } from '../../../lib/api-client.ts';
import { ROLES_QUERY_KEY } from './list-roles.ts';
import { Role } from '../../../lib/api/contract/admin.ts';

/** POST /api/admin/roles: 201 with the role; 409 for a taken name, 422 for a grant its module cannot have. */
export function createRole(body: RoleBody): Promise<Role> {
  return api.post('/api/admin/roles', { body, parse: (raw) => Role.parse(raw) });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROLES_QUERY_KEY }),
  });
}

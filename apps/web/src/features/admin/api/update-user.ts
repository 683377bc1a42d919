import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody } from '@pharma/domain/contract/admin';
import { api } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './list-users.ts';
import { AdminUser } from '../../../lib/api/contract/admin.ts';

/** PATCH /api/admin/users/{id}: disable or enable, set their roles, or set their password (disabling and a new password end their sessions at once). */
export function updateUser({ id, body }: { id: string; body: UpdateUserBody }): Promise<AdminUser> {
  return api.patch('/api/admin/users/{id}', {
    path: { id },
    body,
    parse: (raw) => AdminUser.parse(raw),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminUser, type UpdateUserBody } from '@pharma/domain/contract/admin';
import { api } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './list-users.ts';

/** PATCH /api/admin/users/{id}: disable or enable (disabling ends their sessions at once), or set their roles. */
export function updateUser({ id, body }: { id: string; body: UpdateUserBody }): Promise<AdminUser> {
  return api.request<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, {
    method: 'PATCH',
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody } from '@pharma/domain/contract/admin';
import { api } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './list-users.ts';
import { AdminUser } from '../../../lib/api/contract/admin.ts';

/** POST /api/admin/users: 201 with the user; 409 when the email is taken, 422 for an unknown role. */
export function createUser(body: CreateUserBody): Promise<AdminUser> {
  return api.post('/api/admin/users', { body, parse: (raw) => AdminUser.parse(raw) });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

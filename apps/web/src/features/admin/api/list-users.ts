import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@pharma/domain/contract/admin';
import { api } from '../../../lib/api-client.ts';
import { UsersResponse } from '../../../lib/api/contract/admin.ts';

export const USERS_QUERY_KEY = ['admin', 'users'] as const;

/** GET /api/admin/users: every user with their role ids. */
export async function listUsers(): Promise<AdminUser[]> {
  const body = await api.get('/api/admin/users', { parse: (raw) => UsersResponse.parse(raw) });
  return body.data;
}

export function useUsers() {
  return useQuery({ queryKey: USERS_QUERY_KEY, queryFn: listUsers });
}

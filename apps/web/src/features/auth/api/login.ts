import { useMutation } from '@tanstack/react-query';
import { LoginResponse, type LoginRequest } from '@pharma/domain/contract/auth';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth-login. A 401 here means wrong credentials, so no refresh is tried. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.request<LoginResponse>('/api/auth-login', {
    method: 'POST',
    body,
    refreshOnUnauthorized: false,
    parse: (raw) => LoginResponse.parse(raw),
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

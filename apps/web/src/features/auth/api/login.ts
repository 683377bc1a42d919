import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@pharma/domain/contract/auth';
import { api, clearSessionEndNotice } from '../../../lib/api-client.ts';
import { clearSignOutPending, finishPendingSignOut } from '../../../lib/pending-sign-out.ts';
import { LoginResponse } from '../../../lib/api/contract/auth.ts';

/**
 * POST /api/auth-login. A 401 here means wrong credentials, so no refresh is tried. A sign-out
 * made offline on this device is finished first: the last user's session is revoked, not only
 * replaced (decision 0026).
 */
export async function login(body: LoginRequest): Promise<LoginResponse> {
  await finishPendingSignOut();
  const answer = await api.post('/api/auth-login', {
    body,
    refreshOnUnauthorized: false,
    parse: (raw) => LoginResponse.parse(raw),
  });
  clearSignOutPending();
  clearSessionEndNotice();
  return answer;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Application } from '@pharma/domain';
import { AREA_LOGIN } from '../config/routes.ts';
import { clearClientState } from './client-state.ts';
import { SESSION_QUERY_KEY } from './session.ts';
import { api } from './api-client.ts';

/** Signs out: the server call, then the query cache and every stored key, then the area login page. */
export function useLogout(area: Application | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Signed out locally either way; the server revokes on its own expiry.
    }
    queryClient.clear();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    clearClientState();
    navigate(area ? AREA_LOGIN[area] : '/', { replace: true });
  }, [area, navigate, queryClient]);
}

/** POST /api/auth-logout: clears the cookies and revokes the refresh token (204). */
function logout(): Promise<void> {
  return api.request<void>('/api/auth-logout', { method: 'POST', refreshOnUnauthorized: false });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SsoConfigResponse } from '../../../lib/api/contract/sso.ts';

/** GET /api/sso/config: whether the login pages offer "Sign in with your organisation". */
export function fetchSsoConfig(): Promise<SsoConfigResponse> {
  return api.get('/api/sso/config', { refreshOnUnauthorized: false, parse: (raw) => SsoConfigResponse.parse(raw) });
}

export function useSsoConfig() {
  return useQuery({ queryKey: ['sso-config'], queryFn: fetchSsoConfig, staleTime: Infinity, retry: false });
}

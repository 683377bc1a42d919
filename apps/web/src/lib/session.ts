import { useQuery } from '@tanstack/react-query';
import { SessionResponse } from '@pharma/domain/contract/auth';
import { api, isSessionLost } from './api-client.ts';

export const SESSION_QUERY_KEY = ['session'] as const;

/** GET /api/me: the session, or null when nobody is signed in. */
export async function fetchSession(): Promise<SessionResponse | null> {
  try {
    return await api.request<SessionResponse>('/api/me', { parse: (body) => SessionResponse.parse(body) });
  } catch (error) {
    if (isSessionLost(error)) return null;
    throw error;
  }
}

export type SessionState =
  | { status: 'loading' }
  | { status: 'unauthenticated' }
  | { status: 'authenticated'; session: SessionResponse };

/** The session state (spec point 4): loading, then authenticated or unauthenticated. */
export function useSession(): SessionState {
  const query = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 60_000, retry: false });
  if (query.isPending) return { status: 'loading' };
  if (query.data) return { status: 'authenticated', session: query.data };
  return { status: 'unauthenticated' };
}

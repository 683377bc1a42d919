import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isSessionLost } from '../lib/api-client.ts';
import { SESSION_QUERY_KEY } from '../lib/session.ts';

/**
 * A failed query is tried once more, unless the server answered a client error (4xx): an unknown
 * document's 404 or a refused filter's 400 says the same thing a second time, after a delay.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * One query client. When any call raises REQUEST ERROR (a 401 a refresh could not cure),
 * the session becomes unauthenticated and the page guard sends the user to the login page.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isSessionLost(error)) client.setQueryData(SESSION_QUERY_KEY, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    // networkMode 'always': with no network a call fails (and says so) instead of pausing; the
    // session falls back to the tab's last one and scans go to the offline queue (decision 0009).
    defaultOptions: {
      queries: { retry: retryQuery, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { networkMode: 'always' },
    },
  });
  return client;
}

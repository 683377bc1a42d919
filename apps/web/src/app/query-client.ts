import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isSessionLost } from '../lib/api-client.ts';
import { SESSION_QUERY_KEY } from '../lib/session.ts';

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
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, networkMode: 'always' }, mutations: { networkMode: 'always' } },
  });
  return client;
}

import { useQuery } from '@tanstack/react-query';
import { api, ApiError, isSessionLost } from './api-client.ts';
import { STORAGE_PREFIX } from './client-state.ts';
import { followUserLanguage, reloadPage } from './language-choice.ts';
import { finishPendingSignOut, isSignOutPending } from './pending-sign-out.ts';
import { SessionResponse } from './api/contract/auth.ts';

export const SESSION_QUERY_KEY = ['session'] as const;

/** The last session this tab saw (sessionStorage: this tab only, gone when it closes; logout clears the prefix). */
const LAST_SESSION_KEY = `${STORAGE_PREFIX}lastSession`;

function remember(session: SessionResponse | null): void {
  try {
    if (session) sessionStorage.setItem(LAST_SESSION_KEY, JSON.stringify(session));
    else sessionStorage.removeItem(LAST_SESSION_KEY);
  } catch {
    // No storage (private mode): offline reloads then show the login page.
  }
}

function lastSession(): SessionResponse | null {
  try {
    const raw = sessionStorage.getItem(LAST_SESSION_KEY);
    const parsed = raw ? SessionResponse.safeParse(JSON.parse(raw)) : undefined;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/me: the session, or null when nobody is signed in. With no network (a reload while
 * offline, decision 0009) the tab keeps the session it last saw, so scanning can go on; the
 * server still checks every call when the network is back. After a sign-out the server could not
 * confirm (no network), nobody is signed in until someone signs in (decision 0026).
 */
export async function fetchSession(): Promise<SessionResponse | null> {
  // A sign-out made with no network: the cookies still name that user; they stay signed out.
  if (isSignOutPending()) {
    await finishPendingSignOut();
    remember(null);
    return null;
  }
  try {
    const session = await api.get('/api/me', { parse: (body) => SessionResponse.parse(body) });
    remember(session);
    return session;
  } catch (error) {
    if (isSessionLost(error)) {
      remember(null);
      return null;
    }
    if (error instanceof ApiError && error.status === 0) {
      const last = lastSession();
      if (last) return last;
    }
    throw error;
  }
}

/** The page's first answer of GET /api/me came: the user's language was followed then, at start. */
let started = false;

/**
 * A signed-in user's saved language becomes the device's, and the page reloads into it once when it is not
 * the one shown (issue 33, decision 0092). Only at start and at a sign-in, never on a later refetch: a
 * choice made on another device does not reload this one in the middle of a scan.
 */
function followLanguage(session: SessionResponse | null): void {
  if (session && followUserLanguage(session.user.language)) reloadPage();
}

/** GET /api/me as the page starts: the one place a session arrives at start (a reload, a single sign-on's return). */
export async function fetchSessionAtStart(): Promise<SessionResponse | null> {
  const first = !started;
  const session = await fetchSession();
  started = true;
  if (first) followLanguage(session);
  return session;
}

/** GET /api/me right after a sign-in with a password: the session, in the user's saved language. */
export async function fetchSignedInSession(): Promise<SessionResponse | null> {
  const session = await fetchSession();
  started = true;
  followLanguage(session);
  return session;
}

export type SessionState = { status: 'loading' } | { status: 'unauthenticated' } | { status: 'authenticated'; session: SessionResponse };

/** The session state (spec point 4): loading, then authenticated or unauthenticated. */
export function useSession(): SessionState {
  const query = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSessionAtStart, staleTime: 60_000, retry: false });
  if (query.isPending) return { status: 'loading' };
  if (query.data) return { status: 'authenticated', session: query.data };
  return { status: 'unauthenticated' };
}

import { useCallback, useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Application } from '@pharma/domain';
import { AREA_LOGIN } from '../config/routes.ts';
import { clearClientState, readLastArea } from './client-state.ts';
import { SESSION_QUERY_KEY } from './session.ts';
import { sessionChannel } from './session-channel.ts';
import { markSignOutPending, revokeSession } from './pending-sign-out.ts';
import { getScanQueue } from './scan-queue/index.ts';

/** The login page of an area; outside an area, the one of the area this tab was last in, else the area chooser. */
export function loginPageOf(area: Application | undefined): string {
  const target = area ?? readLastArea();
  return target ? AREA_LOGIN[target] : '/';
}

/**
 * The navigation state of a sign-out: the leave warning lets it through (the user was asked, or
 * was signed out elsewhere); the scans stay queued for their maker (decision 0026).
 */
export const SIGNED_OUT = { signedOut: true } as const;

/** A navigation made by a sign-out (`SIGNED_OUT`). */
export function isSignOut(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signedOut?: unknown }).signedOut === true;
}

/**
 * Forgets the session in this tab: the query cache and every stored key. The scan queue is told
 * by the page shell once the session is gone, and keeps the user's unsent scans for them.
 */
function forgetSession(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  clearClientState();
}

/**
 * Signs out: the server call, then this tab's state, then the other tabs, then the area login page.
 * The menu asks first when the user has unsent scans (`hasUnsentScans`); they stay queued for them.
 */
export function useLogout(area: Application | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const to = loginPageOf(area);
    let confirmed = true;
    try {
      await revokeSession();
    } catch {
      // Signed out locally either way; the session is revoked when the server is reachable again.
      confirmed = false;
    }
    forgetSession(queryClient);
    if (!confirmed) markSignOutPending();
    sessionChannel.announceSignOut();
    navigate(to, { replace: true, state: SIGNED_OUT });
  }, [area, navigate, queryClient]);
}

/** Another tab signed out: this one forgets the session and goes to its login page. */
export function useSignOutFromOtherTabs(area: Application | undefined): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      sessionChannel.onSignOutElsewhere(() => {
        const wasSignedIn = queryClient.getQueryData(SESSION_QUERY_KEY) != null;
        const to = loginPageOf(area);
        forgetSession(queryClient);
        if (wasSignedIn) navigate(to, { replace: true, state: SIGNED_OUT });
      }),
    [area, navigate, queryClient],
  );
}

/** The signed-in user has scans not yet sent: signing out asks first (DATA_MAY_BE_LOST). */
export function hasUnsentScans(): boolean {
  return getScanQueue().getSnapshot().pending.length > 0;
}

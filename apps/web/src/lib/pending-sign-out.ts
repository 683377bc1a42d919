import { api, isSessionLost } from './api-client.ts';
import { browserStorage, type StorageLike } from './browser-storage.ts';

/**
 * A sign-out the server has not confirmed (decision 0026). With no network the logout call fails
 * and the cookies, which only the server can clear, still name the user who signed out; without
 * this mark a reload or a session refresh on this shared device would bring that user back. The
 * mark lives in localStorage (cookies are the browser's, shared by its tabs) until the server has
 * revoked the session or someone signs in.
 */
const KEY = 'pharma-scan-sign-out-pending';

const local = (): StorageLike | undefined => browserStorage('localStorage');

/** POST /api/auth-logout: clears the cookies and revokes the refresh token (204). */
export async function revokeSession(): Promise<void> {
  await api.post('/api/auth-logout', { refreshOnUnauthorized: false });
}

export function markSignOutPending(storage = local()): void {
  storage?.setItem(KEY, '1');
}

export function isSignOutPending(storage = local()): boolean {
  return storage?.getItem(KEY) === '1';
}

export function clearSignOutPending(storage = local()): void {
  storage?.removeItem(KEY);
}

/**
 * Finishes an unconfirmed sign-out: revokes the session the cookies still name. True when nothing
 * is left pending (done now, no session left, or nothing was pending); false while the server
 * cannot be reached (the mark stays: the session is treated as gone meanwhile).
 */
export async function finishPendingSignOut(storage = local(), revoke = revokeSession): Promise<boolean> {
  if (!isSignOutPending(storage)) return true;
  try {
    await revoke();
  } catch (error) {
    if (!isSessionLost(error)) return false;
  }
  clearSignOutPending(storage);
  return true;
}

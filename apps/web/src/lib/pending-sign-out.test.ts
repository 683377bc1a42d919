import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { clearSignOutPending, finishPendingSignOut, isSignOutPending, markSignOutPending } from './pending-sign-out.ts';

function memoryStorage() {
  const rows = new Map<string, string>();
  return {
    getItem: (key: string) => rows.get(key) ?? null,
    setItem: (key: string, value: string) => void rows.set(key, value),
    removeItem: (key: string) => void rows.delete(key),
  };
}

describe('a sign-out made with no network', () => {
  it('stays pending until the server revokes the session, and nothing is revoked when none is pending', async () => {
    const storage = memoryStorage();
    const calls: string[] = [];
    const offline = async () => {
      calls.push('revoke');
      throw new ApiError(0, 'NETWORK_ERROR', 'offline');
    };
    expect(await finishPendingSignOut(storage, offline)).toBe(true);
    expect(calls).toEqual([]);

    markSignOutPending(storage);
    expect(await finishPendingSignOut(storage, offline)).toBe(false);
    expect(isSignOutPending(storage)).toBe(true);

    expect(
      await finishPendingSignOut(storage, async () => {
        calls.push('revoke');
      }),
    ).toBe(true);
    expect(isSignOutPending(storage)).toBe(false);
    expect(calls).toEqual(['revoke', 'revoke']);
  });

  it('is done when the server says no session is left, or when someone signs in', async () => {
    const storage = memoryStorage();
    markSignOutPending(storage);
    const gone = async () => {
      throw new ApiError(401, 'REQUEST_ERROR', 'REQUEST ERROR');
    };
    expect(await finishPendingSignOut(storage, gone)).toBe(true);
    markSignOutPending(storage);
    clearSignOutPending(storage);
    expect(isSignOutPending(storage)).toBe(false);
  });
});

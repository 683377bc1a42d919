import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The user's saved language is followed where the session arrives (lib/session.ts): at start and at a
 * sign-in, never on a later refetch of GET /api/me (a choice made on another device does not reload this
 * one mid-scan).
 */
const { get, follow, reload } = vi.hoisted(() => ({ get: vi.fn(), follow: vi.fn(), reload: vi.fn() }));
vi.mock('./api-client.ts', async (original) => ({ ...(await original<object>()), api: { get } }));
vi.mock('./language-choice.ts', async (original) => ({ ...(await original<object>()), followUserLanguage: follow, reloadPage: reload }));

const session = {
  user: { id: 'u1', user_type: 'USER', nric: '', firstName: 'A', lastName: 'B', email: 'a@example.com', language: 'zh-Hans' },
  authorization: { authorizedMicroApp: [], applications: [], rights: [] },
};

beforeEach(() => {
  vi.resetModules();
  get.mockReset().mockResolvedValue(session);
  follow.mockReset().mockReturnValue(true);
  reload.mockReset();
});

// The first import of session.ts and its contract takes seconds on a busy machine.
describe('the session arriving', { timeout: 30_000 }, () => {
  it("follows the user's language at start, once", async () => {
    const { fetchSessionAtStart } = await import('./session.ts');
    await fetchSessionAtStart();
    expect(follow).toHaveBeenCalledWith('zh-Hans');
    expect(reload).toHaveBeenCalledTimes(1);
    await fetchSessionAtStart();
    expect(follow).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('follows it at every sign-in', async () => {
    const { fetchSessionAtStart, fetchSignedInSession } = await import('./session.ts');
    await fetchSessionAtStart();
    await fetchSignedInSession();
    expect(follow).toHaveBeenCalledTimes(2);
  });

  it('does not reload when following says no', async () => {
    follow.mockReturnValue(false);
    const { fetchSignedInSession } = await import('./session.ts');
    await expect(fetchSignedInSession()).resolves.toEqual(session);
    expect(reload).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createSessionChannel, SESSION_CHANNEL_NAME } from './session-channel.ts';

/** Node has BroadcastChannel: two "tabs" are two channels of the same name. */
const tab = () => createSessionChannel(() => new BroadcastChannel(SESSION_CHANNEL_NAME));
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('session channel', () => {
  it('tells the other tabs, not the one that signed out', async () => {
    const first = tab();
    const second = tab();
    const heardByFirst = vi.fn();
    const heardBySecond = vi.fn();
    const stopFirst = first.onSignOutElsewhere(heardByFirst);
    const stopSecond = second.onSignOutElsewhere(heardBySecond);
    first.announceSignOut();
    await settle();
    expect(heardBySecond).toHaveBeenCalledTimes(1);
    expect(heardByFirst).not.toHaveBeenCalled();
    stopFirst();
    stopSecond();
    first.close();
    second.close();
  });

  it('ignores other messages and stops listening when asked', async () => {
    const listener = tab();
    const heard = vi.fn();
    const stop = listener.onSignOutElsewhere(heard);
    const other = new BroadcastChannel(SESSION_CHANNEL_NAME);
    other.postMessage({ type: 'something-else' });
    other.postMessage('signed-out');
    await settle();
    expect(heard).not.toHaveBeenCalled();
    stop();
    other.postMessage({ type: 'signed-out' });
    await settle();
    expect(heard).not.toHaveBeenCalled();
    other.close();
    listener.close();
  });

  it('does nothing where the browser has no BroadcastChannel', () => {
    const none = createSessionChannel(() => undefined);
    expect(() => none.announceSignOut()).not.toThrow();
    expect(typeof none.onSignOutElsewhere(() => {})).toBe('function');
  });
});

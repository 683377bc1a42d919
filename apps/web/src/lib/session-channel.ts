/**
 * Tabs of one browser share one session (its cookies): when one tab signs out it tells the
 * others on a BroadcastChannel, and each of them clears its state and goes to its login page.
 */
export const SESSION_CHANNEL_NAME = 'pharma-session';

export interface SessionMessage {
  type: 'signed-out';
}

/** The part of BroadcastChannel used here (a fake in tests). */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

function isSignOut(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'signed-out';
}

/**
 * One channel per tab, used both to announce and to listen: a BroadcastChannel never
 * delivers to the object that posted, so a tab does not hear its own sign-out.
 */
export function createSessionChannel(open: () => ChannelLike | undefined) {
  let channel: ChannelLike | undefined;
  let opened = false;
  const get = () => {
    if (!opened) {
      opened = true;
      channel = open();
    }
    return channel;
  };
  return {
    announceSignOut(): void {
      const message: SessionMessage = { type: 'signed-out' };
      get()?.postMessage(message);
    },
    /** Calls `handler` when another tab signs out; returns the unsubscribe. */
    onSignOutElsewhere(handler: () => void): () => void {
      const target = get();
      if (!target) return () => {};
      const listener = (event: MessageEvent) => {
        if (isSignOut(event.data)) handler();
      };
      target.addEventListener('message', listener);
      return () => target.removeEventListener('message', listener);
    },
    close(): void {
      channel?.close();
      channel = undefined;
    },
  };
}

/** The app's channel (none where the browser lacks BroadcastChannel). */
export const sessionChannel = createSessionChannel(() =>
  typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(SESSION_CHANNEL_NAME),
);

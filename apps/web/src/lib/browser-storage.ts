/** What the app reads and writes in a browser store; tests pass a map of their own. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The browser's localStorage (this device) or sessionStorage (this tab), or none: no window (a test in
 * Node) or a browser that refuses it (some private modes throw on access). It imports nothing, so the
 * app's start (i18n/start.ts) can read the device's language before any screen's module runs.
 */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind];
  } catch {
    return undefined;
  }
}

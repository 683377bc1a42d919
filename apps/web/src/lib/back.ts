import type { BackMode } from '../config/routes.ts';

export type BackDecision = { kind: 'none' } | { kind: 'hide-scan' } | { kind: 'navigate'; to: string } | { kind: 'history' };

export interface BackInput {
  mode: BackMode;
  /** From the returnPath query parameter or the navigation state. */
  returnPath?: string | null;
  /** A page's own fixed target (the 'Add Material/Batch' form). */
  fixedTarget?: string;
  /** A scan page has mounted its scan view and listens for the toggle. */
  scanViewMounted: boolean;
  /** That scan view shows (not hidden by an earlier Back). */
  scanViewShown: boolean;
  /** document.referrer */
  referrer: string;
  /** location.origin */
  origin: string;
  /** pathname + search of the current page */
  currentPath: string;
  /** The router's history index: 0 on the page the app was entered on. */
  historyIndex: number;
  /** The area home, or '/' outside an area. */
  home: string;
}

/** A same-origin absolute path: '/x', never '//host' or '/\host'. */
export function isSafePath(path: string | null | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** The path of a same-origin referrer, or undefined. */
export function referrerPath(referrer: string, origin: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    return url.origin === origin ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the back button does (spec point 2, navigation behaviour): nothing on the regional
 * home; on local scan pages the first Back hides the scan view and the next leaves the page
 * (issue 27, decision 0065: Back never traps; 'Show scan field' brings the view back);
 * elsewhere returnPath, else the referrer, else one step back in history, else the area home.
 *
 * The document referrer only names the previous page on the page the app was entered on;
 * after in-app navigation the previous page is the history entry, so the referrer is used
 * only when the history index is 0.
 */
export function decideBack(input: BackInput): BackDecision {
  if (input.mode === 'none' || input.mode === 'hidden') return { kind: 'none' };
  if (input.mode === 'scan' && input.scanViewMounted && input.scanViewShown) return { kind: 'hide-scan' };
  if (isSafePath(input.fixedTarget)) return { kind: 'navigate', to: input.fixedTarget };
  if (isSafePath(input.returnPath) && input.returnPath !== input.currentPath) {
    return { kind: 'navigate', to: input.returnPath };
  }
  if (input.historyIndex > 0) return { kind: 'history' };
  const fromReferrer = referrerPath(input.referrer, input.origin);
  if (fromReferrer && fromReferrer !== input.currentPath) return { kind: 'navigate', to: fromReferrer };
  if (input.currentPath.split('?')[0] !== input.home) return { kind: 'navigate', to: input.home };
  return { kind: 'none' };
}

import { lazyNamed } from '../../lib/lazy-named.ts';

/** The Verification page (issue 28, decision 0081): a chunk of its own, loaded when the route first shows it. */
export const VerificationPage = lazyNamed(() => import('./components/verification-page.tsx'), 'VerificationPage');
/**
 * 'Verify pack' on a pack's card (the search pages pass it in: a feature imports no other); a chunk of its
 * own, loaded when a pack's card first shows, so the scan pages and the first load do not carry it.
 */
export const VerifyPackAction = lazyNamed(() => import('./components/verify-pack.tsx'), 'VerifyPackAction');

import { lazyNamed } from '../../lib/lazy-named.ts';

/** Each screen is a chunk of its own, loaded when a route first shows it (issue 7; decision 0049). */
export const RepackScanPage = lazyNamed(() => import('./components/repack-scan-page.tsx'), 'RepackScanPage');
export const RepackEditPage = lazyNamed(() => import('./components/repack-edit-page.tsx'), 'RepackEditPage');
export const RepackViewPage = lazyNamed(() => import('./components/repack-view-page.tsx'), 'RepackViewPage');
export const LocalRepackPage = lazyNamed(() => import('./components/local-repack-page.tsx'), 'LocalRepackPage');

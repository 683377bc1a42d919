import { lazyNamed } from '../../lib/lazy-named.ts';

/** Each screen is a chunk of its own, loaded when a route first shows it (issue 7). */
export const ReceiveListPage = lazyNamed(() => import('./components/receive-list-page.tsx'), 'ReceiveListPage');
export const IbdDetailsPage = lazyNamed(() => import('./components/ibd-details-page.tsx'), 'IbdDetailsPage');
export const ScanDocumentPage = lazyNamed(() => import('./components/scan-document-page.tsx'), 'ScanDocumentPage');
export const ScanUnitsPage = lazyNamed(() => import('./components/scan-units-page.tsx'), 'ScanUnitsPage');

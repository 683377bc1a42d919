import { lazyNamed } from '../../lib/lazy-named.ts';

/**
 * One feature for every document family (decision 0015): each page is given the family (from the
 * registry, picked by the route) and its paths (from the route tables). Each screen is a chunk of
 * its own, loaded when a route first shows it (issue 7).
 */
export const DocumentListPage = lazyNamed(() => import('./components/document-list-page.tsx'), 'DocumentListPage');
export const DocumentDetailsPage = lazyNamed(() => import('./components/document-details-page.tsx'), 'DocumentDetailsPage');
export const ScanDocumentPage = lazyNamed(() => import('./components/scan-document-page.tsx'), 'ScanDocumentPage');
const loadScanUnitsPage = () => import('./components/scan-units-page.tsx');
export const ScanUnitsPage = lazyNamed(loadScanUnitsPage, 'ScanUnitsPage');
/** Fetches the unit scan's chunk ahead: the document step leads there, and must not wait for it (issue 29, decision 0089). */
export function preloadScanUnitsPage(): void {
  void loadScanUnitsPage().catch(() => undefined);
}
export type { DocumentPageProps } from './types.ts';
/** The lite families' pages (decision 0039): one chunk for the list, details, material pages and scanners. */
export const LitePage = lazyNamed(() => import('./lite/lite-page.tsx'), 'LitePage');
/** The redress pages (decision 0036): the PO's scan, the carton label, the series scanner and the replace scan. */
export const RedressPage = lazyNamed(() => import('./redress/redress-pages.tsx'), 'RedressPage');
/** The stock take's pages (issue 31, decision 0080): list, new count, details with the variance, scan; one chunk. */
export const StockTakePage = lazyNamed(() => import('./stock-take/stock-take-page.tsx'), 'StockTakePage');

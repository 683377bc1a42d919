import { lazyNamed } from '../../lib/lazy-named.ts';

/** Each screen is a chunk of its own, loaded when a route first shows it (issue 7). */
export const SearchPage = lazyNamed(() => import('./components/search-page.tsx'), 'SearchPage');
export const UnitPage = lazyNamed(() => import('./components/unit-page.tsx'), 'UnitPage');
export const ScanFillDataPage = lazyNamed(() => import('./components/scan-fill-data-page.tsx'), 'ScanFillDataPage');
export type { PackAction } from './components/unit-card.tsx';

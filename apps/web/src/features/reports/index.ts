import { lazyNamed } from '../../lib/lazy-named.ts';

/** The Reports page (issue 32, decision 0077): a chunk of its own, loaded when the route first shows it. */
export const ReportsPage = lazyNamed(() => import('./components/reports-page.tsx'), 'ReportsPage');

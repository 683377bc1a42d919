import { lazyNamed } from '../../lib/lazy-named.ts';

/** The Recall page (issue 30, decision 0074): a chunk of its own, loaded when the route first shows it. */
export const RecallPage = lazyNamed(() => import('./components/recall-page.tsx'), 'RecallPage');

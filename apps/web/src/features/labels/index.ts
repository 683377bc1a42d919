import { lazyNamed } from '../../lib/lazy-named.ts';

/** Each screen is a chunk of its own, loaded when a route first shows it (issue 7). */
export const CreatePalletPage = lazyNamed(() => import('./components/create-pallet-page.tsx'), 'CreatePalletPage');
export const PrintLabelPage = lazyNamed(() => import('./components/print-label-page.tsx'), 'PrintLabelPage');

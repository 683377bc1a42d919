import { lazyNamed } from '../../lib/lazy-named.ts';

/** Each screen is a chunk of its own, loaded when a route first shows it (issue 7). */
export const ChooseAreaPage = lazyNamed(() => import('./components/choose-area-page.tsx'), 'ChooseAreaPage');
export const LoginPage = lazyNamed(() => import('./components/login-page.tsx'), 'LoginPage');

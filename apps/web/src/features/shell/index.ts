import { lazyNamed } from '../../lib/lazy-named.ts';

/** The menu drawer is a chunk of its own, loaded when the menu is first opened (issue 7: a light first load). */
export const AppMenu = lazyNamed(() => import('./components/app-menu.tsx'), 'AppMenu');
export { useBack } from './hooks/use-back.ts';

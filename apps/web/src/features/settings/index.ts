import { lazyNamed } from '../../lib/lazy-named.ts';

/** Each screen is a chunk of its own, loaded when a route first shows it (issue 7). */
export const SettingsPage = lazyNamed(() => import('./components/settings-page.tsx'), 'SettingsPage');

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * `React.lazy` for a named export: `lazyNamed(() => import('./page.tsx'), 'Page')`. Features export
 * their screens this way, so each screen is a chunk loaded when a route first shows it (issue 7:
 * a small first load, decision 0013); the service worker precaches every chunk for offline reloads (decision 0009).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint: a component of any props.
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}

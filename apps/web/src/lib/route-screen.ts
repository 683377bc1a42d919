import type { PageKey, RouteMeta } from '../config/routes.ts';
import { documentPaths, routeFamily } from './document-routes.ts';

/**
 * The screen a route shows at a URL (app/route-page.tsx renders it): its page, or 'notAvailable'
 * when the route has no screen yet, or when it shows a document family its area does not run (a
 * scan route's `?p=`, a :moduleType segment naming no family of the route).
 */
export function routeScreen(meta: RouteMeta, params: Readonly<Record<string, string | undefined>>, search?: URLSearchParams): PageKey {
  if (!meta.family) return meta.page ?? 'notAvailable';
  const type = routeFamily(meta, search, params);
  return type && meta.page && documentPaths(meta.area ?? 'RDC', type) ? meta.page : 'notAvailable';
}

import { liteFamilyOf } from '@pharma/domain';
import type { LitePageKey, PageKey, RouteMeta } from '../config/routes.ts';
import { documentPaths, routeFamily } from './document-routes.ts';

/**
 * The screen a route shows at a URL (app/route-page.tsx renders it): its page, or 'notAvailable'
 * when the route has no screen yet, or when it shows a document family its area does not run (a
 * scan route's `?p=`, a :moduleType segment naming no family of the route).
 */
export function routeScreen(meta: RouteMeta, params: Readonly<Record<string, string | undefined>>, search?: URLSearchParams): PageKey {
  if (meta.page && LITE_PAGES.includes(meta.page)) return litePageModule(params, search) ? meta.page : 'notFound';
  if (!meta.family) return meta.page ?? 'notAvailable';
  const type = routeFamily(meta, search, params);
  return type && meta.page && documentPaths(meta.area ?? 'RDC', type) ? meta.page : 'notAvailable';
}

const LITE_PAGES: readonly PageKey[] = [
  'liteList',
  'liteDetail',
  'liteAddMaterial',
  'liteMaterialDetails',
  'liteMaterialScanner',
  'liteItemScanner',
] satisfies readonly LitePageKey[];

/**
 * The lite family a lite page names (decision 0039): its :moduleType segment, else ?moduleID= or
 * ?moduleType=; an unknown one (/ldc/liteLists/FOO) is the not-found page.
 */
export function litePageModule(params: Readonly<Record<string, string | undefined>>, search?: URLSearchParams): string | undefined {
  const named = params.moduleType ?? search?.get('moduleID') ?? search?.get('moduleType') ?? undefined;
  return liteFamilyOf(named)?.module;
}

import { useMatches, useParams, useSearchParams } from 'react-router';
import { NOT_FOUND_ROUTE, type RouteMeta } from '../config/routes.ts';
import { useDispatchState } from '../lib/client-state.ts';
import { routeTitle } from '../lib/route-meta.ts';

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return typeof handle === 'object' && handle !== null && 'path' in handle && 'title' in handle;
}

/** The route table entry of the current page. */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteMeta(match.handle))?.handle;
  return isRouteMeta(handle) ? handle : NOT_FOUND_ROUTE;
}

/** The current page's header title. */
export function useRouteTitle(meta: RouteMeta): string {
  const params = useParams();
  const [search] = useSearchParams();
  const { isWo } = useDispatchState();
  return routeTitle(meta, { params, search, isWo });
}

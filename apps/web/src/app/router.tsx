import { createBrowserRouter, type RouteObject } from 'react-router';
import { APP_ROUTES, LDC_ROUTES, NOT_FOUND_ROUTE, OTHER_ROUTES, RDC_ROUTES, type RouteMeta } from '../config/routes.ts';
import { ServerErrorPage } from '../features/errors/index.ts';
import { PageShell } from './page-shell.tsx';
import { RoutePage } from './route-page.tsx';

const toRoute = (meta: RouteMeta): RouteObject => ({
  path: meta.path,
  handle: meta,
  element: <RoutePage meta={meta} />,
  errorElement: <ServerErrorPage />,
});

/** Every route of spec point 2 (and our admin screen) inside the page shell; unknown paths get the not-found page. */
export const routes: RouteObject[] = [
  {
    element: <PageShell />,
    errorElement: <ServerErrorPage />,
    children: [...OTHER_ROUTES, ...APP_ROUTES, ...RDC_ROUTES, ...LDC_ROUTES, NOT_FOUND_ROUTE].map(toRoute),
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

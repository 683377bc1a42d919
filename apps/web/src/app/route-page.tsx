import { AREA_HOME, type RouteMeta } from '../config/routes.ts';
import { TITLES, UI } from '../config/labels.ts';
import { ChooseAreaPage, LoginPage } from '../features/auth/index.ts';
import { NotFoundPage, RestrictedPage, ServerErrorPage } from '../features/errors/index.ts';
import { HomePage } from '../features/home/index.ts';
import { NotAvailable } from '../features/not-available/index.ts';
import { RequireAccess } from './require-access.tsx';
import { useRouteTitle } from './use-route-meta.ts';

function Page({ meta }: { meta: RouteMeta }) {
  const title = useRouteTitle(meta);
  const home = meta.area ? AREA_HOME[meta.area] : '/';
  switch (meta.page) {
    case 'chooseArea':
      return <ChooseAreaPage />;
    case 'login':
      return meta.area ? <LoginPage area={meta.area} /> : <NotFoundPage />;
    case 'home':
      return meta.area ? <HomePage area={meta.area} /> : <NotFoundPage />;
    case 'restricted':
      return <RestrictedPage />;
    case 'notFound':
      return <NotFoundPage />;
    case 'serverError':
      return <ServerErrorPage />;
    case 'register':
      return <NotAvailable title={TITLES.register} text={UI.registerLater} home="/" />;
    default:
      return <NotAvailable title={title} home={home} />;
  }
}

/** One route of the table: its guard, then its screen (or the "not available yet" state). */
export function RoutePage({ meta }: { meta: RouteMeta }) {
  return (
    <RequireAccess meta={meta}>
      <Page meta={meta} />
    </RequireAccess>
  );
}

import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { UNIT_TYPE_ORDER } from '@pharma/domain';
import { UI } from '../config/labels.ts';
import { AREA_HOME, NEW_DOCUMENT, type RouteMeta } from '../config/routes.ts';
import { NotFoundPage, RestrictedPage, ServerErrorPage } from '../features/errors/index.ts';
import { AdminPage } from '../features/admin/index.ts';
import { ChooseAreaPage, LoginPage } from '../features/auth/index.ts';
import { HomePage } from '../features/home/index.ts';
import { NotAvailable } from '../features/not-available/index.ts';
import { IbdDetailsPage, ReceiveListPage, ScanDocumentPage, ScanUnitsPage } from '../features/receive/index.ts';
import { RegisterPage } from '../features/register/index.ts';
import { SearchPage, UnitPage } from '../features/search/index.ts';
import { SettingsPage } from '../features/settings/index.ts';
import { RequireAccess } from './require-access.tsx';
import { useRouteTitle } from './use-route-meta.ts';

/** Handling units carry an SSCC: pallets and cartons (decision 0007). */
const HANDLING_UNITS = ['PLT', 'CTN'] as const;

function Page({ meta }: { meta: RouteMeta }) {
  const title = useRouteTitle(meta);
  const home = meta.area ? AREA_HOME[meta.area] : '/';
  const area = meta.area ?? 'RDC';
  const queryValue = useParams().queryValue;
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
      return <RegisterPage />;
    case 'admin':
      return <AdminPage />;
    case 'settings':
      return <SettingsPage />;
    case 'ibdList':
      return <ReceiveListPage area={area} />;
    case 'ibdDetails':
      return <IbdDetailsPage area={area} />;
    case 'scanDocument':
      return <ScanDocumentPage area={area} />;
    case 'scanUnits':
      return <ScanUnitsPage units={UNIT_TYPE_ORDER} area={area} />;
    case 'scanHandlingUnit':
      return <ScanUnitsPage units={HANDLING_UNITS} area={area} />;
    case 'scanCode':
      return queryValue === NEW_DOCUMENT ? (
        <ScanDocumentPage area={area} />
      ) : (
        <ScanUnitsPage key={queryValue} units={UNIT_TYPE_ORDER} area={area} />
      );
    case 'search':
      return <SearchPage />;
    case 'pallet':
      return <UnitPage kind="pallet" />;
    case 'palletCartons':
      return <UnitPage kind="pallet" tab="list" />;
    case 'carton':
      return <UnitPage kind="carton" />;
    case 'cartonPacks':
      return <UnitPage kind="carton" tab="list" />;
    case 'pack':
      return <UnitPage kind="pack" />;
    default:
      return <NotAvailable title={title} home={home} />;
  }
}

/** While a screen's chunk loads (first visit only): a spinner inside the shell, header in place. */
function PageLoading() {
  return (
    <Center py="xl">
      <Loader aria-label={UI.loading} />
    </Center>
  );
}

/** One route of the table: its guard, then its screen (or the "not available yet" state), loaded on demand. */
export function RoutePage({ meta }: { meta: RouteMeta }) {
  return (
    <RequireAccess meta={meta}>
      <Suspense fallback={<PageLoading />}>
        <Page meta={meta} />
      </Suspense>
    </RequireAccess>
  );
}

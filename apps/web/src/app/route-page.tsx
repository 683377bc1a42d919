import { Suspense, useEffect } from 'react';
import { PageLoader } from '../components/ui/plain.tsx';
import { useParams, useSearchParams } from 'react-router';
import { familyOf, UNIT_TYPE_ORDER } from '@pharma/domain';
import { UI } from '../config/labels.ts';
import { AREA_HOME, DOCUMENT_NUMBER_QUERY, NEW_DOCUMENT, type RouteMeta } from '../config/routes.ts';
import { NotFoundPage, RestrictedPage, ServerErrorPage } from '../features/errors/index.ts';
import { AdminPage } from '../features/admin/index.ts';
import { ChooseAreaPage, LoginPage } from '../features/auth/index.ts';
import {
  DocumentDetailsPage,
  DocumentListPage,
  LitePage,
  RedressPage,
  ScanDocumentPage,
  StockTakePage,
  ScanUnitsPage,
  preloadScanUnitsPage,
  type DocumentPageProps,
} from '../features/documents/index.ts';
import { lazyNamed } from '../lib/lazy-named.ts';
import { HomeDashboard } from '../features/dashboard/index.ts';
import { HomePage } from '../features/home/index.ts';
import { CreatePalletPage, PrintLabelPage } from '../features/labels/index.ts';
import { NotAvailable } from '../features/not-available/index.ts';
import { RecallPage } from '../features/recall/index.ts';
import { RegisterPage } from '../features/register/index.ts';
import { ReportsPage } from '../features/reports/index.ts';
import { LocalRepackPage, RepackEditPage, RepackScanPage, RepackViewPage } from '../features/repack/index.ts';
import { ScanFillDataPage, SearchPage, UnitPage, type PackAction } from '../features/search/index.ts';
import { SettingsPage } from '../features/settings/index.ts';
import { VerificationPage, VerifyPackAction } from '../features/verification/index.ts';
import { documentPaths, routeDocumentNumber, routeFamily } from '../lib/document-routes.ts';
import { useDispatchState } from '../lib/client-state.ts';
import { documentDetailsTitle } from '../lib/route-meta.ts';
import { litePageModule, routeScreen } from '../lib/route-screen.ts';
import { RequireAccess } from './require-access.tsx';
import { useRouteTitle } from './use-route-meta.ts';

// The dispatch list's switch (Mantine's SegmentedControl) is the list page's alone: a chunk of its own (decision 0089).
const ListTypeSwitch = lazyNamed(() => import('../components/ui/list-type-switch.tsx'), 'ListTypeSwitch');

/** Handling units carry an SSCC: pallets and cartons (decision 0007). */
const HANDLING_UNITS = ['PLT', 'CTN'] as const;

/**
 * A document family's page (decision 0015): the family is the route's, or a scan route's `?p=`; its
 * paths come from the route tables. Not available when the area has no such family yet. A page of
 * another family or document starts afresh (keyed), even on the same route.
 */
function DocumentPage({ meta, title, home }: { meta: RouteMeta; title: string; home: string }) {
  const params = useParams();
  const [search] = useSearchParams();
  const { isWo } = useDispatchState();
  const area = meta.area ?? 'RDC';
  const family = familyOf(routeFamily(meta, search, params) ?? '');
  const paths = family && documentPaths(area, family.type);
  const number = routeDocumentNumber(meta, params, search);
  // The document step leads to the unit scan: its chunk is fetched now, so the scan never waits for it (decision 0089).
  const documentStep =
    family !== undefined && !family.stockTake && (meta.page === 'scanDocument' || (meta.page === 'scanCode' && number === NEW_DOCUMENT));
  useEffect(() => {
    if (documentStep) preloadScanUnitsPage();
  }, [documentStep]);
  if (!family || !paths) return <NotAvailable title={title} home={home} />;
  // The way back from the scan screen reads as the details page's header does (WO Details under the WO list type).
  const detailsTitle = documentDetailsTitle(area, family.type, isWo) ?? paths.detailsTitle;
  const props: DocumentPageProps = { area, family, paths: { ...paths, detailsTitle }, number };
  const key = `${area}/${family.type}/${meta.page ?? ''}/${number}`;
  // A stock take (issue 31, decision 0080): its own pages, on every route of its family (the generic scan routes' ?p= too).
  if (family.stockTake) return <StockTakePage key={key} {...props} page={meta.page} />;
  switch (meta.page) {
    case 'documentList':
      return <DocumentListPage key={key} {...props} toolbar={meta.listTypes ? <ListTypeSwitch /> : undefined} />;
    case 'documentDetails':
      // A details URL naming no document (/ldc/doDetails/OBD without ?docNo=) has nothing to show.
      return number ? <DocumentDetailsPage key={key} {...props} /> : <NotFoundPage home={home} />;
    case 'scanDocument':
      return <ScanDocumentPage key={key} {...props} />;
    case 'scanUnits':
      return <ScanUnitsPage key={key} {...props} units={UNIT_TYPE_ORDER} />;
    case 'scanHandlingUnit':
      return <ScanUnitsPage key={key} {...props} units={HANDLING_UNITS} />;
    case 'scanCode':
      return number === NEW_DOCUMENT ? (
        <ScanDocumentPage key={key} {...props} />
      ) : (
        <ScanUnitsPage key={key} {...props} units={UNIT_TYPE_ORDER} />
      );
    case 'redressScan':
    case 'redressCartonLabel':
    case 'redressSeries':
    case 'redressReplace':
      return <RedressPage key={key} {...props} page={meta.page} />;
    default:
      return <NotAvailable title={title} home={home} />;
  }
}

function Page({ meta }: { meta: RouteMeta }) {
  const title = useRouteTitle(meta);
  const params = useParams();
  const [search] = useSearchParams();
  const home = meta.area ? AREA_HOME[meta.area] : '/';
  const area = meta.area ?? 'RDC';
  const screen = routeScreen(meta, params, search);
  // A pack's card on the search and unit pages offers 'Verify pack' (issue 28): the verification feature's, passed in.
  const packAction: PackAction = ({ code }) => <VerifyPackAction key={code} area={area} code={code} />;
  if (meta.family && screen !== 'notAvailable') return <DocumentPage meta={meta} title={title} home={home} />;
  switch (screen) {
    case 'chooseArea':
      return <ChooseAreaPage />;
    case 'login':
      return meta.area ? <LoginPage area={meta.area} /> : <NotFoundPage />;
    case 'home':
      return meta.area ? <HomePage area={meta.area} dashboard={<HomeDashboard area={meta.area} />} /> : <NotFoundPage />;
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
    case 'createPallet':
      return <CreatePalletPage area={area} />;
    case 'printLabel':
      return <PrintLabelPage area={area} />;
    case 'repackScan':
      return <RepackScanPage area={area} />;
    case 'repackEdit':
      return <RepackEditPage area={area} />;
    case 'repackView':
    case 'repackCompletion':
      return <RepackViewPage area={area} />;
    case 'repackLocal':
      return <LocalRepackPage key={params.queryValue ?? ''} area={area} />;
    case 'search':
      return <SearchPage area={area} packAction={packAction} />;
    case 'recall':
      return <RecallPage area={area} />;
    case 'reports':
      return <ReportsPage area={area} />;
    case 'verification':
      return <VerificationPage area={area} />;
    case 'scanFillData':
      return <ScanFillDataPage area={area} />;
    case 'pallet':
      return <UnitPage kind="pallet" area={area} />;
    case 'palletCartons':
      return <UnitPage kind="pallet" area={area} tab="list" />;
    case 'carton':
      return <UnitPage kind="carton" area={area} />;
    case 'cartonPacks':
      return <UnitPage kind="carton" area={area} tab="list" />;
    case 'pack':
      return <UnitPage kind="pack" area={area} packAction={packAction} />;
    case 'item':
      return <UnitPage kind="item" area={area} packAction={packAction} />;
    case 'liteList':
    case 'liteDetail':
    case 'liteAddMaterial':
    case 'liteMaterialDetails':
    case 'liteMaterialScanner':
    case 'liteItemScanner':
      return (
        <LitePage
          page={screen}
          module={litePageModule(params, search)}
          number={search.get(DOCUMENT_NUMBER_QUERY) ?? ''}
          notFound={<NotFoundPage home={home} />}
        />
      );
    default:
      return <NotAvailable title={title} home={home} />;
  }
}

/** While a screen's chunk loads (first visit only): a spinner inside the shell, header in place. */
function PageLoading() {
  return <PageLoader label={UI.loading} />;
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

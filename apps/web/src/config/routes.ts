import type { Action, Application, DocumentType, Family, FamilyWebPage, Feature, ModuleCode, Registry, SystemRight } from '@pharma/domain';
import { DEFAULT_REGISTRY, familyOf, TOOL_NEEDS } from '@pharma/domain';
import { message } from '../i18n/language.ts';
import { TITLES } from './labels.ts';

/** The screens that exist; every other route renders the "not available yet" state. */
export type PageKey =
  | 'chooseArea'
  | 'login'
  | 'home'
  | 'restricted'
  | 'notFound'
  | 'serverError'
  | 'register'
  | 'admin'
  | 'settings'
  | 'notAvailable'
  | 'createPallet'
  | 'printLabel'
  | 'recall'
  | 'reports'
  | 'verification'
  | 'stockTakeNew'
  | InventoryPageKey
  | LitePageKey
  | RepackPageKey;

/** The repack pages (decision 0049): open by SSCC, edit, view; the local scan (destination, then units) and its completion. */
export type RepackPageKey = 'repackScan' | 'repackEdit' | 'repackView' | 'repackLocal' | 'repackCompletion';

/** The lite families' pages (decision 0039): list, details, 'Add Material/Batch', 'Material Details' and the two scanners. */
export type LitePageKey = 'liteList' | 'liteDetail' | 'liteAddMaterial' | 'liteMaterialDetails' | 'liteMaterialScanner' | 'liteItemScanner';

/**
 * The document screens of every family (the documents feature: list, details, the document number
 * step and the unit scan; decisions 0007, 0012 and 0015), and the search screens (issue 6).
 * 'scanCode' is the local scan route: the document step with `new`, else the unit scan; 'item' the
 * local unit page (a pallet or carton with its contents).
 */
export type InventoryPageKey =
  | DocumentPage
  | 'scanHandlingUnit'
  | 'scanCode'
  | 'search'
  | 'scanFillData'
  | 'pallet'
  | 'palletCartons'
  | 'carton'
  | 'cartonPacks'
  | 'pack'
  | 'item'
  | RedressPageKey;

/** The redress pages (decision 0036): the PO's scan (BPR No., cartons), the carton label, the series scanner and the replace scan. */
export type RedressPageKey = 'redressScan' | 'redressCartonLabel' | 'redressSeries' | 'redressReplace';

/** The pages of a document family that links lead to (lib/document-routes.ts finds their paths). */
export type DocumentPage = 'documentList' | 'documentDetails' | 'scanDocument' | 'scanUnits';

/** Titles that depend on the URL or on client state (spec point 2, header details). */
export type TitleRule =
  | 'scanOperation'
  | 'scanPallet'
  | 'repackCompletion'
  | 'liteMaterialScanner'
  | 'woOrObdList'
  | 'woOrObdDetails'
  | 'liteList'
  | 'liteDetail';

/** default: returnPath > referrer > history; none: back does nothing; hidden: no back button; scan: toggles the scan view. */
export type BackMode = 'default' | 'none' | 'hidden' | 'scan';

export interface RouteMeta {
  path: string;
  title: string;
  titleRule?: TitleRule;
  area?: Application;
  public?: boolean;
  /**
   * The module a user needs: 'param' reads it from the :moduleType segment, 'query' from the
   * moduleID (or moduleType) query parameter. When it cannot be read, a page with a feature
   * needs that feature in some module of the area.
   */
  module?: ModuleCode | 'param' | 'query' | 'family';
  /**
   * The document family a page shows: fixed (a list or details route), or 'query' for the scan
   * routes, which read it from the p query parameter (spec point 2: default IBD) and serve every
   * family whose list the area has. Module 'family' is then that family's module.
   */
  family?: DocumentType | 'query' | 'param';
  /** With family 'param': the families the :moduleType segment may name (/ldc/doList/OBD, /ldc/doList/SCANLITE). */
  families?: readonly DocumentType[];
  /**
   * The query parameter that carries the document number when the path has no place for it (the
   * local dispatch details, /ldc/doDetails/OBD?docNo=…; decision 0024). Otherwise the number is the
   * route's parameter other than :moduleType.
   */
  numberQuery?: string;
  /** The list type switch (OBD List, WO List) above the list: it writes the stored isWo flag (spec point 2). */
  listTypes?: boolean;
  /** The feature a user needs in that module (spec point 6: without it, the 403 page). */
  feature?: Feature;
  /**
   * The action a user needs in that module, on a page that is nothing but that action (a tool's:
   * creating a pallet, printing a label, a repack's scan; decision 0057): without it, the 403 page.
   */
  action?: Action;
  /** A right outside the area tree (the admin screen). */
  right?: SystemRight;
  back?: BackMode;
  /** A fixed back target: the 'Add Material/Batch' form returns to the lite detail page. */
  backTo?: 'liteDetail';
  page?: PageKey;
}

type Extra = Partial<Omit<RouteMeta, 'path' | 'title'>>;
const rdc = (path: string, title: string, extra: Extra = {}): RouteMeta => ({ path: `/rdc${path}`, title, area: 'RDC', ...extra });
const ldc = (path: string, title: string, extra: Extra = {}): RouteMeta => ({ path: `/ldc${path}`, title, area: 'LDC', ...extra });
const scan: Extra = { back: 'scan' };
const list = (module: ModuleCode | 'param'): Extra => ({ module, feature: 'List' });
const details = (module: ModuleCode | 'param'): Extra => ({ module, feature: 'DetailsPage' });
const search: Extra = { module: 'GLOBAL', feature: 'Search' };

/** The query parameter of a document number on a route whose path has no place for one (decision 0024). */
export const DOCUMENT_NUMBER_QUERY = 'docNo';

/** The route parameter that names the family on a route several families share (/ldc/doList/OBD, /ldc/doList/SCANLITE). */
export const FAMILY_PARAM = 'moduleType';

/** A scan route: the family from ?p=, and its module. */
const scanFamily: Extra = { family: 'query', module: 'family' };

/** The family of a scan route without ?p= (spec point 2: 'The type comes from query parameter p and defaults to IBD'): the entry that says so. */
function scanDefaultOf(registry: Registry): Family {
  const family = registry.families.find((f) => f.web?.scanDefault);
  if (!family) throw new Error('No family is the default of the scan routes (web.scanDefault).');
  return family;
}
export const DEFAULT_SCAN_FAMILY: DocumentType = scanDefaultOf(DEFAULT_REGISTRY).type;

/**
 * A family's page as the route table holds it (decision 0086): its family and module, or on a path whose
 * :moduleType segment names the family (decisions 0024 and 0027), every family giving that path, the
 * family and its module read from the segment (routeFamily); the feature a list or details page needs,
 * the action a page that is nothing but one needs, where the number rides and what Back does.
 */
function familyRoute(area: Application, family: Family, fact: FamilyWebPage): RouteMeta {
  const shared = fact.path.includes(`:${FAMILY_PARAM}`);
  const feature = fact.page === 'documentList' ? 'List' : fact.page === 'documentDetails' ? 'DetailsPage' : undefined;
  const extra: Extra = {
    family: shared ? 'param' : family.type,
    ...(shared ? { families: [family.type] } : {}),
    module: shared ? 'param' : family.module,
    ...(feature ? { feature } : {}),
    ...(fact.action ? { action: fact.action } : {}),
    ...(fact.numberInQuery ? { numberQuery: DOCUMENT_NUMBER_QUERY } : {}),
    ...(fact.scanBack ? scan : {}),
    ...(fact.woTitle ? { titleRule: fact.page === 'documentList' ? 'woOrObdList' : 'woOrObdDetails' } : {}),
    ...(fact.woTitle && fact.page === 'documentList' ? { listTypes: true } : {}),
    page: fact.page,
  };
  return (area === 'RDC' ? rdc : ldc)(fact.path, fact.title, extra);
}

/** Every family's pages in an area, in the registry's order; a path several families give is one route serving them all. */
function familyRoutes(registry: Registry, area: Application): RouteMeta[] {
  const routes: RouteMeta[] = [];
  for (const family of registry.families) {
    for (const fact of family.web?.pages?.[area] ?? []) {
      const route = familyRoute(area, family, fact);
      const same = routes.find((r) => r.path === route.path);
      if (!same) routes.push(route);
      else if (same.family === 'param') same.families = [...(same.families ?? []), family.type];
      else throw new Error(`Two families give ${route.path} without a :${FAMILY_PARAM} segment`);
    }
  }
  return routes;
}

/** The page of a family in an area the registry gives (the local dispatch list reads as WO or OBD by it). */
export function familyPageFact(area: Application | undefined, type: DocumentType, page: PageKey | undefined): FamilyWebPage | undefined {
  return area ? familyOf(type)?.web?.pages?.[area]?.find((fact) => fact.page === page) : undefined;
}

/** Spec point 2, regional area: our pages and the scan routes, then every family's (the registry's). */
const rdcRoutes = (registry: Registry): RouteMeta[] => [
  rdc('', TITLES.home, { page: 'home', back: 'none' }),
  rdc('/login', TITLES.login, { page: 'login', public: true }),
  rdc('/searchPage', TITLES.search, { ...search, page: 'search' }),
  rdc('/createPallet', TITLES.repackCreatePallet, { ...TOOL_NEEDS.newSscc, page: 'createPallet' }),
  rdc('/repackScan', TITLES.repackScan, { ...TOOL_NEEDS.repackMove, page: 'repackScan' }),
  // Titled by ?p= (route-meta.ts); without it, the default family's number step.
  rdc('/scanOperation/:queryValue', scanDefaultOf(registry).labels.scanNumber, {
    ...scanFamily,
    titleRule: 'scanOperation',
    page: 'scanDocument',
  }),
  rdc('/scanPallet/:queryValue', TITLES.scanPallet, { ...scanFamily, titleRule: 'scanPallet', page: 'scanUnits' }),
  rdc('/carton/:cartsscc', TITLES.cartonDetails, { ...search, page: 'carton' }),
  rdc('/carton/cartonDetails/cartonDetail', TITLES.cartonDetails, { ...search, page: 'carton' }),
  rdc('/carton/cartonDetails/packList', TITLES.packList, { ...search, page: 'cartonPacks' }),
  rdc('/pack/packDetails/packDetail', TITLES.packDetails, { ...search, page: 'pack' }),
  rdc('/pallet/palletDetails/cartonList', TITLES.cartonList, { ...search, page: 'palletCartons' }),
  rdc('/pallet/palletDetails/palletDetail', TITLES.palletDetails, { ...search, page: 'pallet' }),
  rdc('/pallet/repack', TITLES.repackEditPallet, { ...TOOL_NEEDS.repackMove, page: 'repackEdit' }),
  rdc('/pallet/:sscc', TITLES.palletDetails, { ...search, page: 'pallet' }),
  rdc('/scanHandlingUnit/:queryValue', TITLES.scanHandlingUnit, { ...scanFamily, page: 'scanHandlingUnit' }),
  rdc('/repackViewPallet', TITLES.repackViewPallet, { ...TOOL_NEEDS.repackView, back: 'hidden', page: 'repackView' }),
  ...familyRoutes(registry, 'RDC'),
  // Not in the spec's table: the target of the 'Print new label' tile.
  rdc('/printLabel', TITLES.printLabel, { ...TOOL_NEEDS.print, page: 'printLabel' }),
  // Not in the spec's table: 'the regional settings module also exists' (decision 0010).
  rdc('/settings', TITLES.settings, { page: 'settings' }),
  // Not in the spec's table (issue 30, decision 0074): a batch's status and where its stock is.
  rdc('/recall', TITLES.recall, { ...TOOL_NEEDS.batchView, page: 'recall' }),
  // Not in the spec's table (issue 32, decision 0077): the reports, read only, with their CSV.
  rdc('/reports', TITLES.reports, { ...TOOL_NEEDS.reportsView, page: 'reports' }),
  // Not in the spec's table (issue 28, decision 0081): the requests sent to the national verification system.
  rdc('/verification', TITLES.verification, { ...TOOL_NEEDS.verificationView, page: 'verification' }),
];

/** Spec point 2, local area: our pages and the scan routes, then every family's (the registry's). */
const ldcRoutes = (registry: Registry): RouteMeta[] => [
  ldc('', TITLES.home, { page: 'home' }),
  ldc('/login', TITLES.login, { page: 'login', public: true }),
  // The local scan (decision 0012): `new` asks for the document number, a number scans its units.
  ldc('/ScanOperation/:queryValue', TITLES.scanCode, { ...scan, ...scanFamily, page: 'scanCode' }),
  ldc('/itemDetails/:sscc', TITLES.itemDetails, { ...search, page: 'item' }),
  ldc('/repackScanOperation/:queryValue', TITLES.scanMaterialNo, { ...scan, ...TOOL_NEEDS.repackMove, page: 'repackLocal' }),
  ldc('/repackOutsideDocsScanOperation', TITLES.repackOutsideDocs, { ...scan, ...TOOL_NEEDS.repackMove, page: 'repackLocal' }),
  // What a scanned label says, then the unit it names (decision 0028): a search, under GLOBAL's Search feature.
  ldc('/scanFillData', TITLES.scanFillData, { ...scan, ...search, page: 'scanFillData' }),
  ldc('/searchPageLDC', TITLES.search, { ...search, page: 'search' }),
  ldc('/repackComplete/repackCompletionDetail', TITLES.repackViewPallet, {
    ...TOOL_NEEDS.repackView,
    titleRule: 'repackCompletion',
    page: 'repackCompletion',
  }),
  ldc('/settings', TITLES.settings, { page: 'settings' }),
  ldc('/liteDetail/:moduleType', TITLES.liteDetail, { titleRule: 'liteDetail', ...details('param'), page: 'liteDetail' }),
  ldc('/liteDetail/createMaterialOrBatch', TITLES.addMaterialBatch, {
    backTo: 'liteDetail',
    module: 'query',
    feature: 'CreateMaterialBatch',
    page: 'liteAddMaterial',
  }),
  ldc('/liteDetail/materialDetails', TITLES.materialDetails, { module: 'query', feature: 'MaterialDetails', page: 'liteMaterialDetails' }),
  ldc('/liteDetail/materialAndBatchScanner', TITLES.materialAndBatchScanner, {
    ...scan,
    module: 'query',
    feature: 'CreateMaterialBatch',
    page: 'liteMaterialScanner',
  }),
  ldc('/liteDetail/scan/materialScanner', TITLES.scanItemCodes, {
    ...scan,
    titleRule: 'liteMaterialScanner',
    module: 'query',
    page: 'liteItemScanner',
  }),
  ldc('/liteLists/:moduleType', TITLES.liteList, { titleRule: 'liteList', ...list('param'), page: 'liteList' }),
  ...familyRoutes(registry, 'LDC'),
  // Not in the spec's table (issue 30, decision 0074): a batch's status and where its stock is.
  ldc('/recall', TITLES.recall, { ...TOOL_NEEDS.batchView, page: 'recall' }),
  // Not in the spec's table (issue 32, decision 0077): the reports, read only, with their CSV.
  ldc('/reports', TITLES.reports, { ...TOOL_NEEDS.reportsView, page: 'reports' }),
  // Not in the spec's table (issue 28, decision 0081): the requests sent to the national verification system.
  ldc('/verification', TITLES.verification, { ...TOOL_NEEDS.verificationView, page: 'verification' }),
];

/**
 * Each area's route table as a registry makes it (decision 0086): the app's is the default registry's
 * (RDC_ROUTES, LDC_ROUTES); a test builds one with a family of its own.
 */
export function areaRoutes(registry: Registry): Record<Application, RouteMeta[]> {
  return { RDC: rdcRoutes(registry), LDC: ldcRoutes(registry) };
}

const DEFAULT_AREA_ROUTES = areaRoutes(DEFAULT_REGISTRY);
export const RDC_ROUTES: RouteMeta[] = DEFAULT_AREA_ROUTES.RDC;
export const LDC_ROUTES: RouteMeta[] = DEFAULT_AREA_ROUTES.LDC;

/** Spec point 2, other routes. All public. */
export const OTHER_ROUTES: RouteMeta[] = [
  { path: '/', title: TITLES.chooseArea, page: 'chooseArea', public: true },
  { path: '/restricted', title: message('RESTRICTED_TITLE'), page: 'restricted', public: true },
  { path: '/403', title: message('RESTRICTED_TITLE'), page: 'restricted', public: true },
  { path: '/404', title: TITLES.notFound, page: 'notFound', public: true },
  { path: '/NotFound', title: TITLES.notFound, page: 'notFound', public: true },
  { path: '/500', title: TITLES.error, page: 'serverError', public: true },
  { path: '/register', title: TITLES.register, page: 'register', public: true },
];

/** Our own screens, not in the spec (decision 0006). */
export const APP_ROUTES: RouteMeta[] = [{ path: '/admin', title: TITLES.admin, page: 'admin', right: 'ADMIN' }];

/** The catch-all for unknown paths. */
export const NOT_FOUND_ROUTE: RouteMeta = { path: '*', title: TITLES.notFound, page: 'notFound', public: true };

/** The scan route's path segment that asks for the document number rather than naming one (decision 0007). */
export const NEW_DOCUMENT = 'new';

export const AREA_HOME: Record<Application, string> = { RDC: '/rdc', LDC: '/ldc' };
export const AREA_LOGIN: Record<Application, string> = { RDC: '/rdc/login', LDC: '/ldc/login' };

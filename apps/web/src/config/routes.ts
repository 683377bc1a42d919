import type { Application, ModuleCode } from '@pharma/domain';
import { message } from '@pharma/domain';
import { TITLES } from './labels.ts';

/** The screens that exist; every other route renders the "not available yet" state. */
export type PageKey = 'chooseArea' | 'login' | 'home' | 'restricted' | 'notFound' | 'serverError' | 'register' | 'notAvailable';

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
  /** The module a user needs; 'param' reads it from the :moduleType segment. */
  module?: ModuleCode | 'param';
  back?: BackMode;
  /** A fixed back target: the 'Add Material/Batch' form returns to the lite detail page. */
  backTo?: 'liteDetail';
  page?: PageKey;
}

type Extra = Partial<Omit<RouteMeta, 'path' | 'title'>>;
const rdc = (path: string, title: string, extra: Extra = {}): RouteMeta => ({ path: `/rdc${path}`, title, area: 'RDC', ...extra });
const ldc = (path: string, title: string, extra: Extra = {}): RouteMeta => ({ path: `/ldc${path}`, title, area: 'LDC', ...extra });
const scan: Extra = { back: 'scan' };

/** Spec point 2, regional area. */
export const RDC_ROUTES: RouteMeta[] = [
  rdc('', TITLES.home, { page: 'home', back: 'none' }),
  rdc('/login', TITLES.login, { page: 'login', public: true }),
  rdc('/ibdList', TITLES.receiving, { module: 'RECEIVE' }),
  rdc('/searchPage', TITLES.search),
  rdc('/createPallet', TITLES.repackCreatePallet),
  rdc('/repackScan', TITLES.repackScan),
  rdc('/scanOperation/:queryValue', TITLES.scanIbdNo, { titleRule: 'scanOperation' }),
  rdc('/scanPallet/:queryValue', TITLES.scanPallet, { titleRule: 'scanPallet' }),
  rdc('/carton/:cartsscc', TITLES.cartonDetails),
  rdc('/carton/cartonDetails/cartonDetail', TITLES.cartonDetails),
  rdc('/carton/cartonDetails/packList', TITLES.packList),
  rdc('/ibdNo/:ibdNo', TITLES.ibdDetails, { module: 'RECEIVE' }),
  rdc('/pack/packDetails/packDetail', TITLES.packDetails),
  rdc('/pallet/palletDetails/cartonList', TITLES.cartonList),
  rdc('/pallet/palletDetails/palletDetail', TITLES.palletDetails),
  rdc('/pallet/repack', TITLES.repackEditPallet),
  rdc('/pallet/:sscc', TITLES.palletDetails),
  rdc('/obdList', TITLES.dispatch, { module: 'DISPATCH' }),
  rdc('/obdNo/:obdNo', TITLES.obdDetails, { module: 'DISPATCH' }),
  rdc('/decommList', TITLES.scrappingNoteList, { module: 'DECOMM' }),
  rdc('/decommNo/:decommNo', TITLES.scrappingDetails, { module: 'DECOMM' }),
  rdc('/rmaList', TITLES.return, { module: 'RETURN' }),
  rdc('/rmaNo/:rmaNo', TITLES.rmaDetails, { module: 'RETURN' }),
  rdc('/scanHandlingUnit/:queryValue', TITLES.scanHandlingUnit),
  rdc('/repackViewPallet', TITLES.repackViewPallet, { back: 'hidden' }),
  // Not in the spec's table: the target of the 'Print new label' tile.
  rdc('/printLabel', TITLES.printLabel),
];

/** Spec point 2, local area. */
export const LDC_ROUTES: RouteMeta[] = [
  ldc('', TITLES.home, { page: 'home' }),
  ldc('/login', TITLES.login, { page: 'login', public: true }),
  ldc('/doList/:moduleType', TITLES.obdList, { titleRule: 'woOrObdList', module: 'param' }),
  ldc('/doDetails/:moduleType', TITLES.obdDetails, { titleRule: 'woOrObdDetails', module: 'param' }),
  ldc('/rmaList', TITLES.returnList, { module: 'RETURN' }),
  ldc('/rmaDetails/:rmaDetails', TITLES.rmaDetails, { module: 'RETURN' }),
  ldc('/ScanOperation/:queryValue', TITLES.scanCode, scan),
  ldc('/rrdScanOperation/rrdDocTagging/:bprNo', TITLES.scanCode, { ...scan, module: 'REDRESS' }),
  ldc('/rrdScanOperation/SeriesAndNonSeriesScanner', TITLES.scanCodeSeries, { ...scan, module: 'REDRESS' }),
  ldc('/rrdScanOperation/rrdDocTagging/scanCarton', TITLES.scanCartonLabel, { ...scan, module: 'REDRESS' }),
  ldc('/rrdScanOperation/replaceItemScan', TITLES.scanCode, { ...scan, module: 'REDRESS' }),
  ldc('/itemDetails/:sscc', TITLES.itemDetails),
  ldc('/rrdList', TITLES.redressPoList, { module: 'REDRESS' }),
  ldc('/rrdDetails/:rrdDetails', TITLES.poDetails, { module: 'REDRESS' }),
  ldc('/ibdList', TITLES.ibdList, { module: 'RECEIVE' }),
  ldc('/ibdDetails/:ibdDetails', TITLES.ibdDetails, { module: 'RECEIVE' }),
  ldc('/decommList', TITLES.snList, { module: 'DECOMM' }),
  ldc('/decommDetails/:decommDetails', TITLES.snDetails, { module: 'DECOMM' }),
  ldc('/repackScanOperation/:queryValue', TITLES.scanMaterialNo, scan),
  ldc('/repackOutsideDocsScanOperation', TITLES.repackOutsideDocs, scan),
  ldc('/scanFillData', TITLES.scanFillData, scan),
  ldc('/searchPageLDC', TITLES.search),
  ldc('/repackComplete/repackCompletionDetail', TITLES.repackViewPallet, { titleRule: 'repackCompletion' }),
  ldc('/scanLiteScanOperation/:doNo', TITLES.scanItem, { ...scan, module: 'SCANLITE' }),
  ldc('/settings', TITLES.settings),
  ldc('/liteDetail/:moduleType', TITLES.liteDetail, { titleRule: 'liteDetail', module: 'param' }),
  ldc('/liteDetail/createMaterialOrBatch', TITLES.addMaterialBatch, { backTo: 'liteDetail' }),
  ldc('/liteDetail/materialDetails', TITLES.materialDetails),
  ldc('/liteDetail/materialAndBatchScanner', TITLES.materialAndBatchScanner, scan),
  ldc('/liteDetail/scan/materialScanner', TITLES.scanItemCodes, { ...scan, titleRule: 'liteMaterialScanner' }),
  ldc('/liteLists/:moduleType', TITLES.liteList, { titleRule: 'liteList', module: 'param' }),
  ldc('/rtpList', TITLES.rtpList, { module: 'RTP' }),
  ldc('/rtpDetails/:rtpDetails', TITLES.rtpDetails, { module: 'RTP' }),
  ldc('/transferList', TITLES.stoList, { module: 'TRANSFER' }),
  ldc('/transferDetails/:transferDetails', TITLES.stoDetails, { module: 'TRANSFER' }),
];

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

/** The catch-all for unknown paths. */
export const NOT_FOUND_ROUTE: RouteMeta = { path: '*', title: TITLES.notFound, page: 'notFound', public: true };

export const AREA_HOME: Record<Application, string> = { RDC: '/rdc', LDC: '/ldc' };
export const AREA_LOGIN: Record<Application, string> = { RDC: '/rdc/login', LDC: '/ldc/login' };

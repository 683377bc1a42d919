import { TOOL_NEEDS, type Action, type Application, type ModuleCode, type Need, type SystemRight } from '@pharma/domain';
import type { ReportName } from '@pharma/domain/contract/reports';
import { NAV_LABELS as L } from './labels.ts';

/** What a tile or menu entry does: go somewhere (optionally resetting the dispatch list state), or open the repack dialog. */
export type NavAction = { kind: 'link'; to: string; resetDispatch?: boolean } | { kind: 'repack' };

/**
 * A tile or menu entry. With a module it shows only to users holding that module (and, with
 * `moduleAction`, that action of it); with a right only to users holding that right; without either
 * it shows to every user of the area; bypass skips the check (Home, Settings).
 */
export interface NavEntry {
  label: string;
  module?: ModuleCode;
  /** The action the entry leads to (a tool's, decision 0057): hidden from users without it. */
  moduleAction?: Action;
  right?: SystemRight;
  bypass?: boolean;
  /** The tile's drawing when it is not its module's. */
  icon?: string;
  action: NavAction;
}

const link = (to: string, resetDispatch = false): NavAction => (resetDispatch ? { kind: 'link', to, resetDispatch } : { kind: 'link', to });

/** A tool's entry (printing, a new SSCC, repack): shown to users holding its action (decision 0057). */
const tool = (label: string, need: Need, action: NavAction, icon?: string): NavEntry => ({
  label,
  module: need.module,
  ...(need.action ? { moduleAction: need.action } : {}),
  ...(icon ? { icon } : {}),
  action,
});

const RDC_MODULES: NavEntry[] = [
  { label: L.receive, module: 'RECEIVE', action: link('/rdc/ibdList') },
  { label: L.dispatch, module: 'DISPATCH', action: link('/rdc/obdList') },
  { label: L.return, module: 'RETURN', action: link('/rdc/rmaList') },
  { label: L.decomm, module: 'DECOMM', action: link('/rdc/decommList') },
];

/**
 * Search by serial or SSCC in an area (GLOBAL's Search feature). Not in the spec's tile and menu lists,
 * whose search pages (/rdc/searchPage, /ldc/searchPageLDC) no entry reached: one entry after the modules.
 */
const searchEntry = (to: string): NavEntry => ({ label: L.search, module: 'GLOBAL', action: link(to) });

/**
 * The Recall page of an area (issue 30, decision 0074); with a batch, that batch's status and whereabouts
 * (?materialNo=&batchNo=, so Back and a link bring it again).
 */
export const RECALL_PAGES = {
  page: (area: Application, batch?: { materialNo: string; batchNo: string }) =>
    `/${area.toLowerCase()}/recall${batch ? `?${new URLSearchParams({ materialNo: batch.materialNo, batchNo: batch.batchNo })}` : ''}`,
} as const;

/** A batch's status and where its stock is (issue 30, decision 0074): the Recall page of each area, under module RECALL. */
const recallEntry = (area: Application): NavEntry => tool(L.recall, TOOL_NEEDS.batchView, link(RECALL_PAGES.page(area)));

/**
 * The reports (issue 32, decision 0077): the Reports page of each area, under module REPORTS; the report
 * and its filters ride in the page's query (features/reports), so the entry opens the first report unfiltered.
 */
const reportsEntry = (area: Application): NavEntry => tool(L.reports, TOOL_NEEDS.reportsView, link(REPORTS_PAGES.page(area)));

/**
 * The Verification page of an area (issue 28, decision 0081): the requests sent to the warehouses' national
 * verification system (NMVS, VRS), under module VERIFY; its filters ride in the page's query.
 */
export const VERIFICATION_PAGES = { page: (area: Application) => `/${area.toLowerCase()}/verification` } as const;
const verificationEntry = (area: Application): NavEntry =>
  tool(L.verification, TOOL_NEEDS.verificationView, link(VERIFICATION_PAGES.page(area)));

/**
 * The stock take (issue 31, decision 0080): the counts' list of each area, under module STOCKTAKE, shown
 * to every holder of the module as a document family's tile is (the list itself needs its List feature).
 */
export const STOCK_TAKE_PAGES = {
  list: (area: Application) => `/${area.toLowerCase()}/stockTakeList`,
  /** The new count form (config/routes.ts, page stockTakeNew). */
  create: (area: Application) => `/${area.toLowerCase()}/stockTakeNew`,
} as const;
const stockTakeEntry = (area: Application): NavEntry => ({
  label: L.stockTake,
  module: 'STOCKTAKE',
  action: link(STOCK_TAKE_PAGES.list(area)),
});

/** A report and its filters as the Reports page's query names them (features/reports/report-filters.ts). */
export interface ReportLink {
  report: ReportName;
  warehouseNo?: string;
  materialNo?: string;
  batchNo?: string;
  asOf?: string;
  from?: string;
  to?: string;
}

/**
 * The Reports page of an area (issue 32, decision 0077); with a report, that report so filtered:
 * `?report=expiry&asOf=2026-11-26`, the keys in the order the page writes them, blanks left out. The page
 * reads its query itself (a feature imports no other), so whatever links to a report (the home
 * dashboard) builds the link here.
 */
export const REPORTS_PAGES = {
  page: (area: Application, choice?: ReportLink) => {
    const base = `/${area.toLowerCase()}/reports`;
    return choice ? `${base}?${reportQuery(choice)}` : base;
  },
} as const;

/** The Reports page's query of a report and its filters: the report, then each non-blank filter, trimmed, in the page's order. */
export function reportQuery(choice: ReportLink): URLSearchParams {
  const query = new URLSearchParams({ report: choice.report });
  for (const key of REPORT_LINK_FILTERS) {
    const value = choice[key]?.trim();
    if (value) query.set(key, value);
  }
  return query;
}

/** Every filter a report link may carry, in the order the page writes them. */
export const REPORT_LINK_FILTERS = ['warehouseNo', 'materialNo', 'batchNo', 'asOf', 'from', 'to'] as const;

const plus = (label: string, module: ModuleCode): NavEntry => ({
  label,
  module,
  action: link(`/ldc/liteLists/${encodeURIComponent(module)}`),
});

const LDC_MODULES: NavEntry[] = [
  { label: L.receive, module: 'RECEIVE', action: link('/ldc/ibdList') },
  { label: L.redress, module: 'REDRESS', action: link('/ldc/rrdList') },
  { label: L.dispatch, module: 'DISPATCH', action: link('/ldc/doList/OBD', true) },
  { label: L.return, module: 'RETURN', action: link('/ldc/rmaList') },
  { label: L.decomm, module: 'DECOMM', action: link('/ldc/decommList') },
  { label: L.transfer, module: 'TRANSFER', action: link('/ldc/transferList') },
  { label: L.rtp, module: 'RTP', action: link('/ldc/rtpList') },
  plus(L.receivePlus, 'RECEIVE+'),
  plus(L.redressPlus, 'REDRESS+'),
  plus(L.dispatchPlus, 'DISPATCH+'),
  plus(L.returnPlus, 'RETURN+'),
  plus(L.decommPlus, 'DECOMM+'),
  plus(L.transferPlus, 'TRANSFER+'),
  plus(L.rtpPlus, 'RTP+'),
  { label: L.scanLite, module: 'SCANLITE', action: link('/ldc/doList/SCANLITE', true) },
  tool(L.repack, TOOL_NEEDS.repackMove, { kind: 'repack' }),
];

/** Home tiles (spec point 2). */
export const TILES: Record<Application, NavEntry[]> = {
  RDC: [
    ...RDC_MODULES,
    tool(L.createPallet, TOOL_NEEDS.newSscc, link('/rdc/createPallet')),
    tool(L.printLabel, TOOL_NEEDS.print, link('/rdc/printLabel'), 'PRINT'),
    searchEntry('/rdc/searchPage'),
    recallEntry('RDC'),
    reportsEntry('RDC'),
    stockTakeEntry('RDC'),
    verificationEntry('RDC'),
  ],
  LDC: [
    ...LDC_MODULES,
    searchEntry('/ldc/searchPageLDC'),
    recallEntry('LDC'),
    reportsEntry('LDC'),
    stockTakeEntry('LDC'),
    verificationEntry('LDC'),
  ],
};

/** The admin screen (decision 0006): not in the spec, shown only to holders of the ADMIN right. */
const ADMIN_ENTRY: NavEntry = { label: L.admin, right: 'ADMIN', action: link('/admin') };

/** Menu entries (spec point 2, plus Admin); Logout is added by the menu itself. */
export const MENU: Record<Application, NavEntry[]> = {
  RDC: [
    { label: L.home, bypass: true, action: link('/rdc') },
    ...RDC_MODULES,
    searchEntry('/rdc/searchPage'),
    recallEntry('RDC'),
    reportsEntry('RDC'),
    stockTakeEntry('RDC'),
    verificationEntry('RDC'),
    ADMIN_ENTRY,
  ],
  LDC: [
    { label: L.home, bypass: true, action: link('/ldc') },
    ...LDC_MODULES,
    searchEntry('/ldc/searchPageLDC'),
    recallEntry('LDC'),
    reportsEntry('LDC'),
    stockTakeEntry('LDC'),
    verificationEntry('LDC'),
    { label: L.settings, bypass: true, action: link('/ldc/settings') },
    ADMIN_ENTRY,
  ],
};

/** The two ways into repack (decision 0004). */
export const REPACK_TARGETS = {
  withDocument: (documentNo: string) => `/ldc/repackScanOperation/${encodeURIComponent(documentNo)}`,
  outsideDocuments: '/ldc/repackOutsideDocsScanOperation',
} as const;

const repackNoQuery = (repackNo: string) => `repackNo=${encodeURIComponent(repackNo)}`;

/** The repack pages (decision 0049): a repack is named by its number in ?repackNo=. */
export const REPACK_PAGES = {
  /** Opens the repack of an SSCC at once (the create pallet page's 'Edit pallet'). */
  open: (sscc?: string) => (sscc ? `/rdc/repackScan?sscc=${encodeURIComponent(sscc)}` : '/rdc/repackScan'),
  edit: (repackNo: string) => `/rdc/pallet/repack?${repackNoQuery(repackNo)}`,
  view: (repackNo: string) => `/rdc/repackViewPallet?${repackNoQuery(repackNo)}`,
  /** The local completion: its title reads the destination's type (spec point 2). */
  completion: (repackNo: string, destinationType: 'PLT' | 'CTN') =>
    `/ldc/repackComplete/repackCompletionDetail?${repackNoQuery(repackNo)}&destinationType=${destinationType}`,
  /** The label of an SSCC, on 'Print new label'. */
  printLabel: (sscc: string) => `/rdc/printLabel?sscc=${encodeURIComponent(sscc)}`,
} as const;

/** The scan list type a reset returns to (spec point 3, filter state). */
export const DEFAULT_LIST_TYPE = 'OBD List';

/**
 * The list types of the local dispatch list (spec point 2: its titles read as WO or OBD by the stored
 * isWo flag). A WO is, for now, an outbound document viewed under the WO title (decision 0024).
 */
export const LIST_TYPES = [
  { label: DEFAULT_LIST_TYPE, isWo: false },
  { label: 'WO List', isWo: true },
] as const;

import {
  DEFAULT_REGISTRY,
  TOOL_NEEDS,
  type Action,
  type Application,
  type ModuleCode,
  type Need,
  type Registry,
  type SystemRight,
} from '@pharma/domain';
import type { ReportName } from '@pharma/domain/contract/reports';
import { NAV_LABELS as L } from './labels.ts';
import { FAMILY_PARAM, LDC_ROUTES, RDC_ROUTES, type RouteMeta } from './routes.ts';

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

/** An entry and where it stands among the area's: the families' orders are their entries' (`web.menu.order`), ours are below. */
type Placed = readonly [order: number, entry: NavEntry];

/**
 * Where our own entries stand among the families' (spec point 2's order: the modules, then the tools; then
 * ours: search, recall, reports, the stock take's own entry at 230, verification).
 */
const ORDER = { repack: 160, createPallet: 170, printLabel: 180, search: 200, recall: 210, reports: 220, verification: 240 } as const;

/** Each area's route table. */
type AreaRoutes = Record<Application, readonly RouteMeta[]>;

const AREA_ROUTES: AreaRoutes = { RDC: RDC_ROUTES, LDC: LDC_ROUTES };

/**
 * Each family's entry in an area where it has a list page (registry.ts, decision 0086): its label, its
 * module, and its list (the segment filled with its type on a list several families share; a list with
 * the list type switch resets the dispatch list state). Each lite family's entry opens its lite list.
 */
function familyEntries(registry: Registry, routes: AreaRoutes, area: Application): Placed[] {
  const full = registry.families.flatMap((family): Placed[] => {
    const menu = family.web?.menu;
    const list = routes[area].find(
      (route) => route.page === 'documentList' && (route.family === family.type || (route.families ?? []).includes(family.type)),
    );
    if (!menu || !list) return [];
    const to = list.path.replace(`:${FAMILY_PARAM}`, encodeURIComponent(family.type));
    return [[menu.order, { label: menu.label, module: family.module, action: link(to, list.listTypes === true) }]];
  });
  const liteList = routes[area].find((r) => r.page === 'liteList');
  const lite = registry.liteFamilies
    .filter((l) => l.family.areas.includes(area))
    .map((l): Placed => [l.web.order, { label: l.name, module: l.module, action: link(liteListPath(liteList, area, l.module)) }]);
  return [...full, ...lite];
}

/** The lite list of a module (/ldc/liteLists/DISPATCH%2B): the route table's lite list, its segment filled. */
const liteListPath = (route: RouteMeta | undefined, area: Application, module: string) =>
  route ? route.path.replace(`:${FAMILY_PARAM}`, encodeURIComponent(module)) : `/${area.toLowerCase()}`;

/** The entries in their order (a tie keeps the order given). */
const ordered = (placed: readonly Placed[]): NavEntry[] =>
  placed
    .map((p, i) => [p, i] as const)
    .sort(([a, i], [b, j]) => a[0] - b[0] || i - j)
    .map(([[, entry]]) => entry);

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

/** The stock take's new count form in an area (issue 31, decision 0080): the page its registry entry gives (page stockTakeNew). */
export const STOCK_TAKE_PAGES = {
  create: (area: Application) => AREA_ROUTES[area].find((route) => route.page === 'stockTakeNew')?.path ?? `/${area.toLowerCase()}`,
} as const;

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

/** The regional tools, tiles only: a new pallet SSCC and printing. */
const RDC_TOOLS: Placed[] = [
  [ORDER.createPallet, tool(L.createPallet, TOOL_NEEDS.newSscc, link('/rdc/createPallet'))],
  [ORDER.printLabel, tool(L.printLabel, TOOL_NEEDS.print, link('/rdc/printLabel'), 'PRINT')],
];

/** Our entries of an area beside the families' (the local repack, search, recall, reports, verification), each with its place. */
const OWN_ENTRIES: Record<Application, Placed[]> = {
  RDC: [
    [ORDER.search, searchEntry('/rdc/searchPage')],
    [ORDER.recall, recallEntry('RDC')],
    [ORDER.reports, reportsEntry('RDC')],
    [ORDER.verification, verificationEntry('RDC')],
  ],
  LDC: [
    [ORDER.repack, tool(L.repack, TOOL_NEEDS.repackMove, { kind: 'repack' })],
    [ORDER.search, searchEntry('/ldc/searchPageLDC')],
    [ORDER.recall, recallEntry('LDC')],
    [ORDER.reports, reportsEntry('LDC')],
    [ORDER.verification, verificationEntry('LDC')],
  ],
};

/** The admin screen (decision 0006): not in the spec, shown only to holders of the ADMIN right. */
const ADMIN_ENTRY: NavEntry = { label: L.admin, right: 'ADMIN', action: link('/admin') };

/** Each area's home tiles and menu entries. */
export interface Navigation {
  /** Home tiles (spec point 2): the families' and ours, in order. */
  tiles: Record<Application, NavEntry[]>;
  /** Menu entries (spec point 2, plus Admin); Logout is added by the menu itself. */
  menu: Record<Application, NavEntry[]>;
}

/**
 * The tiles and menus as a registry and its route tables make them (decision 0086): the app's are the
 * default registry's (TILES, MENU); a test builds them with a family of its own.
 */
export function navigation(registry: Registry, routes: AreaRoutes): Navigation {
  const families = (area: Application) => familyEntries(registry, routes, area);
  return {
    tiles: {
      RDC: ordered([...families('RDC'), ...RDC_TOOLS, ...OWN_ENTRIES.RDC]),
      LDC: ordered([...families('LDC'), ...OWN_ENTRIES.LDC]),
    },
    menu: {
      // The spec names Settings in the local menu only; the regional area has its Settings page too (the
      // device's scanner, the user's language: decision 0092), so its menu leads there as well.
      RDC: [
        { label: L.home, bypass: true, action: link('/rdc') },
        ...ordered([...families('RDC'), ...OWN_ENTRIES.RDC]),
        { label: L.settings, bypass: true, action: link('/rdc/settings') },
        ADMIN_ENTRY,
      ],
      LDC: [
        { label: L.home, bypass: true, action: link('/ldc') },
        ...ordered([...families('LDC'), ...OWN_ENTRIES.LDC]),
        { label: L.settings, bypass: true, action: link('/ldc/settings') },
        ADMIN_ENTRY,
      ],
    },
  };
}

const DEFAULT_NAVIGATION = navigation(DEFAULT_REGISTRY, AREA_ROUTES);
export const TILES: Record<Application, NavEntry[]> = DEFAULT_NAVIGATION.tiles;
export const MENU: Record<Application, NavEntry[]> = DEFAULT_NAVIGATION.menu;

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

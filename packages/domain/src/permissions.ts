/**
 * The permission model (spec point 6): applications > modules > features > actions.
 *
 * One check, `authorize()`, is used by the server's permission hook and by the web's
 * menus, pages and buttons, so both always agree.
 */
export { APPLICATIONS, FEATURES, ACTIONS, isAction, type Application, type Feature, type Action } from './access.ts';
import type { Action, Application, Feature } from './access.ts';
import { ACTIONS } from './access.ts';
import type { FamilyEntry } from './families/family.ts';
import { FAMILIES, LITE_FAMILIES, type FamilyModule } from './families/registry.ts';

/**
 * The modules that are no family's, in both areas: the spec's GLOBAL (search, printing) and ours. A
 * family's module is its registry entry's (`module`, `areas`), never listed here (decision 0085).
 */
export const NON_FAMILY_MODULES = [
  'GLOBAL',
  // Ours (issue 30, decision 0070): a batch's hold, release and recall, and where its stock is, in both areas.
  'RECALL',
  // Ours (issue 32, decision 0077): the reports (expiry, stock, discrepancies, productivity), read only, in both areas.
  'REPORTS',
  // Ours (issue 28, decision 0081): a pack verified against the national system (NMVS, VRS), and the requests sent to it, in both areas.
  'VERIFY',
] as const;

/**
 * Every module (spec point 6 names them, ours added: REPACK, decision 0057; STOCKTAKE, decision 0079):
 * the families' of the registry, full then lite ('+'), then those of no family.
 */
export const MODULES: readonly ModuleCode[] = [
  ...FAMILIES.map((f) => f.module),
  ...LITE_FAMILIES.map((l) => l.module),
  ...NON_FAMILY_MODULES,
];
export type ModuleCode = FamilyModule | (typeof NON_FAMILY_MODULES)[number];

/** Rights outside the area tree: the admin screens and the ERP/EPCIS intake. */
export const SYSTEM_RIGHTS = ['ADMIN', 'INTEGRATION'] as const;
export type SystemRight = (typeof SYSTEM_RIGHTS)[number];

const RECEIVE_ACTIONS: readonly Action[] = ['Filter', 'CreateItem', 'Scan', 'Complete', 'DeleteScannedItem', 'EditItemStatus'];
/** ReopenDocument is ours for dispatch and scrapping (decision 0081): an export undone, a scrapping corrected. */
const DISPATCH_ACTIONS: readonly Action[] = ['Filter', 'Scan', 'Complete', 'DeleteScannedItem', 'EditItemStatus', 'ReopenDocument'];
const RTP_ACTIONS: readonly Action[] = ['Filter', 'Scan', 'Complete'];
const TRANSFER_ACTIONS: readonly Action[] = ['Filter', 'Scan', 'Complete', 'DeleteScannedItem'];
/** Repack (decision 0057): a new pallet or carton (and a bare SSCC) is CreateItem, a move Scan, the end Complete. */
const REPACK_ACTIONS: readonly Action[] = ['CreateItem', 'Scan', 'Complete'];

/**
 * The actions each module can have (spec point 6's table). The plus family follows its
 * base module; ScanLite is a dispatch-like scan and follows Transfer (decision 0003). GLOBAL adds
 * Print and REPACK is ours (decision 0057).
 */
export const MODULE_ACTIONS: Record<ModuleCode, readonly Action[]> = {
  REDRESS: ACTIONS,
  'REDRESS+': ACTIONS,
  RECEIVE: RECEIVE_ACTIONS,
  'RECEIVE+': RECEIVE_ACTIONS,
  RETURN: RECEIVE_ACTIONS,
  'RETURN+': RECEIVE_ACTIONS,
  DISPATCH: DISPATCH_ACTIONS,
  'DISPATCH+': DISPATCH_ACTIONS,
  DECOMM: DISPATCH_ACTIONS,
  'DECOMM+': DISPATCH_ACTIONS,
  RTP: RTP_ACTIONS,
  'RTP+': RTP_ACTIONS,
  TRANSFER: TRANSFER_ACTIONS,
  'TRANSFER+': TRANSFER_ACTIONS,
  SCANLITE: TRANSFER_ACTIONS,
  GLOBAL: ['Filter', 'Print'],
  REPACK: REPACK_ACTIONS,
  RECALL: ['SetHold', 'ReleaseHold', 'Recall'],
  // Reading only: the reports page and its CSV are the feature.
  REPORTS: [],
  STOCKTAKE: ['CreateCount', 'Count', 'CompleteCount', 'ApproveCount'],
  VERIFY: ['VerifyPack'],
};

const LITE_FEATURES: readonly Feature[] = ['List', 'DetailsPage', 'MaterialDetails', 'CreateMaterialBatch'];
const DOC_FEATURES: readonly Feature[] = ['List', 'DetailsPage'];

/** The features each module can have: Search lives under GLOBAL; material features in the lite modules. */
export const MODULE_FEATURES: Record<ModuleCode, readonly Feature[]> = {
  REDRESS: DOC_FEATURES,
  RECEIVE: DOC_FEATURES,
  DISPATCH: DOC_FEATURES,
  RETURN: DOC_FEATURES,
  DECOMM: DOC_FEATURES,
  RTP: DOC_FEATURES,
  TRANSFER: DOC_FEATURES,
  SCANLITE: LITE_FEATURES,
  'REDRESS+': LITE_FEATURES,
  'DISPATCH+': LITE_FEATURES,
  'TRANSFER+': LITE_FEATURES,
  'RECEIVE+': LITE_FEATURES,
  'RETURN+': LITE_FEATURES,
  'DECOMM+': LITE_FEATURES,
  'RTP+': LITE_FEATURES,
  GLOBAL: ['Search'],
  REPACK: DOC_FEATURES,
  // A batch's page: its status and where its stock is (the whereabouts and their CSV).
  RECALL: ['DetailsPage'],
  // The reports and their CSV.
  REPORTS: ['DetailsPage'],
  // The counts' list and a count's details (the variance, to those with ApproveCount or of a count not blind).
  STOCKTAKE: DOC_FEATURES,
  // The requests sent to the national system, with their outcomes (the Verification page).
  VERIFY: ['DetailsPage'],
};

/**
 * What the permission check reads of the modules: those each area offers (spec point 2: tiles and
 * menus) and what each module can have. The default registry's (`DEFAULT_MODULE_TABLE`), or that of the
 * registry a server is built from (decision 0085).
 */
export interface ModuleTable {
  areaModules: Readonly<Record<Application, readonly ModuleCode[]>>;
  actionsOf(module: ModuleCode): readonly Action[];
  featuresOf(module: ModuleCode): readonly Feature[];
}

/**
 * The module table of a list of families (lite ones included): each area's modules are the families'
 * that run in it, in the list's order, then those of no family. What a module can have is spec point 6's
 * table (MODULE_ACTIONS, MODULE_FEATURES); a family whose module it does not list brings its own
 * (`access`, a family added to a registry without a row here), or has nothing.
 */
export function moduleTable(families: readonly FamilyEntry[]): ModuleTable {
  const area = (application: Application) => [
    ...new Set([...families.filter((f) => f.areas.includes(application)).map((f) => f.module as ModuleCode), ...NON_FAMILY_MODULES]),
  ];
  const known = <T>(table: Record<ModuleCode, readonly T[]>, module: ModuleCode) =>
    Object.hasOwn(table, module) ? table[module] : undefined;
  const entry = (module: ModuleCode) => families.find((f) => f.module === module)?.access;
  return {
    areaModules: { RDC: area('RDC'), LDC: area('LDC') },
    actionsOf: (module) => known(MODULE_ACTIONS, module) ?? entry(module)?.actions ?? [],
    featuresOf: (module) => known(MODULE_FEATURES, module) ?? entry(module)?.features ?? [],
  };
}

/** The default registry's modules and what each can have. */
export const DEFAULT_MODULE_TABLE: ModuleTable = moduleTable([...FAMILIES, ...LITE_FAMILIES.map((l) => l.family)]);

/** The modules each area offers (spec point 2: tiles and menus), of the default registry. */
export const AREA_MODULES: Readonly<Record<Application, readonly ModuleCode[]>> = DEFAULT_MODULE_TABLE.areaModules;

export interface FeatureGrant {
  feature: Feature;
  actions: Action[];
}
export interface ModuleGrant {
  module: ModuleCode;
  isCompletelyPermitted: boolean;
  features: FeatureGrant[];
}
export interface ApplicationGrant {
  application: Application;
  modules: ModuleGrant[];
}

/** What a signed-in user may do: carried by the session as `authorizedMicroApp` and the tree. */
export interface Authorization {
  authorizedMicroApp: Application[];
  applications: ApplicationGrant[];
  rights: SystemRight[];
}

export const NO_AUTHORIZATION: Authorization = { authorizedMicroApp: [], applications: [], rights: [] };

/**
 * What a route, page, menu entry or button needs. `anyArea`: signed in and let into at least one area
 * (reference data every area's pages read). Without a module, a feature or action is needed in some
 * module of the area (a path naming its family in the body: that family's module is checked once the
 * body is read); with neither, the area alone.
 */
export type Requirement =
  | { public: true }
  | { signedIn: true }
  | { anyArea: true }
  | { right: SystemRight }
  | { application: Application; module?: ModuleCode; feature?: Feature; action?: Action; bypass?: boolean };

/** A module with the feature or action needed in it: a requirement short of its area. */
export interface Need {
  module: ModuleCode;
  feature?: Feature;
  action?: Action;
}

/**
 * What the tools outside the document families' scans need (decision 0057): printing, new SSCCs and
 * repack. The server's routes and the web's tiles, pages and buttons read this one table.
 */
export const TOOL_NEEDS = {
  /** printLabel, printPackLabel, auditPrint and the printer list; the 'Print new label' tile and every print form. */
  print: { module: 'GLOBAL', action: 'Print' },
  /** createPallet and generateSSCC; the 'Create New Pallet SSCC' tile and a local repack's new destination. */
  newSscc: { module: 'REPACK', action: 'CreateItem' },
  /** repackScan, repackScanOperation, remapHU, handleRepackCode and validateHU; the Repack tile and the repack scan pages. */
  repackMove: { module: 'REPACK', action: 'Scan' },
  /** completeRepack and repackCompleteOperator; the repack's Complete button. */
  repackComplete: { module: 'REPACK', action: 'Complete' },
  /** A repack as it stands (its view and the local completion page). */
  repackView: { module: 'REPACK', feature: 'DetailsPage' },
  /** A batch's status and whereabouts (and their CSV); the Recall tile and page (issue 30). */
  batchView: { module: 'RECALL', feature: 'DetailsPage' },
  /** A batch put on hold. */
  batchHold: { module: 'RECALL', action: 'SetHold' },
  /** A held batch released. */
  batchRelease: { module: 'RECALL', action: 'ReleaseHold' },
  /** A batch recalled (final). */
  batchRecall: { module: 'RECALL', action: 'Recall' },
  /** The reports and their CSV (issue 32). */
  reportsView: { module: 'REPORTS', feature: 'DetailsPage' },
  /** A stock take created and its snapshot taken (issue 31); the 'New count' button. */
  countCreate: { module: 'STOCKTAKE', action: 'CreateCount' },
  /** A line of a count cleared to count it again; scanning a count is the engine's scan path with the family's action (Count). */
  countRecount: { module: 'STOCKTAKE', action: 'Count' },
  /** A count completed with a reason for each difference. */
  countComplete: { module: 'STOCKTAKE', action: 'CompleteCount' },
  /** A completed count approved by a second person: the stock is adjusted; the expected figures of a blind count. */
  countApprove: { module: 'STOCKTAKE', action: 'ApproveCount' },
  /** A count as it stands (its details page). */
  countView: { module: 'STOCKTAKE', feature: 'DetailsPage' },
  /** A pack verified on demand against its warehouse's national system (issue 28); the 'Verify pack' action. */
  verifyPack: { module: 'VERIFY', action: 'VerifyPack' },
  /** The requests sent to the national systems with their outcomes (the Verification page, issue 28). */
  verificationView: { module: 'VERIFY', feature: 'DetailsPage' },
  /** A unit's status set by hand on its search card (PATCH of units.routes.ts): the receiving module's EditItemStatus. */
  editItemStatus: { module: 'RECEIVE', action: 'EditItemStatus' },
} as const satisfies Record<string, Need>;

export type AuthorizeResult =
  | { ok: true }
  | { ok: false; status: 401; code: 'NOT_SIGNED_IN' }
  | { ok: false; status: 403; code: 'MODULE_NOT_AUTHORIZED' | 'FEATURE_NOT_AUTHORIZED' };

function findModule(auth: Authorization, application: Application, module: ModuleCode): ModuleGrant | undefined {
  return auth.applications.find((a) => a.application === application)?.modules.find((m) => m.module === module);
}

/**
 * The one permission check. `auth` is undefined for an anonymous caller.
 * Without a module, a feature or action must be granted by some module of the area (decision 0057).
 * A module with isCompletelyPermitted grants everything under it: every feature and action the module
 * can have (MODULE_FEATURES, MODULE_ACTIONS), never one it cannot. A bypass skips the check.
 */
export function authorize(
  requirement: Requirement,
  auth: Authorization | undefined,
  table: ModuleTable = DEFAULT_MODULE_TABLE,
): AuthorizeResult {
  if ('public' in requirement) return { ok: true };
  if (!auth) return { ok: false, status: 401, code: 'NOT_SIGNED_IN' };
  if ('signedIn' in requirement) return { ok: true };
  const denyModule = { ok: false, status: 403, code: 'MODULE_NOT_AUTHORIZED' } as const;
  const denyFeature = { ok: false, status: 403, code: 'FEATURE_NOT_AUTHORIZED' } as const;
  if ('anyArea' in requirement) return auth.authorizedMicroApp.length > 0 ? { ok: true } : denyModule;
  if ('right' in requirement) return auth.rights.includes(requirement.right) ? { ok: true } : denyFeature;
  if (requirement.bypass) return { ok: true };
  if (!auth.authorizedMicroApp.includes(requirement.application)) return denyModule;
  const { application, module, feature, action } = requirement;
  if (!module) {
    if (!feature && !action) return { ok: true };
    const granted = table.areaModules[application].some((m) => authorize({ application, module: m, feature, action }, auth, table).ok);
    return granted ? { ok: true } : denyFeature;
  }
  const grant = findModule(auth, application, module);
  if (!grant) return denyModule;
  // What the module cannot have, no grant gives, not even a complete one (RTP has no DeleteScannedItem).
  if (feature && !table.featuresOf(module).includes(feature)) return denyFeature;
  if (action && !table.actionsOf(module).includes(action)) return denyFeature;
  if (grant.isCompletelyPermitted) return { ok: true };
  if (!feature && !action) return { ok: true };
  const features = feature ? grant.features.filter((f) => f.feature === feature) : grant.features;
  if (features.length === 0) return denyFeature;
  if (action && !features.some((f) => f.actions.includes(action))) return denyFeature;
  return { ok: true };
}

export function isAllowed(requirement: Requirement, auth: Authorization | undefined, table: ModuleTable = DEFAULT_MODULE_TABLE): boolean {
  return authorize(requirement, auth, table).ok;
}

/** The whole tree a module can have, for admins granting everything and for checks. */
export function fullModuleGrant(module: ModuleCode): ModuleGrant {
  return completeGrant(module, DEFAULT_MODULE_TABLE);
}

/** The whole tree a module can have in a module table (a given registry's). */
export function completeGrant(module: ModuleCode, table: ModuleTable): ModuleGrant {
  return {
    module,
    isCompletelyPermitted: true,
    features: table.featuresOf(module).map((feature) => ({
      feature,
      actions: feature === 'Search' ? [] : [...table.actionsOf(module)],
    })),
  };
}

/**
 * Checks a grant against what its module can have: granting an action or feature the
 * module does not have is refused. Returns the first offending name, or undefined.
 */
export function invalidGrant(grant: ModuleGrant, table: ModuleTable = DEFAULT_MODULE_TABLE): string | undefined {
  for (const f of grant.features) {
    if (!table.featuresOf(grant.module).includes(f.feature)) return `${grant.module}/${f.feature}`;
    for (const action of f.actions) {
      if (!table.actionsOf(grant.module).includes(action)) return `${grant.module}/${f.feature}/${action}`;
    }
  }
  return undefined;
}

import { familyOf, liteFamilyOf, MODULES, type DocumentType, type ModuleCode, type UnitType } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { fillLabel, NAV_LABELS, TITLES } from '../config/labels.ts';
import { DEFAULT_SCAN_FAMILY, type RouteMeta } from '../config/routes.ts';
import { documentRoute, routeFamily } from './document-routes.ts';
import { pickedUnit } from './unit-codes.ts';

/** What a title may depend on besides the route itself. */
export interface TitleContext {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  isWo: boolean;
}

/** Document-list segments that name a module other than by its code. */
const SEGMENT_MODULES: Record<string, ModuleCode> = { OBD: 'DISPATCH', WO: 'SCANLITE' };

/** The module a :moduleType segment names ('DISPATCH+', 'OBD', 'scanlite' ...), or undefined. */
export function moduleFromParam(value: string | undefined): ModuleCode | undefined {
  if (!value) return undefined;
  const upper = value.toUpperCase();
  if (upper in SEGMENT_MODULES) return SEGMENT_MODULES[upper];
  return (MODULES as readonly string[]).includes(upper) ? (upper as ModuleCode) : undefined;
}

/**
 * The module a page needs, if any: fixed, from the :moduleType segment, from the moduleID (or
 * moduleType) query parameter, or the module of the page's document family (a scan route's `?p=`).
 */
export function routeModule(meta: RouteMeta, params: TitleContext['params'], search?: URLSearchParams): ModuleCode | undefined {
  if (meta.module === 'param') return moduleFromParam(params.moduleType);
  if (meta.module === 'query') return moduleFromParam(search?.get('moduleID') ?? search?.get('moduleType') ?? undefined);
  if (meta.module === 'family') return familyOf(routeFamily(meta, search) ?? '')?.module;
  return meta.module;
}

const FAMILY_LABELS: Partial<Record<ModuleCode, string>> = {
  'RECEIVE+': NAV_LABELS.receivePlus,
  'REDRESS+': NAV_LABELS.redressPlus,
  'DISPATCH+': NAV_LABELS.dispatchPlus,
  'RETURN+': NAV_LABELS.returnPlus,
  'DECOMM+': NAV_LABELS.decommPlus,
  'TRANSFER+': NAV_LABELS.transferPlus,
  'RTP+': NAV_LABELS.rtpPlus,
  SCANLITE: NAV_LABELS.scanLite,
};

function familyLabel(value: string | undefined): string {
  const module = moduleFromParam(value);
  return (module && FAMILY_LABELS[module]) ?? value ?? '';
}

/** Whether a document list or details page reads as WO or OBD (spec: ScanLite or Dispatch with isWo). */
function readsAsWo(ctx: TitleContext): boolean {
  const module = moduleFromParam(ctx.params.moduleType);
  return (module === 'SCANLITE' || module === 'DISPATCH') && ctx.isWo;
}

const UNIT_SCAN_TITLES: Record<UnitType, string> = {
  PLT: TITLES.scanPallet,
  CTN: TITLES.scanCarton,
  EA: TITLES.scanPack,
  BUN: TITLES.scanPack,
};

/** The unit scan's title: the picked unit type's, or with none picked (the level read from each code) the spec's 'Scan Item'. */
export function unitScanTitle(unit: UnitType | undefined): string {
  return unit ? UNIT_SCAN_TITLES[unit] : TITLES.scanItem;
}

/** The header title of a page (spec point 2, header details). */
export function routeTitle(meta: RouteMeta, ctx: TitleContext): string {
  const type = (ctx.search.get('p') || DEFAULT_SCAN_FAMILY).toUpperCase();
  switch (meta.titleRule) {
    case 'scanOperation':
      return type === 'DECOMM' ? TITLES.scanScrappingNote : fillLabel(TITLES.scanTypeNo, { type });
    case 'scanPallet':
      return type === 'RMA' || type === 'DECOMM' ? TITLES.scanItem : unitScanTitle(pickedUnit(ctx.search));
    case 'repackCompletion': {
      const destination = (ctx.search.get('destinationType') || 'PLT').toUpperCase();
      return destination === 'PLT' ? TITLES.repackViewPallet : TITLES.repackViewCarton;
    }
    case 'liteMaterialScanner':
      return moduleFromParam(ctx.search.get('moduleType') ?? undefined) === 'REDRESS+' ? TITLES.scanCartonCode : TITLES.scanItemCodes;
    case 'woOrObdList':
      return readsAsWo(ctx) ? TITLES.woList : TITLES.obdList;
    case 'woOrObdDetails':
      return readsAsWo(ctx) ? TITLES.woDetails : TITLES.obdDetails;
    // A module with no lite family is the not-found page, titled as one (decision 0039).
    case 'liteList':
      return liteFamilyOf(ctx.params.moduleType)
        ? fillLabel(TITLES.liteList, { family: familyLabel(ctx.params.moduleType) })
        : TITLES.notFound;
    case 'liteDetail':
      return liteFamilyOf(ctx.params.moduleType)
        ? fillLabel(TITLES.liteDetail, { family: familyLabel(ctx.params.moduleType) })
        : TITLES.notFound;
    default:
      return meta.title;
  }
}

/**
 * The title of a family's details page in an area, as its header reads it: the scan screen's way back
 * ('IBD Details'; locally 'OBD Details' or 'WO Details' by the isWo flag).
 */
export function documentDetailsTitle(area: Area, type: DocumentType, isWo: boolean): string | undefined {
  const route = documentRoute(area, type, 'documentDetails');
  return route && routeTitle(route, { params: { moduleType: type }, search: new URLSearchParams(), isWo });
}

/** The area a path belongs to, by its prefix. */
export function areaOfPath(pathname: string): 'RDC' | 'LDC' | undefined {
  const first = pathname.split('/')[1]?.toLowerCase();
  if (first === 'rdc') return 'RDC';
  if (first === 'ldc') return 'LDC';
  return undefined;
}

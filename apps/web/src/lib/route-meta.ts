import { FAMILIES, familyOf, liteFamilyOf, MODULES, type DocumentType, type ModuleCode, type UnitType } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { fillLabel, TITLES } from '../config/labels.ts';
import { DEFAULT_SCAN_FAMILY, FAMILY_PARAM, familyPageFact, type RouteMeta } from '../config/routes.ts';
import { documentRoute, routeFamily } from './document-routes.ts';
import { pickedUnit } from './unit-codes.ts';

/** What a title may depend on besides the route itself. */
export interface TitleContext {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  isWo: boolean;
}

/**
 * Document-list segments that name a module other than by its code: the type of each family whose page
 * a :moduleType segment names (/ldc/doList/OBD), and the family's other names there ('WO'), by the registry.
 */
const SEGMENT_MODULES: Record<string, ModuleCode> = Object.fromEntries(
  FAMILIES.filter((family) =>
    Object.values(family.web?.pages ?? {}).some((pages) => pages.some((page) => page.path.includes(`:${FAMILY_PARAM}`))),
  ).flatMap((family) => [family.type, ...(family.web?.segmentAliases ?? [])].map((segment) => [segment, family.module])),
);

/** The module a :moduleType segment names (a module, a lite module, a family's type or alias, in any case), or undefined. */
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

/**
 * The header of a page several families share, by the family its :moduleType segment names (by type,
 * module or other name): the family's title, or with the stored isWo flag set its WO title where it has
 * one (spec point 2: the local dispatch list and details read as WO or OBD).
 */
function sharedPageTitle(meta: RouteMeta, ctx: TitleContext): string {
  const module = moduleFromParam(ctx.params[FAMILY_PARAM]);
  const type = (meta.families ?? []).find((t) => familyOf(t)?.module === module);
  const fact = type ? familyPageFact(meta.area, type, meta.page) : undefined;
  if (!fact) return meta.title;
  return ctx.isWo && fact.woTitle ? fact.woTitle : fact.title;
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
    // The number step of the family the route serves ('Scan IBD No.', 'Scan Scrapping Note'); a type the area
    // does not serve here (its not-available page), as the spec writes it.
    case 'scanOperation': {
      const served = routeFamily(meta, ctx.search);
      return (served && familyOf(served)?.labels.scanNumber) || fillLabel(TITLES.scanTypeNo, { type });
    }
    // A family may title its unit scan one way whatever unit is picked (spec: 'Scan Item' for RMA and DECOMM).
    case 'scanPallet':
      return familyOf(type)?.web?.unitScanTitle ?? unitScanTitle(pickedUnit(ctx.search));
    case 'repackCompletion': {
      const destination = (ctx.search.get('destinationType') || 'PLT').toUpperCase();
      return destination === 'PLT' ? TITLES.repackViewPallet : TITLES.repackViewCarton;
    }
    case 'liteMaterialScanner':
      return liteFamilyOf(ctx.search.get('moduleType'))?.web.itemScanTitle ?? TITLES.scanItemCodes;
    case 'woOrObdList':
    case 'woOrObdDetails':
      return sharedPageTitle(meta, ctx);
    // A module with no lite family is the not-found page, titled as one (decision 0039).
    case 'liteList':
    case 'liteDetail': {
      const lite = liteFamilyOf(ctx.params[FAMILY_PARAM]);
      return lite ? fillLabel(meta.titleRule === 'liteList' ? TITLES.liteList : TITLES.liteDetail, { family: lite.name }) : TITLES.notFound;
    }
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

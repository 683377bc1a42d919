import { familyOf, type DocumentType } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import {
  DEFAULT_SCAN_FAMILY,
  FAMILY_PARAM,
  LDC_ROUTES,
  NEW_DOCUMENT,
  RDC_ROUTES,
  type DocumentPage,
  type PageKey,
  type RouteMeta,
} from '../config/routes.ts';

/**
 * Where a document family's pages are, read from the route tables (decision 0015): the documents
 * feature links by (area, family, page) and never writes a path of its own.
 */
const AREA_ROUTES: Record<Area, readonly RouteMeta[]> = { RDC: RDC_ROUTES, LDC: LDC_ROUTES };

/** The document pages a route's screen serves: the local scan route is both the number step and the unit scan. */
const SERVES: Partial<Record<PageKey, readonly DocumentPage[]>> = {
  documentList: ['documentList'],
  documentDetails: ['documentDetails'],
  scanDocument: ['scanDocument'],
  scanUnits: ['scanUnits'],
  scanCode: ['scanDocument', 'scanUnits'],
  redressScan: ['scanUnits'],
};

/** Whether a route shows a family's pages of its own: its fixed family, or one its :moduleType segment may name. */
function routeServesFamily(route: RouteMeta, type: DocumentType): boolean {
  return route.family === type || (route.family === 'param' && (route.families ?? []).includes(type));
}

/** Whether an area lists a family's documents: its scan routes serve exactly those families. */
function areaHasFamily(area: Area, type: DocumentType): boolean {
  return AREA_ROUTES[area].some((route) => routeServesFamily(route, type) && route.page === 'documentList');
}

/** The route of a family's page in an area: the family's own, else a scan route serving it by `?p=`. */
export function documentRoute(area: Area, type: DocumentType, page: DocumentPage): RouteMeta | undefined {
  const serving = AREA_ROUTES[area].filter((route) => route.page !== undefined && SERVES[route.page]?.includes(page));
  const own = serving.find((route) => routeServesFamily(route, type));
  if (own) return own;
  return areaHasFamily(area, type) ? serving.find((route) => route.family === 'query') : undefined;
}

/**
 * A route's path with `value` in its parameter (or in its number query parameter), the family's type
 * in :moduleType, and `?p=` when the route reads the family from it.
 */
function fill(route: RouteMeta, type: DocumentType, value: string): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(name === FAMILY_PARAM ? type : value));
  const query = new URLSearchParams();
  if (route.numberQuery && value) query.set(route.numberQuery, value);
  if (route.family === 'query') query.set('p', type);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The document number a route's URL names: its number query parameter, else its parameter other than :moduleType. */
export function routeDocumentNumber(
  meta: RouteMeta,
  params: Readonly<Record<string, string | undefined>>,
  search?: URLSearchParams,
): string {
  if (meta.numberQuery) return search?.get(meta.numberQuery) ?? '';
  return Object.entries(params).find(([name, value]) => name !== FAMILY_PARAM && name !== '*' && value !== undefined)?.[1] ?? '';
}

/**
 * The path of a family's page in an area, with the document number in its parameter (`new` for the
 * number step); undefined when the area has no such page yet.
 */
export function documentPath(area: Area, type: DocumentType, page: DocumentPage, number = ''): string | undefined {
  const route = documentRoute(area, type, page);
  return route && fill(route, type, page === 'scanDocument' ? NEW_DOCUMENT : number);
}

/** Every page of a family in an area, as the documents feature links them. */
export interface DocumentPaths {
  list: string;
  details: (number: string) => string;
  /** The details page's title ('IBD Details', 'OBD Details' …): the scan screen's way back. */
  detailsTitle: string;
  /** The document number step ('Scan IBD No.'). */
  scanDocument: string;
  scanUnits: (number: string) => string;
}

/** The pages of a family in an area; undefined unless the area has all of them (the family's screens are then not available). */
export function documentPaths(area: Area, type: DocumentType): DocumentPaths | undefined {
  const list = documentRoute(area, type, 'documentList');
  const details = documentRoute(area, type, 'documentDetails');
  const scanDocument = documentRoute(area, type, 'scanDocument');
  const scanUnits = documentRoute(area, type, 'scanUnits');
  if (!list || !details || !scanDocument || !scanUnits) return undefined;
  return {
    list: fill(list, type, ''),
    details: (number) => fill(details, type, number),
    detailsTitle: details.title,
    scanDocument: fill(scanDocument, type, NEW_DOCUMENT),
    scanUnits: (number) => fill(scanUnits, type, number),
  };
}

/**
 * The family a route's page shows: its own (on a route with a :moduleType segment, only when the
 * segment names it), or on a scan route the p query parameter's (default IBD) when the area lists
 * that family; undefined otherwise (the page is not available).
 */
export function routeFamily(
  meta: RouteMeta,
  search?: URLSearchParams,
  params: Readonly<Record<string, string | undefined>> = {},
): DocumentType | undefined {
  if (meta.family === 'param') {
    const segment = params[FAMILY_PARAM]?.toUpperCase();
    return (meta.families ?? []).find((type) => type === segment);
  }
  if (meta.family !== 'query') return meta.family;
  const type = familyOf((search?.get('p') || DEFAULT_SCAN_FAMILY).toUpperCase())?.type;
  return type && meta.area && areaHasFamily(meta.area, type) ? type : undefined;
}

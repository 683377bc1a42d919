import type { Area } from '@pharma/domain/contract/inventory';

/**
 * The `area` of a call's query for a site: routes serving both areas take `?area=RDC|LDC` and default to
 * RDC (the permission checked and the warehouses seen), so only the local area adds it. Spread last into
 * a call's query, it ends the URL as before (`/api/ibdList?page=1&area=LDC`).
 */
export function areaQuery(area: Area): { area?: Area } {
  return area === 'RDC' ? {} : { area };
}

import type { Area } from '@pharma/domain/contract/inventory';

/**
 * An API path for a site: routes serving both areas take `?area=RDC|LDC` and default to RDC
 * (the permission checked and the warehouses seen), so only the local area adds it.
 */
export function withArea(path: string, area: Area): string {
  if (area === 'RDC') return path;
  return `${path}${path.includes('?') ? '&' : '?'}area=${area}`;
}

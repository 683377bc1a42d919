import { sql } from 'kysely';

/**
 * A pack in stock: on hand in a warehouse in any condition, or picked on a document of its warehouse
 * not completed yet; not in transit, dispatched, destroyed, short or still arriving (on a receipt or a
 * return not completed). The one rule: the answer of a change (the warehouses it names), the
 * whereabouts' `inStock` and the batch status's EPCIS events (decision 0073) all read `in_stock`; the
 * reports (decision 0077) count the stock with it. A condition on the units under the alias `h`.
 */
export const IN_STOCK = sql`(h.warehouse_no IS NOT NULL AND (
  h.status IN ('ACTIVE', 'QUARANTINE', 'EXPIRED', 'DAMAGED', 'RETAINED')
  OR (h.status = 'PENDING' AND h.reason IN ('DISPATCHED', 'REDRESSED', 'OTHER'))))`;

import { defineFamily, type RuleInput, type ScanRule } from './family.ts';

/**
 * A family that exists only in the tests (decisions 0085, 0086): a quarantine move (QMOVE, module QMOVE)
 * with a rule and regional pages of its own. The server's made-up-family.test.ts gives it to a server with
 * the default families and runs it through the API; report-work.test.ts sends its registry's facts to the
 * report worker; the web's config/made-up-family.test.ts builds its routes, tile and menu entry.
 */

/** Days from `iso` (YYYY-MM-DD). */
export function plusDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Its own rule: a pack expiring within 30 days is not moved into quarantine (it goes to scrapping instead). */
const notShortDated: ScanRule = {
  stage: 'stock',
  check: ({ tree, today }: RuleInput) => {
    const limit = plusDays(today, 30);
    const near = tree.find((u) => u.type === 'EA' && u.expiry !== null && u.expiry <= limit);
    if (!near) return undefined;
    return {
      refusal: {
        status: 422,
        // The catalogue takes no test entries: its words for a batch that may not be scanned here.
        code: 'BATCH_HELD',
        params: { batchNo: near.batchNo ?? '-', materialNo: near.materialNo ?? '-', status: 'expiring within 30 days' },
      },
    };
  },
};

export const quarantineMove = defineFamily({
  type: 'QMOVE',
  module: 'QMOVE',
  // Its module is in no permission table: it says what the module can have.
  access: { actions: ['Filter', 'Scan', 'Complete', 'DeleteScannedItem'], features: ['List', 'DetailsPage'] },
  areas: ['RDC'],
  scannable: [{ status: 'ACTIVE', reasons: ['WAREHOUSE RECEIVED', 'RETURNED', 'REDRESSED'] }],
  notScannable: 'NOT_TRANSFERABLE',
  sameWarehouse: true,
  scanned: { status: 'PENDING', reason: 'OTHER' },
  completed: { status: 'QUARANTINE', reason: 'OTHER', intoWarehouse: false },
  expected: 'lines',
  fefo: false,
  rules: [notShortDated],
  heldBatch: 'refuse',
  cbv: { bizStep: 'holding', disposition: 'non_sellable_other' },
  complete: { ok: 'TRANSFER_SAVED', error: 'ERROR_COMPLETING_TRANSFER' },
  api: { list: '/api/qmoveList', details: '/api/qmoveNo' },
  labels: {
    number: 'QM No.',
    scanNumber: 'Scan QM No.',
    quantityDone: 'Qty Moved',
    searchPlaceholder: 'Search QM No.',
    sortNumber: 'QM No.',
    documents: 'quarantine moves',
    completeTitle: 'Complete quarantine move?',
    completeText: 'Move {scanned} of {expected} {expected, plural, one {pack} other {packs}} of {number} into quarantine.',
  },
  web: {
    pages: {
      RDC: [
        { page: 'documentList', path: '/qmoveList', title: 'Quarantine Move List' },
        { page: 'documentDetails', path: '/qmoveNo/:qmoveNo', title: 'QM Details' },
      ],
    },
    menu: { label: 'Quarantine Move', order: 55 },
    icon: 'M4 4h16v16H4z',
  },
});

import { defineFamily, type Family } from './family.ts';
import { firstExpiryFirstOut, fullBundlesOnly, notExpired } from './rules.ts';

/**
 * Every document family the engine runs (decision 0015; states in docs/inventory-states.md).
 * Adding a family is adding an entry here and its rules; the scan, reverse and completion engine and
 * the web's documents feature read these entries and name no family.
 */

/** Receiving (IBD): units announced by the supplier's notice are scanned in and received into the warehouse. */
export const receive = defineFamily({
  type: 'IBD',
  module: 'RECEIVE',
  areas: ['RDC', 'LDC'],
  scannable: [{ status: 'TRANSIT', reasons: ['PENDING GR'] }],
  notScannable: 'ALREADY_RECEIVED',
  sameWarehouse: false,
  scanned: { status: 'PENDING', reason: 'PENDING GR' },
  completed: { status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', intoWarehouse: true },
  unscanned: { status: 'SHORTAGE', reason: 'PENDING GR' },
  announced: { status: 'TRANSIT', reason: 'PENDING GR' },
  expected: 'lines+asn',
  fefo: false,
  rules: [],
  cbv: { bizStep: 'receiving', disposition: 'sellable_not_accessible', bizTransactionType: 'recadv' },
  complete: { ok: 'RECEIVE_SAVED', error: 'ERROR_COMPLETING_RECEIVE', path: '/api/completeReceive', field: 'ibdNo' },
  api: { list: '/api/ibdList', details: '/api/ibdNo' },
  labels: {
    number: 'IBD No.',
    scanNumber: 'Scan IBD No.',
    quantityDone: 'Qty Scanned',
    searchPlaceholder: 'Search IBD No.',
    sortNumber: 'IBD No.',
    documents: 'inbound documents',
    completeTitle: 'Complete receiving?',
    completeText: 'Receive {number} with {scanned} of {expected} packs scanned. Packs not scanned are recorded as shortage.',
  },
});

/** The states of saleable stock: received, returned and released, or redressed. */
const SALEABLE = [{ status: 'ACTIVE', reasons: ['WAREHOUSE RECEIVED', 'RETURNED', 'REDRESSED'] }] as const;

/** Dispatch (OBD): saleable, unexpired stock of the warehouse leaves it, first expiry first out. */
export const dispatch = defineFamily({
  type: 'OBD',
  module: 'DISPATCH',
  areas: ['RDC', 'LDC'],
  scannable: SALEABLE,
  notScannable: 'NOT_SALEABLE',
  sameWarehouse: true,
  scanned: { status: 'PENDING', reason: 'DISPATCHED' },
  completed: { status: 'TRANSIT', reason: 'DISPATCHED', intoWarehouse: false },
  expected: 'lines',
  fefo: true,
  rules: [fullBundlesOnly, notExpired, firstExpiryFirstOut],
  cbv: { bizStep: 'shipping', disposition: 'in_transit', bizTransactionType: 'desadv' },
  complete: { ok: 'GI_SAVED', error: 'ERROR_COMPLETING_DISPATCH', path: '/api/completeDispatch', field: 'obdNo' },
  api: { list: '/api/obdList', details: '/api/obdNo' },
  labels: {
    number: 'OBD No.',
    scanNumber: 'Scan OBD No.',
    quantityDone: 'Qty Dispatched',
    searchPlaceholder: 'Search OBD No.',
    sortNumber: 'OBD No.',
    documents: 'outbound documents',
    completeTitle: 'Complete dispatch?',
    completeText: 'Dispatch {number} with {scanned} of {expected} packs scanned. Packs not scanned are recorded as shortage.',
  },
});

/** Return (RMA): dispatched units come back, quarantined until released (GDP: returned medicines). */
export const returns = defineFamily({
  type: 'RMA',
  module: 'RETURN',
  areas: ['RDC', 'LDC'],
  scannable: [{ status: 'TRANSIT', reasons: ['DISPATCHED'] }],
  notScannable: 'NOT_DISPATCHED',
  sameWarehouse: false,
  scanned: { status: 'PENDING', reason: 'RETURNED' },
  completed: { status: 'QUARANTINE', reason: 'RETURNED', intoWarehouse: true },
  expected: 'lines',
  fefo: false,
  rules: [fullBundlesOnly],
  cbv: { bizStep: 'receiving', disposition: 'returned', bizTransactionType: 'rma' },
  complete: { ok: 'RETURNS_SAVED', error: 'ERROR_COMPLETING_RETURNS' },
  api: { list: '/api/rmaList', details: '/api/rmaNo' },
  labels: {
    number: 'RMA No.',
    scanNumber: 'Scan RMA No.',
    quantityDone: 'Qty Returned',
    searchPlaceholder: 'Search RMA No.',
    sortNumber: 'RMA No.',
    documents: 'return documents',
    completeTitle: 'Complete return?',
    completeText: 'Return {number} with {scanned} of {expected} packs scanned. Returned packs stay in quarantine until released.',
  },
});

/** Scrapping (DECOMM): stock of the warehouse is destroyed at completion and locked for good. */
export const scrap = defineFamily({
  type: 'DECOMM',
  module: 'DECOMM',
  areas: ['RDC', 'LDC'],
  scannable: [
    { status: 'ACTIVE', reasons: ['WAREHOUSE RECEIVED', 'RETURNED', 'REDRESSED', 'OTHER'] },
    { status: 'QUARANTINE', reasons: ['WAREHOUSE RECEIVED', 'RETURNED', 'REDRESSED', 'OTHER'] },
    { status: 'EXPIRED', reasons: ['WAREHOUSE RECEIVED', 'RETURNED', 'REDRESSED', 'OTHER'] },
    { status: 'DAMAGED', reasons: ['WAREHOUSE RECEIVED', 'RETURNED', 'REDRESSED', 'OTHER'] },
    { status: 'RETAINED', reasons: ['WAREHOUSE RECEIVED', 'RETURNED', 'REDRESSED', 'OTHER'] },
  ],
  notScannable: 'NOT_SCRAPPABLE',
  sameWarehouse: true,
  scanned: { status: 'PENDING', reason: 'OTHER' },
  completed: { status: 'DESTROYED', reason: 'OTHER', intoWarehouse: false },
  expected: 'lines',
  fefo: false,
  rules: [fullBundlesOnly],
  // No CBV business transaction type fits a scrapping note: its events name it untyped (decision 0017).
  cbv: { bizStep: 'destroying', disposition: 'destroyed' },
  complete: { ok: 'DECOMM_SAVED', error: 'ERROR_COMPLETING_DECOMMISSION', path: '/api/completeDecommission', field: 'decommNo' },
  api: { list: '/api/decommList', details: '/api/decommNo' },
  labels: {
    number: 'SN No.',
    scanNumber: 'Scan Scrapping Note',
    quantityDone: 'Qty Decomm',
    searchPlaceholder: 'Search SN No.',
    sortNumber: 'SN No.',
    documents: 'scrapping notes',
    completeTitle: 'Complete scrapping?',
    completeText: 'Scrap {number} with {scanned} of {expected} packs scanned. Scrapped packs are destroyed and locked.',
  },
});

export const FAMILIES: readonly Family[] = [receive, dispatch, returns, scrap];

/** The family of a document type, or undefined when no workflow runs it yet. */
export function familyOf(type: string): Family | undefined {
  return FAMILIES.find((f) => f.type === type);
}

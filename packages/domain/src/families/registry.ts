import { defineFamily, type FamilyEntry } from './family.ts';
import type { FamilyWebPage } from './web-facts.ts';
import { liteFamilies, type LiteFamilyEntry } from './lite.ts';
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
  discrepancies: true,
  sameWarehouse: false,
  scanned: { status: 'PENDING', reason: 'PENDING GR' },
  completed: { status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', intoWarehouse: true },
  unscanned: { status: 'SHORTAGE', reason: 'PENDING GR' },
  announced: { status: 'TRANSIT', reason: 'PENDING GR' },
  expected: 'lines+asn',
  fefo: false,
  rules: [],
  heldBatch: 'quarantine',
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
    completeText:
      'Receive {number} with {scanned} of {expected} {expected, plural, one {pack} other {packs}} scanned. Packs not scanned are recorded as shortage.',
  },
  web: {
    pages: {
      RDC: [
        { page: 'documentList', path: '/ibdList', title: 'Receiving' },
        { page: 'documentDetails', path: '/ibdNo/:ibdNo', title: 'IBD Details' },
      ],
      LDC: [
        { page: 'documentList', path: '/ibdList', title: 'IBD List' },
        { page: 'documentDetails', path: '/ibdDetails/:ibdDetails', title: 'IBD Details' },
      ],
    },
    menu: { label: 'Receive', order: 10 },
    icon: 'M12 3v12M7 10l5 5 5-5M4 19h16',
    scanDefault: true,
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
  disaggregates: true,
  discrepancies: true,
  expected: 'lines',
  fefo: true,
  rules: [fullBundlesOnly, notExpired, firstExpiryFirstOut],
  heldBatch: 'refuse',
  // A dispatch the ERP marks as an export leaves the EU market: its packs are decommissioned as exported
  // (issue 28); a reopen within 10 days undoes it, later the NMVS refuses and so is the reopen.
  verification: { onComplete: { operation: 'export', when: 'export' } },
  cbv: { bizStep: 'shipping', disposition: 'in_transit', bizTransactionType: 'desadv' },
  complete: { ok: 'GI_SAVED', error: 'ERROR_COMPLETING_DISPATCH', path: '/api/completeDispatch', field: 'obdNo' },
  reopen: {
    ok: 'DOCUMENT_REOPENED',
    error: 'ERROR_REOPENING_DOCUMENT',
    title: 'Reopen this dispatch?',
    text: 'OBD {number} goes back to In Progress: its packs return to the dispatch until it is completed again. An export is undone in the NMVS first.',
  },
  api: { list: '/api/obdList', details: '/api/obdNo' },
  labels: {
    number: 'OBD No.',
    scanNumber: 'Scan OBD No.',
    quantityDone: 'Qty Dispatched',
    searchPlaceholder: 'Search OBD No.',
    sortNumber: 'OBD No.',
    documents: 'outbound documents',
    completeTitle: 'Complete dispatch?',
    completeText:
      'Dispatch {number} with {scanned} of {expected} {expected, plural, one {pack} other {packs}} scanned. Packs not scanned are recorded as shortage.',
  },
  web: {
    pages: {
      RDC: [
        { page: 'documentList', path: '/obdList', title: 'Dispatch' },
        { page: 'documentDetails', path: '/obdNo/:obdNo', title: 'OBD Details' },
      ],
      // Shared with ScanLite, the segment naming the family (decisions 0024, 0027).
      LDC: [
        { page: 'documentList', path: '/doList/:moduleType', title: 'OBD List', woTitle: 'WO List' },
        { page: 'documentDetails', path: '/doDetails/:moduleType', title: 'OBD Details', woTitle: 'WO Details', numberInQuery: true },
      ],
    },
    menu: { label: 'Dispatch', order: 30 },
    icon: 'M12 15V3M7 8l5-5 5 5M4 19h16',
  },
});

/** Return (RMA): dispatched units come back, quarantined until released (GDP: returned medicines). */
export const returns = defineFamily({
  type: 'RMA',
  module: 'RETURN',
  areas: ['RDC', 'LDC'],
  scannable: [{ status: 'TRANSIT', reasons: ['DISPATCHED'] }],
  notScannable: 'NOT_DISPATCHED',
  discrepancies: true,
  sameWarehouse: false,
  scanned: { status: 'PENDING', reason: 'RETURNED' },
  completed: { status: 'QUARANTINE', reason: 'RETURNED', intoWarehouse: true },
  // A pack returned alone comes back without the carton the customer keeps.
  disaggregates: true,
  expected: 'lines',
  fefo: false,
  rules: [fullBundlesOnly],
  // A customer's return of a held batch comes back into quarantine as any return does.
  heldBatch: 'accept',
  // A returned pack is verified as it is scanned, where the warehouse has a national system (issue 28).
  verification: { onScan: 'verify' },
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
    completeText:
      'Return {number} with {scanned} of {expected} {expected, plural, one {pack} other {packs}} scanned. Returned packs stay in quarantine until released.',
  },
  web: {
    pages: {
      RDC: [
        { page: 'documentList', path: '/rmaList', title: 'Return' },
        { page: 'documentDetails', path: '/rmaNo/:rmaNo', title: 'RMA Details' },
      ],
      LDC: [
        { page: 'documentList', path: '/rmaList', title: 'Return List' },
        { page: 'documentDetails', path: '/rmaDetails/:rmaDetails', title: 'RMA Details' },
      ],
    },
    menu: { label: 'Return', order: 40 },
    icon: 'M9 14l-5-5 5-5M4 9h11a5 5 0 010 10h-3',
    unitScanTitle: 'Scan Item',
  },
});

/**
 * Stock physically on hand in the warehouse, whatever its condition: saleable, quarantined, expired,
 * damaged or retained; not pending on another document, short, dispatched or destroyed. Quarantine's
 * way out includes packs that must never be sold again: a recalled batch's (decision 0070) and a pack
 * its national system did not verify (issue 28); a pack still waiting for its answer, or of a batch
 * on hold, waits for the decision.
 */
const ON_HAND = (['ACTIVE', 'QUARANTINE', 'EXPIRED', 'DAMAGED', 'RETAINED'] as const).map((status) => ({
  status,
  reasons:
    status === 'QUARANTINE'
      ? (['WAREHOUSE RECEIVED', 'RETURNED', 'REDRESSED', 'OTHER', 'RECALLED', 'VERIFICATION FAILED'] as const)
      : (['WAREHOUSE RECEIVED', 'RETURNED', 'REDRESSED', 'OTHER'] as const),
}));

/**
 * Scrapping (DECOMM): stock of the warehouse is destroyed at completion and locked for good. Its packs are
 * decommissioned as destroyed in the warehouse's NMVS (issue 28); a completed note may be reopened to
 * correct it (its packs back on the note), unless the NMVS has recorded, or is about to record, the
 * destruction, which it cannot undo (decision 0081).
 */
export const scrap = defineFamily({
  type: 'DECOMM',
  module: 'DECOMM',
  areas: ['RDC', 'LDC'],
  scannable: ON_HAND,
  notScannable: 'NOT_SCRAPPABLE',
  sameWarehouse: true,
  scanned: { status: 'PENDING', reason: 'OTHER' },
  completed: { status: 'DESTROYED', reason: 'OTHER', intoWarehouse: false },
  disaggregates: true,
  expected: 'lines',
  fefo: false,
  rules: [fullBundlesOnly],
  // Where recalled stock must go.
  heldBatch: 'accept',
  verification: { onComplete: { operation: 'destroy', when: 'completed' } },
  // No CBV business transaction type fits a scrapping note: its events name it untyped (decision 0017).
  cbv: { bizStep: 'destroying', disposition: 'destroyed' },
  complete: { ok: 'DECOMM_SAVED', error: 'ERROR_COMPLETING_DECOMMISSION', path: '/api/completeDecommission', field: 'decommNo' },
  reopen: {
    ok: 'DOCUMENT_REOPENED',
    error: 'ERROR_REOPENING_DOCUMENT',
    title: 'Reopen this scrapping note?',
    text: 'SN {number} goes back to In Progress: its packs return to the note until it is completed again. Packs the NMVS has destroyed cannot be reopened.',
  },
  api: { list: '/api/decommList', details: '/api/decommNo' },
  labels: {
    number: 'SN No.',
    scanNumber: 'Scan Scrapping Note',
    quantityDone: 'Qty Decomm',
    searchPlaceholder: 'Search SN No.',
    sortNumber: 'SN No.',
    documents: 'scrapping notes',
    completeTitle: 'Complete scrapping?',
    completeText:
      'Scrap {number} with {scanned} of {expected} {expected, plural, one {pack} other {packs}} scanned. Scrapped packs are destroyed and locked.',
  },
  web: {
    pages: {
      RDC: [
        { page: 'documentList', path: '/decommList', title: 'Scrapping Note List' },
        { page: 'documentDetails', path: '/decommNo/:decommNo', title: 'Scrapping Details' },
      ],
      LDC: [
        { page: 'documentList', path: '/decommList', title: 'Scrapping Note List' },
        { page: 'documentDetails', path: '/decommDetails/:decommDetails', title: 'Scrapping Details' },
      ],
    },
    menu: { label: 'Decomm', order: 50 },
    icon: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
    unitScanTitle: 'Scan Item',
  },
});

/**
 * Transfer (STO): saleable, unexpired stock of the warehouse leaves for the destination plant the STO
 * names, first expiry first out. At completion the units leave the warehouse in transit, announced to
 * the destination: they become the expected units of the IBD that names the STO (`handOver`), where
 * receiving takes them as any announced unit.
 */
export const transfer = defineFamily({
  type: 'STO',
  module: 'TRANSFER',
  areas: ['LDC'],
  scannable: SALEABLE,
  notScannable: 'NOT_TRANSFERABLE',
  sameWarehouse: true,
  scanned: { status: 'PENDING', reason: 'DISPATCHED' },
  completed: { status: 'TRANSIT', reason: 'PENDING GR', intoWarehouse: false },
  handOver: { to: 'IBD' },
  disaggregates: true,
  expected: 'lines',
  fefo: true,
  rules: [fullBundlesOnly, notExpired, firstExpiryFirstOut],
  heldBatch: 'refuse',
  // The STO is an order (a stock transport order is a purchase order between plants): CBV 2.0 'po' (decision 0017).
  cbv: { bizStep: 'shipping', disposition: 'in_transit', bizTransactionType: 'po' },
  complete: { ok: 'TRANSFER_SAVED', error: 'ERROR_COMPLETING_TRANSFER' },
  api: { list: '/api/transferList', details: '/api/transferNo' },
  labels: {
    number: 'STO No.',
    scanNumber: 'Scan STO No.',
    quantityDone: 'Qty Scanned',
    searchPlaceholder: 'Search STO No.',
    sortNumber: 'STO No.',
    documents: 'STO documents',
    completeTitle: 'Complete transfer?',
    completeText:
      'Transfer {number} with {scanned} of {expected} {expected, plural, one {pack} other {packs}} scanned. Scanned packs leave this warehouse in transit to the destination plant.',
  },
  web: {
    pages: {
      LDC: [
        { page: 'documentList', path: '/transferList', title: 'STO List' },
        { page: 'documentDetails', path: '/transferDetails/:transferDetails', title: 'STO Details' },
      ],
    },
    menu: { label: 'Transfer', order: 60 },
    icon: 'M4 8h14M14 4l4 4-4 4M20 16H6M10 12l-4 4 4 4',
  },
});

/**
 * Return to principal (RTP): stock goes back to the manufacturer whatever its condition (quarantined,
 * damaged and expired included), and is dispatched and locked at completion.
 */
export const returnToPrincipal = defineFamily({
  type: 'RTP',
  module: 'RTP',
  areas: ['LDC'],
  scannable: ON_HAND,
  notScannable: 'NOT_RETURNABLE_TO_PRINCIPAL',
  sameWarehouse: true,
  scanned: { status: 'PENDING', reason: 'DISPATCHED' },
  completed: { status: 'TRANSIT', reason: 'DISPATCHED', intoWarehouse: false },
  disaggregates: true,
  expected: 'lines',
  fefo: false,
  rules: [fullBundlesOnly],
  // Where recalled stock must go: back to its manufacturer.
  heldBatch: 'accept',
  // Goods sent back to their source: shipping, returned; the RTP number is ours, the consignor's despatch advice.
  cbv: { bizStep: 'shipping', disposition: 'returned', bizTransactionType: 'desadv' },
  complete: { ok: 'RTP_COMPLETED', error: 'ERROR_COMPLETING_RTP' },
  api: { list: '/api/rtpList', details: '/api/rtpNo' },
  labels: {
    // Spec point 3, 'Document fields shown': the RTP document's number reads 'RTP OBD No.'.
    number: 'RTP OBD No.',
    scanNumber: 'Scan RTP OBD No.',
    quantityDone: 'Qty Dispatched',
    searchPlaceholder: 'Search RTP OBD No.',
    sortNumber: 'RTP OBD No.',
    documents: 'RTP documents',
    completeTitle: 'Complete return to principal?',
    completeText:
      'Return {number} to the principal with {scanned} of {expected} {expected, plural, one {pack} other {packs}} scanned. Scanned packs are dispatched to the principal and locked.',
  },
  web: {
    pages: {
      LDC: [
        { page: 'documentList', path: '/rtpList', title: 'RTP List' },
        { page: 'documentDetails', path: '/rtpDetails/:rtpDetails', title: 'RTP Details' },
      ],
    },
    menu: { label: 'RTP', order: 70 },
    icon: 'M3 7l9-4 9 4-9 4-9-4M3 7v10l9 4 9-4V7M12 11v10',
  },
});

/**
 * Redress (RRD): stock of the warehouse is relabelled for the local market under a production order
 * (PO No.) and a BPR No.: packs are scanned into labelled cartons and leave the order ACTIVE /
 * REDRESSED. A completed order may be reopened; nothing is deleted from it while completed (spec
 * point 4). Carton labels, series and non-series scanning and replacing a pack: decision 0036.
 */
export const redress = defineFamily({
  type: 'RRD',
  module: 'REDRESS',
  areas: ['LDC'],
  // Saleable or quarantined stock on hand (a recall relabel takes quarantined packs), and redressed stock relabelled again.
  scannable: (['ACTIVE', 'QUARANTINE'] as const).map((status) => ({
    status,
    reasons: ['WAREHOUSE RECEIVED', 'RETURNED', 'REDRESSED'] as const,
  })),
  notScannable: 'NOT_REDRESSABLE',
  sameWarehouse: true,
  scanned: { status: 'PENDING', reason: 'REDRESSED' },
  completed: { status: 'ACTIVE', reason: 'REDRESSED', intoWarehouse: false },
  expected: 'lines',
  fefo: false,
  rules: [],
  heldBatch: 'refuse',
  // Relabelling is repackaging in CBV 2.0 (section 7.1); the PO No. is a production order ('prodorder', section 7.3).
  cbv: { bizStep: 'repackaging', disposition: 'sellable_accessible', bizTransactionType: 'prodorder' },
  complete: { ok: 'REDRESS_SAVED', error: 'ERROR_COMPLETING_REDRESS', path: '/api/completeRrd', field: 'poNo' },
  reopen: {
    ok: 'DOCUMENT_REOPENED',
    error: 'ERROR_REOPENING_DOCUMENT',
    title: 'Reopen this redress?',
    text: 'PO {number} goes back to In Progress: its redressed packs return to the redress until it is completed again.',
  },
  deleteCompleted: 'REDRESS_ALREADY_COMPLETED',
  labelledCartons: true,
  api: { list: '/api/rrdList', details: '/api/rrdDetails' },
  labels: {
    number: 'PO No.',
    scanNumber: 'Scan PO No.',
    quantityDone: 'Qty Redressed',
    searchPlaceholder: 'Search PO No.',
    sortNumber: 'PO No.',
    documents: 'redress production orders',
    completeTitle: 'Complete redress?',
    completeText:
      'Redress {number} with {scanned} of {expected} {expected, plural, one {pack} other {packs}} scanned into labelled cartons. Redressed packs become saleable.',
  },
  web: {
    pages: {
      // The PO's scan with its BPR No. in the path, the series scanner, the carton label and the replace scan: the PO No. in ?docNo= (decision 0036).
      LDC: [
        { page: 'redressScan', path: '/rrdScanOperation/rrdDocTagging/:bprNo', title: 'Scan Code', numberInQuery: true, scanBack: true },
        {
          page: 'redressSeries',
          path: '/rrdScanOperation/SeriesAndNonSeriesScanner',
          title: 'Scan Code - Series',
          numberInQuery: true,
          scanBack: true,
        },
        {
          page: 'redressCartonLabel',
          path: '/rrdScanOperation/rrdDocTagging/scanCarton',
          title: 'Scan carton label',
          numberInQuery: true,
          scanBack: true,
        },
        { page: 'redressReplace', path: '/rrdScanOperation/replaceItemScan', title: 'Scan Code', numberInQuery: true, scanBack: true },
        { page: 'documentList', path: '/rrdList', title: 'Redress PO List' },
        { page: 'documentDetails', path: '/rrdDetails/:rrdDetails', title: 'PO Details' },
      ],
    },
    menu: { label: 'Redress', order: 20 },
    icon: 'M4 20l4-1 11-11-3-3L5 16l-1 4M14 6l3 3',
  },
});

/**
 * ScanLite: a lighter dispatch of a WO or OBD for stock that is counted, not serialised (decision
 * 0027). A scan reads a pack's GTIN and batch and counts one pack on the line of that material and
 * batch; no unit moves. Serialised units are refused (they are dispatched one by one on an OBD);
 * completion records the counts and each line's shortage.
 */
export const scanLite = defineFamily({
  type: 'SCANLITE',
  module: 'SCANLITE',
  areas: ['LDC'],
  counted: { scanPath: '/api/scanLiteScanOperation' },
  // No serialised unit is ever scanned on a counted document: every pallet, carton or pack is refused,
  // so the states below are never given (a counted document has no unit on it).
  scannable: [],
  notScannable: 'COUNTED_NOT_A_PACK_CODE',
  sameWarehouse: true,
  scanned: dispatch.scanned,
  completed: dispatch.completed,
  expected: 'lines',
  fefo: false,
  rules: [],
  heldBatch: 'refuse',
  cbv: dispatch.cbv,
  complete: { ok: 'GI_SAVED', error: 'ERROR_COMPLETING_DISPATCH' },
  // The spec names no ScanLite list or details path: named as the other families' (decision 0027).
  api: { list: '/api/scanLiteList', details: '/api/scanLiteNo' },
  labels: {
    number: 'OBD No.',
    scanNumber: 'Scan OBD No.',
    quantityDone: 'Qty Dispatched',
    searchPlaceholder: 'Search OBD No.',
    sortNumber: 'OBD No.',
    documents: 'outbound documents',
    completeTitle: 'Complete dispatch?',
    completeText:
      'Dispatch {number} with {scanned} of {expected} {expected, plural, one {pack} other {packs}} counted. Packs not counted are recorded as shortage; no serialised unit moves.',
  },
  web: {
    pages: {
      // The local dispatch pages, shared with the dispatch; its number step is the local scan route's (?p=), its count scan its own.
      LDC: [
        { page: 'documentList', path: '/doList/:moduleType', title: 'OBD List', woTitle: 'WO List' },
        { page: 'documentDetails', path: '/doDetails/:moduleType', title: 'OBD Details', woTitle: 'WO Details', numberInQuery: true },
        { page: 'scanUnits', path: '/scanLiteScanOperation/:doNo', title: 'Scan Item', scanBack: true },
      ],
    },
    menu: { label: 'ScanLite', order: 150 },
    icon: 'M4 7V4h3M17 4h3v3M20 17v3h-3M7 20H4v-3M8 8v8M12 8v8M16 8v8',
    segmentAliases: ['WO'],
  },
});

/**
 * Repack (REPACK, issue 18, decision 0048): units move onto or off one destination pallet or carton;
 * no unit changes state. The line engine does not run it (`aggregates`): the repack service decides
 * every move with `decideRepackMove` and keeps the AggregationEvents of its moves at completion. The
 * spec's module list has no Repack module: REPACK is ours, in both areas (decision 0057).
 */
export const repack = defineFamily({
  type: 'REPACK',
  module: 'REPACK',
  areas: ['RDC', 'LDC'],
  aggregates: { scanPath: '/api/repackScanOperation', completePath: '/api/repackCompleteOperator', add: 'packing', remove: 'unpacking' },
  // No unit is ever scanned on a repack by the line engine (it refuses the family, FAMILY_OWN_PATHS):
  // the states below are never given; a unit keeps its state when it is repacked.
  scannable: [],
  notScannable: 'REPACK_ITEM_LOCKED',
  sameWarehouse: true,
  scanned: { status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED' },
  completed: { status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', intoWarehouse: false },
  expected: 'lines',
  fefo: false,
  rules: [],
  heldBatch: 'refuse',
  // CBV 2.0 section 7.1: packing (ADD) and unpacking (DELETE, `aggregates.remove`); the events carry no
  // disposition (repacking does not change one), this one is the entry's shape only.
  cbv: { bizStep: 'packing', disposition: 'in_progress' },
  complete: { ok: 'REPACK_COMPLETED', error: 'ERROR_COMPLETING_REPACK' },
  api: { list: '/api/repackList', details: '/api/repackNo' },
  labels: {
    number: 'Repack No.',
    scanNumber: 'Scan Pallet SSCC',
    quantityDone: 'Qty Repacked',
    searchPlaceholder: 'Search Repack No.',
    sortNumber: 'Repack No.',
    documents: 'repacks',
    completeTitle: 'Complete repack?',
    completeText: 'Complete the repack of {number}: the units on it stay there, and it takes no more changes.',
  },
  // Its pages are tools, each behind its action (TOOL_NEEDS, decision 0057): the web lists them as such.
  web: { icon: 'M3 7l9-4 9 4-9 4-9-4M3 7v10l9 4 9-4V7' },
});

/** The stock take's pages, the same in both areas (decision 0080): its list, details, scan (the number step with `new`) and the new count form. */
const STOCK_TAKE_PAGES = [
  { page: 'documentList', path: '/stockTakeList', title: 'Stock Take' },
  { page: 'documentDetails', path: '/stockTakeNo/:stockTakeNo', title: 'Count Details' },
  { page: 'scanCode', path: '/stockTakeScan/:stockTakeNo', title: 'Scan Count' },
  { page: 'stockTakeNew', path: '/stockTakeNew', title: 'New Count', action: 'CreateCount' },
] as const satisfies readonly FamilyWebPage[];

/**
 * Stock take (COUNT, issue 31, decision 0079): a count of a warehouse (or of a material, batch or pallet in
 * it) against a snapshot taken at its creation. Counting changes no unit (`stockTake`): the engine's scan
 * path hands its scans to the stock take's service, which records the units counted; the count's own paths
 * recount, complete (a reason per difference) and approve it (a second person), when missing units become
 * MISSING and found ones move into the warehouse ACTIVE. Its module STOCKTAKE is ours, in both areas.
 */
export const stockTake = defineFamily({
  type: 'COUNT',
  module: 'STOCKTAKE',
  areas: ['RDC', 'LDC'],
  // A scan needs Count; a delete or a generic completion, which refuse a count naming its own paths, Count and CompleteCount.
  stockTake: { path: '/api/stockTakes', actions: { Scan: 'Count', DeleteScannedItem: 'Count', Complete: 'CompleteCount' } },
  // The line engine never scans a count (its scans are the stock take's): every unit is counted as it is.
  scannable: [],
  notScannable: 'NOT_SALEABLE',
  sameWarehouse: false,
  scanned: { status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED' },
  // What approval gives a unit found: ACTIVE in the count's warehouse (a saleable reason it had is kept).
  completed: { status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', intoWarehouse: true },
  expected: 'lines',
  fefo: false,
  rules: [],
  // A count counts what is on the shelf, held batches included.
  heldBatch: 'accept',
  // CBV 2.0 section 7.1: cycle_counting. Found units are sellable again; missing ones get 'unknown' (section 7.2).
  cbv: { bizStep: 'cycle_counting', disposition: 'sellable_accessible' },
  complete: { ok: 'STOCK_TAKE_COMPLETED', error: 'STOCK_TAKE_NOT_COUNTING' },
  api: { list: '/api/stockTakes', details: '/api/stockTakes' },
  labels: {
    number: 'Count No.',
    scanNumber: 'Scan Count No.',
    quantityDone: 'Qty Counted',
    searchPlaceholder: 'Search Count No.',
    sortNumber: 'Count No.',
    documents: 'stock takes',
    completeTitle: 'Complete count?',
    completeText: 'Complete {number}: each line with a difference needs a reason. The stock changes only when another person approves it.',
  },
  web: {
    pages: { RDC: STOCK_TAKE_PAGES, LDC: STOCK_TAKE_PAGES },
    menu: { label: 'Stock Take', order: 230 },
    // A clipboard with a tick.
    icon: 'M9 3h6v3H9zM9 4H5v17h14V4h-4M8.5 13.5l2.5 2.5 5-5',
  },
});

/** The default registry's families, in their order (the modules', decision 0085). */
export const FAMILIES = [receive, dispatch, returns, scrap, transfer, returnToPrincipal, redress, scanLite, repack, stockTake] as const;

/** The lite ('+') families of the local area: the full ones lightened, on the same engine (decision 0039). */
export const LITE_FAMILIES = liteFamilies({
  dispatch,
  receive,
  returns,
  scrap,
  transfer,
  returnToPrincipal,
  redress,
});

type Entry = (typeof FAMILIES)[number] | (typeof LITE_FAMILIES)[number]['family'];
/** The document types of the default registry's families (lite ones included): `DocumentType`. */
export type FamilyType = Entry['type'];
/** The modules of the default registry's families (lite ones included). */
export type FamilyModule = Entry['module'];
/** A family entry of the default registry's types: what the engine and the web read. */
export type Family = FamilyEntry<FamilyType, FamilyModule>;
/** A lite family of the default registry's types. */
export type LiteFamily = LiteFamilyEntry<FamilyType, FamilyModule>;

import { message, type MessageCode } from '../messages.ts';
import { validateGs1Batch, validateNonGs1Batch, validateQuantity, type FieldResult } from '../rules/fields.ts';
import type { UnitType } from '../units.ts';
import type { LiteWeb } from './web-facts.ts';
import { defineFamily, type FamilyEntry } from './family.ts';

/**
 * The lite ('+') families of the local area (spec point 2, 'Lite families'; decision 0039): documents
 * the user creates in the product, lines by material and batch added by hand or by scan, then units
 * scanned against them. One lite flow configured per family: each is the engine's `Family` of the full
 * family it lightens (the same scannable states, scan and completion states, rules, held-batch handling
 * (`heldBatch`, issue 30) and EPCIS step), under its own document type and module, plus the words and
 * paths of its pages.
 */
export interface LiteFamilyEntry<T extends string = string, M extends string = string> {
  /** The engine's entry: the scan, reverse and completion services run it as any family. */
  family: FamilyEntry<T, M>;
  module: M;
  /** The family's name in menus and titles ('Dispatch+'). */
  name: string;
  labels: {
    /** The create form's number field (spec: 'Input label'). */
    input: string;
    /** The number on list cards and the details header (spec: 'Card header'). */
    card: string;
    /** The status heading, where the spec shows one (spec: 'Status header'). */
    status: string | null;
    /** The list's search placeholder. */
    searchPlaceholder: string;
  };
  api: {
    /** The family's list path under /api/lite/. */
    list: string;
    /** The family's scan path under /api/lite/. */
    scan: string;
    /** The completion path: completeScanningForRRD for Redress+, otherwise completeOperationForDoc. */
    complete: string;
  };
  /**
   * The family completes by its cartons (Redress+, spec point 2): its own completion path
   * (`api.complete`) takes the document's number and completes the cartons scanned on it.
   */
  completesCartons?: boolean;
  /** The unit types its scanner takes: Redress+ scans carton codes ('Scan Carton Code'). */
  scanUnits: readonly UnitType[];
  /** What the web needs beside its name: where its entry stands, its scanner's header (web-facts.ts, decision 0086). */
  web: LiteWeb;
}

const ALL_UNITS: readonly UnitType[] = ['PLT', 'CTN', 'EA'];
export const LITE_COMPLETE_PATH = '/api/lite/completeOperationForDoc';
export const LITE_REDRESS_COMPLETE_PATH = '/api/lite/completeScanningForRRD';

/** A full family lightened: its states and rules, no ERP lines or notice (lines are the user's), no own completion path. */
function lighten<const T extends string, const M extends string>(
  base: FamilyEntry,
  type: T,
  module: M,
  list: string,
  number: string,
  search: string,
): FamilyEntry<T, M> {
  const { unscanned: _unscanned, announced: _announced, web, ...rest } = base;
  return defineFamily({
    ...rest,
    type,
    module,
    areas: ['LDC'],
    // Its base's drawing; its pages and menu entry are the lite ones (LiteFamily.web).
    ...(web ? { web: { icon: web.icon } } : {}),
    // The user's lines are the whole expectation: no advance shipping notice names a lite document's units.
    expected: 'lines',
    complete: { ok: base.complete.ok, error: base.complete.error },
    api: { list, details: '/api/lite/getDocumentDetails' },
    labels: { ...base.labels, number, sortNumber: number, searchPlaceholder: search },
  });
}

function liteFamily<T extends string, M extends string>(
  f: Omit<LiteFamilyEntry<T, M>, 'module' | 'api' | 'scanUnits'> & { scan: string; scanUnits?: readonly UnitType[] },
): LiteFamilyEntry<T, M> {
  // A lite family is always behind its own module (decision 0039): built with one above.
  return {
    family: f.family,
    module: f.family.module,
    name: f.name,
    labels: f.labels,
    web: f.web,
    api: { list: f.family.api.list, scan: f.scan, complete: LITE_COMPLETE_PATH },
    scanUnits: f.scanUnits ?? ALL_UNITS,
  };
}

/** The full families the lite ones lighten (passed in by registry.ts, which holds both lists). */
export interface LiteBases {
  dispatch: FamilyEntry;
  receive: FamilyEntry;
  returns: FamilyEntry;
  scrap: FamilyEntry;
  transfer: FamilyEntry;
  returnToPrincipal: FamilyEntry;
  redress: FamilyEntry;
}

/** Spec point 2's table: input label, card header, status header; search placeholders by the card header. */
export function liteFamilies(b: LiteBases) {
  return [
    liteFamily({
      family: lighten(b.dispatch, 'OBD+', 'DISPATCH+', '/api/lite/dispatchList', 'Outbound No.', 'Search Outbound No.'),
      name: 'Dispatch+',
      web: { order: 100 },
      labels: { input: 'Outbound number', card: 'Outbound No.', status: 'Outbound Status', searchPlaceholder: 'Search Outbound No.' },
      scan: '/api/lite/scanForDispatch',
    }),
    {
      ...liteFamily({
        family: lighten(b.redress, 'RRD+', 'REDRESS+', '/api/lite/rrdList', 'PO No.', 'Search PO No.'),
        name: 'Redress+',
        web: { order: 90, itemScanTitle: 'Scan Carton Code' },
        labels: { input: 'Production order number', card: 'PO No.', status: 'Redress Status', searchPlaceholder: 'Search PO No.' },
        scan: '/api/lite/scanCartonCodeForRedress',
        scanUnits: ['CTN'],
      }),
      api: { list: '/api/lite/rrdList', scan: '/api/lite/scanCartonCodeForRedress', complete: LITE_REDRESS_COMPLETE_PATH },
      completesCartons: true,
    },
    liteFamily({
      family: lighten(b.receive, 'IBD+', 'RECEIVE+', '/api/lite/receivePlusList', 'Inbound No.', 'Search Inbound No.'),
      name: 'Receive+',
      web: { order: 80 },
      labels: { input: 'Inbound number', card: 'Inbound No.', status: 'Inbound Status', searchPlaceholder: 'Search Inbound No.' },
      scan: '/api/lite/scanForReceivePlus',
    }),
    liteFamily({
      family: lighten(b.returns, 'RMA+', 'RETURN+', '/api/lite/returnPlusList', 'Return No.', 'Search Return No.'),
      name: 'Return+',
      web: { order: 110 },
      labels: { input: 'Return number', card: 'Return No.', status: null, searchPlaceholder: 'Search Return No.' },
      scan: '/api/lite/scanForReturnPlus',
    }),
    liteFamily({
      family: lighten(b.scrap, 'DECOMM+', 'DECOMM+', '/api/lite/decommPlusList', 'Decomm No.', 'Search Decomm No.'),
      name: 'Decomm+',
      web: { order: 120 },
      labels: { input: 'Decomm number', card: 'Decomm No.', status: null, searchPlaceholder: 'Search Decomm No.' },
      scan: '/api/lite/scanForDecommPlus',
    }),
    liteFamily({
      family: lighten(b.returnToPrincipal, 'RTP+', 'RTP+', '/api/lite/rtpPlusList', 'RTP No.', 'Search RTP No.'),
      name: 'RTP+',
      web: { order: 140 },
      labels: { input: 'RTP number', card: 'RTP No.', status: null, searchPlaceholder: 'Search RTP No.' },
      scan: '/api/lite/scanForRtpPlus',
    }),
    liteFamily({
      family: lighten(b.transfer, 'STO+', 'TRANSFER+', '/api/lite/transferList', 'STO No.', 'Search STO No.'),
      name: 'Transfer+',
      web: { order: 130 },
      labels: { input: 'STO number', card: 'STO No.', status: null, searchPlaceholder: 'Search STO No.' },
      scan: '/api/lite/scanForTransfer',
    }),
  ];
}

const ALPHANUMERIC = /^[A-Za-z0-9]+$/;

/**
 * A lite document's number, as the user types it (spec point 5: a strict code, alphanumeric only; the
 * spec's 'at least 5 alphanumeric characters' and 'maximum of 20 alpha numeric characters' messages).
 */
export function validateLiteNumber(input: unknown): FieldResult {
  const v = typeof input === 'string' ? input.trim() : '';
  const fail = (code: MessageCode): FieldResult => ({ ok: false, code, message: message(code) });
  if (v === '') return fail('FIELD_EMPTY');
  if (!ALPHANUMERIC.test(v)) return fail('ALPHANUMERIC_ONLY');
  if (v.length < 5) return fail('MIN_5_ALPHANUMERIC');
  if (v.length > 20) return fail('MAX_20_ALPHANUMERIC');
  return { ok: true, value: v };
}

/** A batch by its material's batch type (spec point 5: GS1 or non-GS1 rules). */
export function validateLiteBatch(input: unknown, batchType: 'GS1' | 'NON_GS1'): FieldResult {
  return batchType === 'GS1' ? validateGs1Batch(input) : validateNonGs1Batch(input);
}

/**
 * A line's quantity in packs: the spec's format (a number, optionally with decimals, or digits followed by
 * uppercase letters such as '10EA'), and a whole number of at least 1, since a line counts packs.
 */
export function parseLiteQuantity(input: unknown): { ok: true; value: number } | { ok: false; code: MessageCode; message: string } {
  const raw = typeof input === 'number' ? String(input) : input;
  const format = validateQuantity(raw);
  if (!format.ok) return format;
  const digits = /^(\d+)(?:\.0+)?(?:[A-Z]+)?$/.exec(format.value);
  const value = digits ? Number(digits[1]) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > 10_000_000) {
    return { ok: false, code: 'LITE_WHOLE_PACKS', message: message('LITE_WHOLE_PACKS') };
  }
  return { ok: true, value };
}

import { decodeScan, readScanLevel, UNIT_LABELS, unitKeyOf, type IdType, type UnitType } from '@pharma/domain';
import { message } from '../../i18n/language.ts';
import { DOCUMENT_UI, fillLabel, SCANNER_UI } from '../../config/labels.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { ScanReaderSettings } from '../../lib/device-settings.ts';
import { shownDecoded } from '../../lib/shown-code.ts';
import { parseUnitId, unitText } from '../../lib/unit-codes.ts';

/** What the operator sees after a scan: counted, refused (by the browser or the server), or already scanned. */
export type ScanOutcome =
  | { kind: 'accepted'; unit: UnitType; id: string; packs: number; text: string }
  | { kind: 'removed'; unit: UnitType; id: string; packs: number; text: string }
  | { kind: 'refused'; code: string; text: string; local: boolean }
  | { kind: 'duplicate'; code: string; text: string }
  /** Read and valid, on its way to the server (shown at once, the answer follows); no unit: none picked (decision 0065). */
  | { kind: 'sending'; unit: UnitType | undefined; id: string; text: string }
  /** Read and valid, kept on the device until the network is back. */
  | { kind: 'queued'; unit: UnitType | undefined; id: string; text: string };

export type LocalCheck = { ok: true; id: string } | { ok: false; outcome: ScanOutcome };

/**
 * Decodes a raw scan in the browser first, with the unit's identifier rules (spec point 5), so a
 * malformed code is refused before any network call. The server decodes it again. `reader` holds
 * the reader settings of the document's warehouse and this reader (decision 0051: a prefix, strip00,
 * a bare SSCC), as the server decodes with them; and a code that names no unit the server can find
 * (a plain code that is no SSCC in carton or pallet mode, any plain code for a pack) is refused as
 * the server refuses it. So in Non-GS1 mode a code is accepted here exactly when the server accepts
 * it, as long as the settings kept here are the server's.
 */
export function checkScan(
  raw: string,
  unit: UnitType | undefined,
  idType: IdType,
  today: string,
  counted = false,
  reader?: ScanReaderSettings,
  offered?: readonly UnitType[],
): LocalCheck {
  // No unit type picked (decision 0065): the code is read at every level; the server finds the unit.
  if (!counted && unit === undefined) return checkAnyLevel(raw, idType, today, reader, offered);
  // A counted family's scan (ScanLite) reads a pack's GTIN and batch, not a unit: decoded as a batch scan.
  const result = decodeScan(raw, counted ? { today, idType: 'GS1', purpose: 'batch' } : { today, unit, idType, ...reader });
  // A bare SSCC is accepted or refused by the warehouse's reader settings, which the server holds
  // (decision 0042): it goes to the server, which answers SSCC_WITHOUT_AI where they do not allow it
  // (the settings kept here may be older than the server's).
  if (!result.ok && result.code === 'SSCC_WITHOUT_AI') return { ok: true, id: raw.trim() };
  if (!result.ok) return { ok: false, outcome: { kind: 'refused', code: result.code, text: result.message, local: true } };
  if (!counted && unit !== undefined && unitKeyOf(result, unit) === null) {
    const code = 'ITEM_ID_NOT_SUPPORTED';
    return { ok: false, outcome: { kind: 'refused', code, text: message(code), local: true } };
  }
  // The unit as the screen writes it (a pack 'GTIN/serial', docs/glossary.md), never the raw code.
  return { ok: true, id: shownDecoded(result) ?? result.id ?? raw.trim() };
}

/** A scan with no unit type picked: refused here as the server would, or a pack's code on a page offering no pack. */
function checkAnyLevel(
  raw: string,
  idType: IdType,
  today: string,
  reader: ScanReaderSettings | undefined,
  offered: readonly UnitType[] | undefined,
): LocalCheck {
  const read = readScanLevel(raw, { today, idType, ...reader });
  if (!read.ok && read.code === 'SSCC_WITHOUT_AI') return { ok: true, id: raw.trim() };
  if (!read.ok) return { ok: false, outcome: { kind: 'refused', code: read.code, text: read.message, local: true } };
  if (read.level === 'PACK' && offered && !offered.includes('EA')) {
    const code = 'PACK_CODE_NOT_HANDLING_UNIT';
    return { ok: false, outcome: { kind: 'refused', code, text: message(code), local: true } };
  }
  return { ok: true, id: read.id };
}

/** Refusals that mean "this unit is already counted here", shown apart from errors. */
const DUPLICATE_CODES: readonly string[] = ['ALREADY_SCANNED'];

/** The server's refusal of a scan: already scanned, or refused with its message. */
export function outcomeOfRefusal(code: string, text: string): ScanOutcome {
  if (DUPLICATE_CODES.includes(code)) return { kind: 'duplicate', code, text };
  return { kind: 'refused', code, text, local: false };
}

/** A valid scan not answered yet: sending now, or kept until the network is back. */
export function waitingOutcome(kind: 'sending' | 'queued', unit: UnitType | undefined, id: string): ScanOutcome {
  const label = unit ? UNIT_LABELS[unit] : DOCUMENT_UI.item;
  const text = fillLabel(kind === 'sending' ? SCANNER_UI.sending : SCANNER_UI.queued, { unit: `${label} ${id}` });
  return { kind, unit, id, text };
}

/** The outcome of a failed call: the server's `{ code, message }`, or the generic text. */
export function outcomeOfError(error: unknown): ScanOutcome {
  if (error instanceof ApiError) return outcomeOfRefusal(error.code, error.message);
  return { kind: 'refused', code: 'SOMETHING_WENT_WRONG', text: message('SOMETHING_WENT_WRONG'), local: false };
}

export function acceptedOutcome(
  answer: { unit: { type: UnitType; id: string }; packs: number },
  kind: 'accepted' | 'removed' = 'accepted',
): ScanOutcome {
  // The unit as the screen writes it: a counted pack, '(01)GTIN(10)batch' in the answer, as 'GTIN batch B…'.
  const text = fillLabel(kind === 'accepted' ? DOCUMENT_UI.accepted : DOCUMENT_UI.removed, {
    unit: UNIT_LABELS[answer.unit.type],
    id: unitText(parseUnitId(answer.unit.id)),
    packs: String(answer.packs),
  });
  return { kind, unit: answer.unit.type, id: answer.unit.id, packs: answer.packs, text };
}

/** A scan accepted with the server's warnings (first expiry, first out …): shown beside the feedback until dismissed. */
export interface ScanAdvice {
  scanId: string;
  unit: UnitType;
  /** The unit as the screen writes it (`unitText`). */
  id: string;
  warnings: readonly string[];
}

/** The advice of an answer, or undefined when it carries no warning. */
export function adviceOf(
  scanId: string,
  answer: { unit: { type: UnitType; id: string }; warnings?: readonly string[] | undefined },
): ScanAdvice | undefined {
  const warnings = answer.warnings?.filter((text) => text.trim() !== '') ?? [];
  if (warnings.length === 0) return undefined;
  return { scanId, unit: answer.unit.type, id: unitText(parseUnitId(answer.unit.id)), warnings };
}

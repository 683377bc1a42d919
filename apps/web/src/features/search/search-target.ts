import { decodeCode, decodeScan, readSsccInput, unitId, unitKeyOf, validateLooseCode } from '@pharma/domain';
import { message } from '../../i18n/language.ts';
import type { UnitView } from '@pharma/domain/contract/inventory';
import { packCode, ssccCode } from '../../lib/unit-codes.ts';

const LOOKS_GS1 = /^(\][A-Za-z]\d)?(0[01]\d{14}|\(0[01]\))/;

/** Which search a raw scan or typed text runs: by SSCC, or by pack code / serial; or why neither. */
export type SearchTarget = { kind: 'sscc'; code: string } | { kind: 'serial'; code: string } | { kind: 'invalid'; message: string };

/**
 * Decodes the input in the browser (as a scan is): an SSCC, bare or in a GS1 code, searches
 * pallets and cartons; a pack code (GTIN + serial) or a bare serial number searches packs.
 */
export function searchTarget(input: string, today: string): SearchTarget {
  const raw = input.trim();
  if (raw === '') return { kind: 'invalid', message: message('FIELD_EMPTY') };
  if (/^\d{18}$/.test(raw)) {
    // 18 digits are an SSCC: a wrong check digit is named with the digit it should be (issue 27), not searched.
    const sscc = readSsccInput(raw, today);
    return sscc.ok ? { kind: 'sscc', code: ssccCode(sscc.sscc) } : { kind: 'invalid', message: sscc.message };
  }
  const decoded = decodeCode(raw, { today });
  if (decoded.ok) {
    if (decoded.sscc) return { kind: 'sscc', code: ssccCode(decoded.sscc) };
    if (decoded.serial && decoded.gtin) return { kind: 'serial', code: packCode(decoded.gtin, decoded.serial) };
    if (decoded.serial) return { kind: 'serial', code: decoded.serial };
    return { kind: 'invalid', message: message('ITEM_ID_NOT_SUPPORTED') };
  }
  // Not a GS1 code: a bare serial number (letters, digits, - / .) is searched as typed, unless it
  // was meant as a GS1 code (it starts with (00) or (01) and a full key), whose error is shown.
  if (!LOOKS_GS1.test(raw) && validateLooseCode(raw).ok) return { kind: 'serial', code: raw };
  return { kind: 'invalid', message: decoded.message };
}

/** The code that names a unit to /api/itemStatus and the search calls. */
export function codeOfUnit(unit: Pick<UnitView, 'sscc' | 'gtin' | 'serial'>): string | undefined {
  if (unit.sscc) return ssccCode(unit.sscc);
  if (unit.gtin && unit.serial) return packCode(unit.gtin, unit.serial);
  return unit.serial ?? undefined;
}

/** Its identifier as shown: the SSCC, or 'GTIN/serial' as every message writes a pack (docs/glossary.md). */
export function identifierOf(unit: Pick<UnitView, 'sscc' | 'gtin' | 'serial'>): string {
  if (unit.sscc) return unit.sscc;
  return unit.gtin && unit.serial ? unitId(unit) : (unit.serial ?? unit.gtin ?? '');
}

/**
 * The code a pack's card hands its actions ('Verify pack', issue 28): the scan that found the pack when it
 * names that pack as the server reads a pack's scan (it carries the pack's own batch and expiry, what the
 * national system is asked about), else the pack's GTIN and serial (the server takes the rest from the
 * record). None for a pallet, a carton, or a unit without both.
 */
export function packCodeFor(
  unit: Pick<UnitView, 'type' | 'gtin' | 'serial'>,
  scanned: string | undefined,
  today: string,
): string | undefined {
  if (unit.type !== 'EA' || !unit.gtin || !unit.serial) return undefined;
  if (scanned) {
    const decoded = decodeScan(scanned, { unit: 'EA', idType: 'GS1', today });
    const key = decoded.ok ? unitKeyOf(decoded, 'EA') : null;
    if (key && 'gtin' in key && key.gtin === unit.gtin && key.serial === unit.serial) return scanned;
  }
  return packCode(unit.gtin, unit.serial);
}

/**
 * The level a scan names when the operator picked no unit type (issue 27, decision 0065): a pack's
 * code (GTIN + serial) names a pack or a bundle; an SSCC names a pallet or a carton, and the unit on
 * record says which. A code carrying both names either: the unit on record decides, and where both
 * are on record the operator picks. The same `decodeScan` rules apply as in a picked unit's mode, so
 * a code is read the same way whether its level was picked or found.
 */
import { decodeScan, unitKeyOf, type ScanOptions, type UnitKey } from './decode.ts';
import { fail, type Failure } from './result.ts';

/** PACK: GTIN + serial; SSCC: a pallet or carton; EITHER: both, the SSCC's key first. */
export type ScanLevel = 'PACK' | 'SSCC' | 'EITHER';

export interface LevelRead {
  readonly ok: true;
  readonly level: ScanLevel;
  /** The keys the unit may be found by: one, or for EITHER the SSCC's then the pack's. */
  readonly keys: readonly UnitKey[];
  /** The unit's id as the API writes it (unit-id.ts): the SSCC, or a pack's 'GTIN/serial'. */
  readonly id: string;
}

export type LevelResult = LevelRead | Failure;

/**
 * Reads a scan as a pack's and as an SSCC's code, with the options of the document's reader
 * (prefix, strip00, bareSscc) and no unit type; garbage input never throws. A code that names
 * neither gets the pack mode's refusal (the spec's 'serial number is not recognized' for a batch's
 * code), an 18-digit SSCC typed without (00) SSCC_WITHOUT_AI.
 */
export function readScanLevel(raw: string, options: Omit<ScanOptions, 'unit' | 'purpose'>): LevelResult {
  const asPack = decodeScan(raw, { ...options, unit: 'EA' });
  const asSscc = decodeScan(raw, { ...options, unit: 'PLT' });
  const pack = asPack.ok ? unitKeyOf(asPack, 'EA') : null;
  const sscc = asSscc.ok ? unitKeyOf(asSscc, 'PLT') : null;
  if (sscc && 'sscc' in sscc && pack) return { ok: true, level: 'EITHER', keys: [sscc, pack], id: sscc.sscc };
  if (sscc && 'sscc' in sscc) return { ok: true, level: 'SSCC', keys: [sscc], id: sscc.sscc };
  if (pack && 'serial' in pack) return { ok: true, level: 'PACK', keys: [pack], id: `${pack.gtin}/${pack.serial}` };
  if (!asSscc.ok && asSscc.code === 'SSCC_WITHOUT_AI') return fail('SSCC_WITHOUT_AI', { unit: 'unit' });
  if (!asPack.ok) return asPack;
  return fail('ITEM_ID_NOT_SUPPORTED');
}

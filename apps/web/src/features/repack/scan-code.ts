import { decodeCode, hasValidCheckDigit } from '@pharma/domain';
import type { RepackUnit } from '@pharma/domain/contract/repack';

/**
 * What the repack pages send as a unit's code. A scan goes as read (the server decodes it again); 18
 * digits typed by hand with a valid check digit are an SSCC and go as its element string, '(00)' and
 * the digits (GS1 General Specifications 3.2), since bare digits name no AI.
 */
export function repackCode(input: string): string {
  const text = input.trim();
  return /^\d{18}$/.test(text) && hasValidCheckDigit(text) ? `(00)${text}` : input;
}

/** The code naming a listed unit: a pallet's or carton's SSCC as (00), a pack's id as it is ('(01)GTIN(21)serial'). */
export function codeOfUnit(unit: Pick<RepackUnit, 'id' | 'type'>): string {
  return unit.type === 'PLT' || unit.type === 'CTN' ? `(00)${unit.id}` : unit.id;
}

/**
 * How a scanned code names its unit to a person (the removal's question): an SSCC, a pack as
 * '(01)GTIN(21)serial' (as the contents list shows it), else the text as read.
 */
export function unitNameOf(code: string, today: string): string {
  const decoded = decodeCode(code, { today });
  if (!decoded.ok) return code.trim();
  if (decoded.sscc) return decoded.sscc;
  if (decoded.gtin && decoded.serial) return `(01)${decoded.gtin}(21)${decoded.serial}`;
  return decoded.id ?? code.trim();
}

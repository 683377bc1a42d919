import { hasValidCheckDigit, parseUnitId } from '@pharma/domain';
import type { RepackUnit } from '@pharma/domain/contract/repack';
import { shownCode } from '../../lib/shown-code.ts';
import { packCode } from '../../lib/unit-codes.ts';

/**
 * What the repack pages send as a unit's code. A scan goes as read (the server decodes it again); 18
 * digits typed by hand with a valid check digit are an SSCC and go as its element string, '(00)' and
 * the digits (GS1 General Specifications 3.2), since bare digits name no AI.
 */
export function repackCode(input: string): string {
  const text = input.trim();
  return /^\d{18}$/.test(text) && hasValidCheckDigit(text) ? `(00)${text}` : input;
}

/**
 * The code naming a listed unit to the API: a pallet's or carton's SSCC as (00), a pack's or bundle's
 * 'GTIN/serial' as its element string (01)(21), which is what a scanner would send.
 */
export function codeOfUnit(unit: Pick<RepackUnit, 'id' | 'type'>): string {
  if (unit.type === 'PLT' || unit.type === 'CTN') return `(00)${unit.id}`;
  const ref = parseUnitId(unit.id);
  return ref.kind === 'pack' ? packCode(ref.gtin, ref.serial) : unit.id;
}

/**
 * How a scanned code names its unit to a person (the removal's question), as the contents list and
 * every message write it (docs/glossary.md): an SSCC, a pack as 'GTIN/serial', else the text as read
 * with its group separators shown as spaces. Never the raw scan.
 */
export function unitNameOf(code: string, today: string): string {
  return shownCode(code, today);
}

import { decodeCode, normaliseSeparators, type Decoded } from '@pharma/domain';
import { unitText } from './unit-codes.ts';

const GS = '\x1d';

/**
 * A decoded code as the screen writes it (issue 27, docs/glossary.md), through `unitText`: the SSCC of
 * a pallet or carton, a pack as 'GTIN/serial' (as every message names it), a counted pack's code as its
 * GTIN and batch; undefined for a code that names none of them.
 */
export function shownDecoded(decoded: Decoded): string | undefined {
  if (decoded.sscc) return unitText({ kind: 'sscc', sscc: decoded.sscc });
  if (decoded.gtin && decoded.serial) return unitText({ kind: 'pack', gtin: decoded.gtin, serial: decoded.serial });
  if (decoded.gtin && decoded.batch) return unitText({ kind: 'counted', gtin: decoded.gtin, batch: decoded.batch });
  return undefined;
}

/**
 * A scanned code as the screen writes it: as `shownDecoded` when it decodes; any other code as read,
 * its group separators (the control character, `<GS>` and the like) shown as a space. Never the raw
 * string with `<GS>` in it.
 */
export function shownCode(raw: string, today: string): string {
  const decoded = decodeCode(raw, { today });
  const shown = decoded.ok ? shownDecoded(decoded) : undefined;
  // A real GS first, so `<GS>` beside it is read as a separator too.
  return shown ?? normaliseSeparators(raw.trim().split(GS).join(' ')).split(GS).join(' ');
}

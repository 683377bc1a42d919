/**
 * How the API names a handling unit in lists and answers: a pallet or carton by its SSCC, a pack by
 * 'GTIN/serial' (a serial is unique only within its GTIN). The server writes these; the web reads them.
 */
export type UnitRef = { kind: 'sscc'; sscc: string } | { kind: 'pack'; gtin: string; serial: string } | { kind: 'other'; id: string };

export function unitId(unit: { sscc: string | null; gtin: string | null; serial: string | null }): string {
  return unit.sscc ?? `${unit.gtin ?? ''}/${unit.serial ?? ''}`;
}

const SSCC = /^\d{18}$/;
const GTIN = /^\d{14}$/;

/** Reads an identifier as the API writes it: an SSCC, 'GTIN/serial', or anything else. */
export function parseUnitId(id: string): UnitRef {
  if (SSCC.test(id)) return { kind: 'sscc', sscc: id };
  const slash = id.indexOf('/');
  if (slash === 14 && GTIN.test(id.slice(0, 14)) && id.length > 15) return { kind: 'pack', gtin: id.slice(0, 14), serial: id.slice(15) };
  return { kind: 'other', id };
}

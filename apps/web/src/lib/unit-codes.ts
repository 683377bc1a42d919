import { parseUnitId, UNIT_TYPE_ORDER, type UnitRef, type UnitType } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { fillLabel, SCANNER_UI } from '../config/labels.ts';

export { parseUnitId, type UnitRef };

/**
 * The query parameter of a unit scan page's picked unit type (`?unit=CTN`). Without it none is
 * picked: the server finds each code's level from the code and the unit on record (decision 0065).
 */
export const UNIT_PARAM = 'unit';

/** The unit type a scan page's URL picks, if it is one the page offers. */
export function pickedUnit(search: URLSearchParams, offered: readonly UnitType[] = UNIT_TYPE_ORDER): UnitType | undefined {
  const value = search.get(UNIT_PARAM)?.toUpperCase();
  return offered.find((unit) => unit === value);
}

/*
 * How the web names and links handling units. The API identifies a pallet or carton by its SSCC
 * and a pack by GTIN + serial ('09506000134352/X7Z9', the lines' scanned details); the scan and
 * search calls take a raw scan, so a known unit is sent back as the GS1 element string a scanner
 * would type.
 */
/** The element string of a pack: (01) GTIN then (21) serial, last, so no separator is needed. */
export function packCode(gtin: string, serial: string): string {
  return `01${gtin}21${serial}`;
}

/** The element string of an SSCC. */
export function ssccCode(sscc: string): string {
  return `00${sscc}`;
}

/** The raw code that names a unit to the API. */
export function unitCode(ref: UnitRef): string {
  if (ref.kind === 'sscc') return ssccCode(ref.sscc);
  if (ref.kind === 'pack') return packCode(ref.gtin, ref.serial);
  return ref.id;
}

/** A counted pack (ScanLite, the lite counts): a GTIN and batch, no serial, so no unit of its own. */
export interface CountedPackRef {
  kind: 'counted';
  gtin: string;
  batch: string;
}

/** How the API names a counted pack in a scan's answer and the counts list: '(01)GTIN(10)batch'. */
const COUNTED_PACK_ID = /^\(01\)(\d{14})\(10\)(.+)$/s;

/**
 * A unit as the screen writes it (docs/glossary.md), the one place that writes it: the SSCC; a pack
 * as 'GTIN/serial', the way every message names it; a counted pack as its GTIN and batch
 * ('08881234100740 batch B2861435'), also when the API names it '(01)GTIN(10)batch'.
 */
export function unitText(ref: UnitRef | CountedPackRef): string {
  if (ref.kind === 'sscc') return ref.sscc;
  if (ref.kind === 'pack') return `${ref.gtin}/${ref.serial}`;
  if (ref.kind === 'counted') return fillLabel(SCANNER_UI.batchCode, { gtin: ref.gtin, batch: ref.batch });
  const counted = COUNTED_PACK_ID.exec(ref.id);
  if (counted) return unitText({ kind: 'counted', gtin: counted[1]!, batch: counted[2]! });
  return ref.id;
}

/**
 * The page of a unit in an area. Regional: pallet, carton or pack details; an SSCC of unknown type
 * opens search. Local: a pallet or carton on /ldc/itemDetails/{sscc} (whatever its type), a pack on
 * the local search, which shows its card (the local area has no pack page).
 */
export function unitPath(ref: UnitRef, type?: UnitType, area: Area = 'RDC'): string {
  if (area === 'LDC') {
    if (ref.kind === 'sscc') return `/ldc/itemDetails/${encodeURIComponent(ref.sscc)}`;
    return `/ldc/searchPageLDC?${new URLSearchParams({ code: unitCode(ref) })}`;
  }
  if (ref.kind === 'sscc') {
    if (type === 'PLT') return `/rdc/pallet/${ref.sscc}`;
    if (type === 'CTN') return `/rdc/carton/${ref.sscc}`;
    return `/rdc/searchPage?code=${ref.sscc}`;
  }
  if (ref.kind === 'pack') return `/rdc/pack/packDetails/packDetail?${new URLSearchParams({ gtin: ref.gtin, serial: ref.serial })}`;
  return `/rdc/searchPage?${new URLSearchParams({ code: ref.id })}`;
}

import { describe, expect, it } from 'vitest';
import { decodeScan } from '@pharma/domain';
import { packCode, parseUnitId, unitCode, unitPath, unitText } from './unit-codes.ts';

const SSCC = '088812340000000019';
const GTIN = '08881234100009';

describe('unit identifiers', () => {
  it('reads SSCCs, GTIN/serial pairs and anything else', () => {
    expect(parseUnitId(SSCC)).toEqual({ kind: 'sscc', sscc: SSCC });
    expect(parseUnitId(`${GTIN}/AB/12`)).toEqual({ kind: 'pack', gtin: GTIN, serial: 'AB/12' });
    expect(parseUnitId(`${GTIN}/`)).toEqual({ kind: 'other', id: `${GTIN}/` });
    expect(parseUnitId('X7Z9')).toEqual({ kind: 'other', id: 'X7Z9' });
  });

  it('writes codes the decoder reads back', () => {
    const pack = decodeScan(packCode(GTIN, 'X7Z9Q4'), { today: '2026-11-22', unit: 'EA' });
    expect(pack.ok && [pack.gtin, pack.serial]).toEqual([GTIN, 'X7Z9Q4']);
    const pallet = decodeScan(unitCode({ kind: 'sscc', sscc: SSCC }), { today: '2026-11-22', unit: 'PLT' });
    expect(pallet.ok && pallet.sscc).toBe(SSCC);
  });

  it('shows and links units', () => {
    expect(unitText(parseUnitId(`${GTIN}/S1`))).toBe(`${GTIN}/S1`);
    expect(unitText(parseUnitId(SSCC))).toBe(SSCC);
    expect(unitPath(parseUnitId(SSCC), 'PLT')).toBe(`/rdc/pallet/${SSCC}`);
    expect(unitPath(parseUnitId(SSCC), 'CTN')).toBe(`/rdc/carton/${SSCC}`);
    expect(unitPath(parseUnitId(SSCC))).toBe(`/rdc/searchPage?code=${SSCC}`);
    expect(unitPath(parseUnitId(`${GTIN}/S 1`))).toBe(`/rdc/pack/packDetails/packDetail?gtin=${GTIN}&serial=S+1`);
  });

  it("writes a counted pack (GTIN and batch, no serial) the glossary's way, as the API's '(01)GTIN(10)batch' names it", () => {
    expect(unitText(parseUnitId(`(01)${GTIN}(10)B2861435`))).toBe(`${GTIN} batch B2861435`);
    expect(unitText(parseUnitId(`(01)${GTIN}(10)B(10)/2`))).toBe(`${GTIN} batch B(10)/2`);
    // Not a counted pack's id: left as the API wrote it.
    expect(unitText(parseUnitId('(01)123(10)B1'))).toBe('(01)123(10)B1');
    expect(unitText(parseUnitId('X7Z9'))).toBe('X7Z9');
  });

  it('links a local unit to the local pages: a pallet or carton to Item Details, a pack to the local search', () => {
    expect(unitPath(parseUnitId(SSCC), 'PLT', 'LDC')).toBe(`/ldc/itemDetails/${SSCC}`);
    expect(unitPath(parseUnitId(SSCC), undefined, 'LDC')).toBe(`/ldc/itemDetails/${SSCC}`);
    expect(unitPath(parseUnitId(`${GTIN}/S1`), 'EA', 'LDC')).toBe(`/ldc/searchPageLDC?code=01${GTIN}21S1`);
  });
});

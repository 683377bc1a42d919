import { describe, expect, it } from 'vitest';
import { codeOfUnit, identifierOf, packCodeFor, searchTarget } from './search-target.ts';

const TODAY = '2026-11-22';
const SSCC = '088812340000000019';
const GTIN = '08881234100009';

describe('searchTarget', () => {
  it('searches an SSCC, bare, in an element string or human readable', () => {
    expect(searchTarget(SSCC, TODAY)).toEqual({ kind: 'sscc', code: `00${SSCC}` });
    expect(searchTarget(` ]C100${SSCC} `, TODAY)).toEqual({ kind: 'sscc', code: `00${SSCC}` });
    expect(searchTarget(`(00)${SSCC}`, TODAY)).toEqual({ kind: 'sscc', code: `00${SSCC}` });
  });

  it('searches a pack by GTIN and serial, separators included', () => {
    expect(searchTarget(`01${GTIN}17271231<GS>21SER1`, TODAY)).toEqual({ kind: 'serial', code: `01${GTIN}21SER1` });
    expect(searchTarget(`01${GTIN}1710\x1d21SER1`, TODAY)).toMatchObject({ kind: 'invalid' });
  });

  it('searches a bare serial number as typed', () => {
    expect(searchTarget('SER-0001', TODAY)).toEqual({ kind: 'serial', code: 'SER-0001' });
  });

  it('says why it cannot search', () => {
    expect(searchTarget('  ', TODAY)).toEqual({ kind: 'invalid', message: 'Field cannot be empty' });
    expect(searchTarget(`01${GTIN}`, TODAY)).toEqual({ kind: 'invalid', message: "Item's ID is not supported. Please scan another item." });
    expect(searchTarget('01088812341000081', TODAY)).toMatchObject({ kind: 'invalid' });
  });

  it("refuses 18 digits with a wrong check digit, saying 'check digit should be N' (issue 27)", () => {
    expect(searchTarget('088812340000000018', TODAY)).toEqual({
      kind: 'invalid',
      message:
        'Enter the 18 digits of an SSCC, or scan its label. 088812340000000018 ends in 8, but its check digit should be 9 (the GS1 check digit of its first 17 digits).',
    });
  });
});

describe('unit codes', () => {
  it('names containers by SSCC and packs by GTIN + serial', () => {
    expect(codeOfUnit({ sscc: SSCC, gtin: null, serial: null })).toBe(`00${SSCC}`);
    expect(codeOfUnit({ sscc: null, gtin: GTIN, serial: 'S1' })).toBe(`01${GTIN}21S1`);
    // One way to write a pack on screen, as the messages write it (issue 27, docs/glossary.md).
    expect(identifierOf({ sscc: null, gtin: GTIN, serial: 'S1' })).toBe(`${GTIN}/S1`);
  });
});

describe('packCodeFor', () => {
  const pack = { type: 'EA', gtin: GTIN, serial: 'SER1' } as const;

  it('hands a pack action the scan that found the pack, which carries its own batch and expiry', () => {
    const scan = `01${GTIN}1728063010B1\x1d21SER1`;
    expect(packCodeFor(pack, scan, TODAY)).toBe(scan);
  });

  it("else the pack's GTIN and serial: no scan, a scan of another pack, or a bare serial", () => {
    expect(packCodeFor(pack, undefined, TODAY)).toBe(`01${GTIN}21SER1`);
    expect(packCodeFor(pack, `01${GTIN}21SER2`, TODAY)).toBe(`01${GTIN}21SER1`);
    expect(packCodeFor(pack, 'SER1', TODAY)).toBe(`01${GTIN}21SER1`);
  });

  it('gives none for a pallet, a carton or a unit without GTIN and serial', () => {
    expect(packCodeFor({ type: 'PLT', gtin: null, serial: null }, undefined, TODAY)).toBeUndefined();
    expect(packCodeFor({ type: 'EA', gtin: null, serial: 'SER1' }, undefined, TODAY)).toBeUndefined();
  });
});

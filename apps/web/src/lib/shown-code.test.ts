import { describe, expect, it } from 'vitest';
import { shownCode } from './shown-code.ts';

const TODAY = '2026-11-26';
const GTIN = '08881234100740';

describe('shownCode (issue 27: no raw code on screen)', () => {
  it("writes a pack as 'GTIN/serial', whatever separator the scanner typed", () => {
    for (const gs of ['\x1d', '<GS>', '{GS}']) {
      expect(shownCode(`]d201${GTIN}1728123110B2861435${gs}21HKV5TQY7SQLM`, TODAY)).toBe(`${GTIN}/HKV5TQY7SQLM`);
    }
  });

  it('writes a pallet or carton as its SSCC, and a counted pack as its GTIN and batch', () => {
    expect(shownCode(']C100088812340000152954', TODAY)).toBe('088812340000152954');
    expect(shownCode(`]d201${GTIN}1728123110B2861435`, TODAY)).toBe(`${GTIN} batch B2861435`);
  });

  it('shows no <GS> in a code it cannot read', () => {
    const shown = shownCode('ABC<GS>DEF\x1dGHI', TODAY);
    expect(shown).not.toMatch(/<GS>|\x1d/);
    expect(shown).toBe('ABC DEF GHI');
  });
});

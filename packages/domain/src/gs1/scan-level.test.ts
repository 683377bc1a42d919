import { describe, expect, it } from 'vitest';
import { readScanLevel } from './scan-level.ts';

const today = '2026-11-22';
const GS = '\x1d';
const PACK = `]d20109506000134352172712311022A0B1${GS}21X7Z9Q4RT`;
const SSCC = ']C100106141412345678908';
const BOTH = `00106141412345678908${GS}0109506000134352${GS}21ABC`;

describe('readScanLevel: the level of a scan with no unit type picked (decision 0065)', () => {
  it('reads a DataMatrix with GTIN and serial as a pack', () => {
    expect(readScanLevel(PACK, { today })).toEqual({
      ok: true,
      level: 'PACK',
      keys: [{ gtin: '09506000134352', serial: 'X7Z9Q4RT' }],
      id: '09506000134352/X7Z9Q4RT',
    });
  });

  it('reads an SSCC as a pallet or carton, whichever the unit on record is', () => {
    expect(readScanLevel(SSCC, { today })).toEqual({
      ok: true,
      level: 'SSCC',
      keys: [{ sscc: '106141412345678908' }],
      id: '106141412345678908',
    });
  });

  it('reads a code carrying both as either, the SSCC first', () => {
    expect(readScanLevel(BOTH, { today })).toMatchObject({
      ok: true,
      level: 'EITHER',
      keys: [{ sscc: '106141412345678908' }, { gtin: '09506000134352', serial: 'ABC' }],
    });
  });

  it("gives the pack mode's refusal to a code naming neither, and the decoder's to a malformed one", () => {
    expect(readScanLevel('0109506000134352', { today })).toMatchObject({ ok: false, code: 'SERIAL_NOT_RECOGNIZED' });
    expect(readScanLevel('00106141412345678907', { today })).toMatchObject({ ok: false, code: 'GS1_BAD_CHECK_DIGIT' });
    expect(readScanLevel('ABCDEFGH', { today, idType: 'NON_GS1' })).toMatchObject({ ok: false, code: 'ITEM_ID_NOT_SUPPORTED' });
  });

  it('reads a bare SSCC as the reader settings say', () => {
    expect(readScanLevel('106141412345678908', { today })).toMatchObject({ ok: false, code: 'SSCC_WITHOUT_AI' });
    expect(readScanLevel('106141412345678908', { today, bareSscc: true })).toMatchObject({ ok: true, level: 'SSCC' });
    expect(readScanLevel('106141412345678908', { today, idType: 'NON_GS1' })).toMatchObject({ ok: true, level: 'SSCC' });
  });

  it('never throws on garbage', () => {
    for (const raw of ['', ' ', '\u0000', '(00)', ']d2', 'x'.repeat(500), undefined as unknown as string]) {
      expect(readScanLevel(raw, { today }).ok).toBe(false);
    }
  });
});

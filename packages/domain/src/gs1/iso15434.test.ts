import { describe, expect, it } from 'vitest';
import { decodeCode, type DecodeResult, type Decoded } from './decode.ts';
import { ppnCheck } from './iso15434.ts';

const today = '2026-11-22';
const RS = '\x1e';
const GS = '\x1d';
const EOT = '\x04';

function ok(result: DecodeResult): Decoded {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.message}`);
  return result;
}

/** IFA coding system example pack: PZN 03752864 -> PPN 11 03752864 14 (IFA check digit info, PPN example). */
const IFA_PACK = `[)>${RS}06${GS}9N110375286414${GS}1T12345ABCD${GS}D150600${GS}S12345ABCDEF98765${RS}${EOT}`;

describe('IFA PPN check digits (mod 97 over weighted ASCII values)', () => {
  it('computes the IFA example 110375286414', () => {
    expect(ppnCheck('1103752864__')).toBe('14');
  });
  it('pads a check below 10 to two digits', () => {
    const found = Array.from({ length: 200 }, (_, i) => `11${String(i).padStart(8, '0')}__`).find((p) => Number(ppnCheck(p)) < 10);
    expect(found && ppnCheck(found)).toMatch(/^0\d$/);
  });
});

describe('ISO/IEC 15434 format 06 (IFA securPharm pack code)', () => {
  it('decodes product number, batch, expiry and serial', () => {
    const r = ok(decodeCode(IFA_PACK, { today }));
    expect(r).toMatchObject({
      format: 'IFA',
      ppn: '110375286414',
      batch: '12345ABCD',
      expiry: '2015-06-30',
      serial: '12345ABCDEF98765',
      gtin: null,
    });
    expect(r.elements.map((e) => e.id)).toEqual(['9N', '1T', 'D', 'S']);
    expect(r.ai).toEqual({});
  });

  it('accepts the textual RS / GS / EOT that keyboard wedges type', () => {
    const typed = IFA_PACK.replaceAll(RS, '<RS>').replaceAll(GS, '<GS>').replace(EOT, '<EOT>');
    expect(ok(decodeCode(typed, { today })).serial).toBe('12345ABCDEF98765');
    const caret = IFA_PACK.replaceAll(RS, '^^').replaceAll(GS, '^]').replace(EOT, '^D');
    expect(ok(decodeCode(caret, { today })).batch).toBe('12345ABCD');
  });

  it('tolerates a missing trailer (scanners often drop RS EOT)', () => {
    expect(ok(decodeCode(`[)>${RS}06${GS}9N110375286414${GS}S1`, { today })).serial).toBe('1');
  });

  it('reads an 8P GTIN and a 16D production date', () => {
    const r = ok(decodeCode(`[)>${RS}06${GS}8P09506000134352${GS}16D20260131${GS}S9${RS}${EOT}`, { today }));
    expect(r).toMatchObject({ gtin: '09506000134352', serial: '9', ppn: null });
  });

  it('reads format 05 (GS1 element strings inside ISO/IEC 15434)', () => {
    const r = ok(decodeCode(`[)>${RS}05${GS}0109506000134352${GS}21ABC${RS}${EOT}`, { today }));
    expect(r).toMatchObject({ format: 'GS1', gtin: '09506000134352', serial: 'ABC' });
  });

  it.each([
    [`[)>${RS}06${GS}9N110375286415${GS}S1${RS}${EOT}`, 'PPN_BAD_CHECK_DIGITS'],
    [`[)>${RS}06${GS}9N11-3752864${GS}S1`, 'MATRIX_BAD_FIELD'],
    [`[)>${RS}06${GS}9N110375286414${GS}D151300`, 'MATRIX_INVALID_DATE'],
    [`[)>${RS}06${GS}9N110375286414${GS}16D20260230`, 'MATRIX_INVALID_DATE'],
    [`[)>${RS}06${GS}9N110375286414${GS}1T${'A'.repeat(21)}`, 'MATRIX_BAD_FIELD'],
    [`[)>${RS}06${GS}9N110375286414${GS}S A`, 'MATRIX_BAD_FIELD'],
    [`[)>${RS}06${GS}8P09506000134353`, 'GS1_BAD_CHECK_DIGIT'],
    [`[)>${RS}06${GS}8P0950600013435`, 'MATRIX_BAD_FIELD'],
    [`[)>${RS}06${GS}1TABC${GS}S1`, 'MATRIX_NO_PRODUCT'],
    [`[)>${RS}06${GS}9N110375286414${GS}123`, 'MATRIX_BAD_FIELD'],
    [`[)>${RS}06${GS}9N110375286414${GS}SA${GS}SB`, 'GS1_DUPLICATE_AI'],
    [`[)>${RS}07${GS}9N110375286414`, 'MATRIX_UNSUPPORTED_FORMAT'],
    [`[)>06${GS}9N110375286414`, 'MATRIX_MALFORMED'],
    [`[)>${RS}069N110375286414`, 'MATRIX_MALFORMED'],
    [`[)>${RS}05${GS}0109506000134353`, 'GS1_BAD_CHECK_DIGIT'],
  ])('%j -> %s', (raw, code) => {
    expect(decodeCode(raw, { today })).toMatchObject({ ok: false, code });
  });
});

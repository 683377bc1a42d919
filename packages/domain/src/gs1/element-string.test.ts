import { describe, expect, it } from 'vitest';
import { decodeCode, type DecodeResult, type Decoded } from './decode.ts';

const GS = '\x1d';
const today = '2026-11-22';

function ok(result: DecodeResult): Decoded {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.message}`);
  return result;
}

function pairs(result: DecodeResult): [string, string][] {
  return ok(result).elements.map((e) => [e.id, e.value]);
}

describe('GS1 element strings (GenSpecs 3, 7.8)', () => {
  it('decodes the GS1 DataMatrix Guideline example (01)09501101530003(17)140704(10)AB-123', () => {
    const r = ok(decodeCode(`]d2010950110153000317140704${'10'}AB-123`, { today }));
    expect(r.symbology).toBe(']d2');
    expect(pairs(r)).toEqual([
      ['01', '09501101530003'],
      ['17', '140704'],
      ['10', 'AB-123'],
    ]);
    expect(r.gtin).toBe('09501101530003');
    expect(r.expiry).toBe('2014-07-04');
    expect(r.batch).toBe('AB-123');
  });

  it('decodes a serialised pharma pack (EU FMD): GTIN, expiry, batch, serial, NHRN (710)', () => {
    const raw = `]d20109506000134352172712311022A0B1${GS}21X7Z9Q4RT${GS}710PZN12345678`;
    const r = ok(decodeCode(raw, { today }));
    expect(pairs(r)).toEqual([
      ['01', '09506000134352'],
      ['17', '271231'],
      ['10', '22A0B1'],
      ['21', 'X7Z9Q4RT'],
      ['710', 'PZN12345678'],
    ]);
    expect(r).toMatchObject({ gtin: '09506000134352', expiry: '2027-12-31', batch: '22A0B1', serial: 'X7Z9Q4RT', sscc: null });
    expect(r.ai).toEqual({ '01': '09506000134352', '17': '271231', '10': '22A0B1', '21': 'X7Z9Q4RT', '710': 'PZN12345678' });
  });

  it('decodes a GS1-128 pallet label (GS1 Logistic Label Guideline): SSCC, content, count, batch, best before', () => {
    const raw = `]C1001061414123456789080209506000134352${'37'}48${GS}10LOT7${GS}15270600`;
    const r = ok(decodeCode(raw, { today }));
    expect(pairs(r)).toEqual([
      ['00', '106141412345678908'],
      ['02', '09506000134352'],
      ['37', '48'],
      ['10', 'LOT7'],
      ['15', '270600'],
    ]);
    expect(r.sscc).toBe('106141412345678908');
    expect(r.gtin).toBeNull();
  });

  it('reads predefined-length AIs without separators and variable ones up to a separator', () => {
    expect(pairs(decodeCode(`0109506000134352${'11'}260101${'13'}260102${'3103'}001250${'30'}12${GS}400PO-77`, { today }))).toEqual([
      ['01', '09506000134352'],
      ['11', '260101'],
      ['13', '260102'],
      ['3103', '001250'],
      ['30', '12'],
      ['400', 'PO-77'],
    ]);
  });

  it('reads AI 240, 7003 (with its separator) and 8200', () => {
    const raw = `0109506000134352240ADD-1${GS}70032712312359${GS}8200https://example.com/x`;
    expect(pairs(decodeCode(raw, { today }))).toEqual([
      ['01', '09506000134352'],
      ['240', 'ADD-1'],
      ['7003', '2712312359'],
      ['8200', 'https://example.com/x'],
    ]);
  });

  it('tolerates a leading FNC1 (GS right after the symbology identifier) and a trailing GS', () => {
    expect(pairs(decodeCode(`]d2${GS}0109506000134352${'10'}A${GS}`, { today }))).toEqual([
      ['01', '09506000134352'],
      ['10', 'A'],
    ]);
    expect(pairs(decodeCode(`<FNC1>0109506000134352`, { today }))).toEqual([['01', '09506000134352']]);
  });

  it.each([']C1', ']d2', ']Q3', ']e0', ']J1'])('reports the GS1 symbology identifier %s', (id) => {
    expect(ok(decodeCode(`${id}0109506000134352`, { today })).symbology).toBe(id);
  });

  it('reads EAN-13 (]E0) and EAN-8 (]E4) as a GTIN padded to 14 digits', () => {
    expect(ok(decodeCode(']E06291041500213', { today })).gtin).toBe('06291041500213');
    expect(ok(decodeCode(']E495012346', { today })).gtin).toBe('00000095012346');
    expect(decodeCode(']E06291041500214', { today })).toMatchObject({ ok: false, code: 'GS1_BAD_CHECK_DIGIT' });
  });

  it('accepts textual separators as keyboard wedges type them, and not when turned off', () => {
    expect(ok(decodeCode('0109506000134352<GS>10ABC{GS}21XYZ', { today })).serial).toBe('XYZ');
    const off = decodeCode('010950600013435210ABC<GS>21XYZ', { today, separators: [] });
    expect(ok(off).batch).toBe('ABC<GS>21XYZ');
  });

  it('trims the CR/LF a scanner appends', () => {
    expect(ok(decodeCode('0109506000134352\r\n', { today })).gtin).toBe('09506000134352');
  });
});

describe('GS1 human-readable form (GenSpecs 4.15)', () => {
  it('decodes (01)09506000134352(17)271231(10)ABC', () => {
    const r = ok(decodeCode('(01)09506000134352(17)271231(10)ABC', { today }));
    expect(pairs(r)).toEqual([
      ['01', '09506000134352'],
      ['17', '271231'],
      ['10', 'ABC'],
    ]);
    expect(r.expiry).toBe('2027-12-31');
  });
  it('keeps parentheses that do not open a known AI inside a value', () => {
    expect(ok(decodeCode('(01)09506000134352(10)A(B)C(21)X', { today })).batch).toBe('A(B)C');
  });
  it('validates like the element string', () => {
    expect(decodeCode('(01)09506000134353', { today })).toMatchObject({ ok: false, code: 'GS1_BAD_CHECK_DIGIT' });
    expect(decodeCode('(23)123', { today })).toMatchObject({ ok: false, code: 'GS1_UNKNOWN_AI' });
  });
});

describe('element string errors (every path)', () => {
  it.each([
    ['', 'SCAN_EMPTY'],
    ['  \r\n', 'SCAN_EMPTY'],
    [']d2', 'GS1_NO_DATA'],
    [`]d2${GS}`, 'GS1_NO_DATA'],
    ['2312345', 'GS1_UNKNOWN_AI'], // 23 is not an AI prefix
    ['3106123456', 'GS1_UNKNOWN_AI'], // 3106 does not exist (decimals 0-5)
    ['01095060001343', 'GS1_VALUE_TOO_SHORT'], // GTIN cut short at the end
    [`01095060001343${GS}10A`, 'GS1_VALUE_TOO_SHORT'],
    ['10' + 'A'.repeat(21), 'GS1_VALUE_TOO_LONG'],
    ['700327123123591012', 'GS1_MISSING_SEPARATOR'], // 7003 is not of predefined length
    [`10${GS}21X`, 'GS1_EMPTY_VALUE'],
    ['10AB C', 'GS1_BAD_CHARACTER'], // space is not in set 82
    ['10ABÉ', 'GS1_BAD_CHARACTER'],
    ['30A1', 'GS1_BAD_CHARACTER'],
    ['0109506000134353', 'GS1_BAD_CHECK_DIGIT'],
    ['00106141412345678909', 'GS1_BAD_CHECK_DIGIT'],
    ['010950600013435217270230', 'GS1_INVALID_DATE'], // 30 February
    ['010950600013435217271340', 'GS1_INVALID_DATE'],
    ['01095060001343527006270200', 'GS1_INVALID_DATE'], // 7006 is yymmdd: no day 00
    [`0109506000134352${'10'}A${GS}10B`, 'GS1_DUPLICATE_AI'],
    ['70032712312560', 'GS1_INVALID_DATE'], // hour 25
  ])('%j -> %s', (raw, code) => {
    const r = decodeCode(raw, { today });
    expect(r).toMatchObject({ ok: false, code });
  });

  it('gives the AI and the position in the message', () => {
    expect(decodeCode('010950600013435299X', { today }).ok).toBe(true);
    const r = decodeCode('0109506000134352XX', { today });
    expect(r).toMatchObject({ ok: false, code: 'GS1_UNKNOWN_AI', params: { position: 17 } });
    const c = decodeCode('0109506000134353', { today });
    expect(c.ok ? '' : c.message).toBe('The check digit of (01) is wrong: expected 2, found 3.');
  });

  it('accepts the same AI twice with the same value (GenSpecs 4.14)', () => {
    expect(pairs(decodeCode(`0109506000134352${GS}10A${GS}10A`, { today }))).toEqual([
      ['01', '09506000134352'],
      ['10', 'A'],
    ]);
  });
});

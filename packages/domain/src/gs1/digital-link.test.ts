import { describe, expect, it } from 'vitest';
import { decodeCode, type DecodeResult, type Decoded } from './decode.ts';
import { percentDecode } from './digital-link.ts';

const today = '2026-11-22';

function ok(result: DecodeResult): Decoded {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.message}`);
  return result;
}

describe('GS1 Digital Link URIs (Digital Link standard 1.x, section 4)', () => {
  it('decodes a pack URI to the same fields as its element string', () => {
    const link = ok(decodeCode('https://id.gs1.org/01/09506000134352/10/ABC123/21/XYZ?17=271231', { today }));
    const element = ok(decodeCode('010950600013435217271231\x1d10ABC123\x1d21XYZ', { today }));
    expect(link.format).toBe('GS1_DIGITAL_LINK');
    for (const key of ['gtin', 'batch', 'serial', 'expiry', 'sscc'] as const) expect(link[key]).toBe(element[key]);
    expect(link.ai).toEqual(element.ai);
    expect(link.elements.map((e) => e.id)).toEqual(['01', '10', '21', '17']);
  });

  it('accepts any host and path prefix, and ignores unknown query parameters', () => {
    const r = ok(decodeCode('HTTPS://brand.example.com/products/info/01/09506000134352?linkType=gs1:pip&17=280100&foo', { today }));
    expect(r.gtin).toBe('09506000134352');
    expect(r.expiry).toBe('2028-01-31');
    expect(r.elements).toHaveLength(2);
  });

  it('accepts the 1.x short names (gtin, lot, ser, exp) and pads a GTIN-13 to 14 digits', () => {
    const r = ok(decodeCode('https://id.gs1.org/gtin/9506000134352/lot/ABC1/ser/12345?exp=180426', { today }));
    expect(r).toMatchObject({ gtin: '09506000134352', batch: 'ABC1', serial: '12345', expiry: '2018-04-26' });
  });

  it('decodes the SSCC example https://id.gs1.org/00/106141412345678908?02=00614141123452&37=25&10=ABC123', () => {
    const r = ok(decodeCode('https://id.gs1.org/00/106141412345678908?02=00614141123452&37=25&10=ABC123', { today }));
    expect(r.sscc).toBe('106141412345678908');
    expect(r.ai).toEqual({ '00': '106141412345678908', '02': '00614141123452', '37': '25', '10': 'ABC123' });
  });

  it('percent-decodes values (section 4.8) and ignores a fragment', () => {
    const r = ok(decodeCode('https://example.org/01/09506000134352/10/AB%2F12%25/21/S%3D1#top', { today }));
    expect(r).toMatchObject({ batch: 'AB/12%', serial: 'S=1' });
  });

  it('finds the key after a path prefix that itself contains numbers', () => {
    const r = ok(decodeCode('https://example.org/shop/2024/01/09506000134352/21/A1', { today }));
    expect(r).toMatchObject({ gtin: '09506000134352', serial: 'A1' });
  });

  it.each([
    ['https://example.org/', 'GS1_DL_NO_KEY'],
    ['https://example.org', 'GS1_DL_NO_KEY'],
    ['https://example.org/product/123', 'GS1_DL_NO_KEY'],
    ['https://example.org/10/ABC', 'GS1_DL_NO_KEY'], // 10 is a qualifier, not a primary key
    ['https://id.gs1.org/01/09506000134353', 'GS1_BAD_CHECK_DIGIT'],
    ['https://id.gs1.org/01/09506000134', 'GS1_VALUE_TOO_SHORT'],
    ['https://id.gs1.org/01/09506000134352/10/A%G1', 'GS1_DL_BAD_ENCODING'],
    ['https://id.gs1.org/01/09506000134352/10/A%4', 'GS1_DL_BAD_ENCODING'],
    ['https://id.gs1.org/01/09506000134352?17=271340', 'GS1_INVALID_DATE'],
    ['https://id.gs1.org/01/09506000134352/10/A%20B', 'GS1_BAD_CHARACTER'],
    ['https://id.gs1.org/01/09506000134352/21/' + 'X'.repeat(21), 'GS1_VALUE_TOO_LONG'],
    ['https://id.gs1.org/01/09506000134352?10=', 'GS1_EMPTY_VALUE'],
    ['https://id.gs1.org/01/09506000134352/10/A?10=B', 'GS1_DUPLICATE_AI'],
  ])('%s -> %s', (raw, code) => {
    expect(decodeCode(raw, { today })).toMatchObject({ ok: false, code });
  });

  it('percent-decodes byte by byte and reports a broken escape', () => {
    expect(percentDecode('a%41b', 0, 5)).toBe('aAb');
    expect(percentDecode('abc', 0, 3)).toBe('abc');
    expect(percentDecode('a%4', 0, 3)).toBe(-2);
  });
});

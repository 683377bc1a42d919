import { describe, expect, it } from 'vitest';
import { decodeCode, type DecodeResult, type Decoded } from './decode.ts';
import { encodeDigitalLinkValue, percentDecode } from './digital-link.ts';

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
    ['https://id.gs1.org/01/09506000134352?17=', 'GS1_EMPTY_VALUE'],
  ])('%s -> %s', (raw, code) => {
    expect(decodeCode(raw, { today })).toMatchObject({ ok: false, code });
  });

  it('percent-decodes byte by byte (a broken escape is refused before: dictionary-2026.test.ts)', () => {
    expect(percentDecode('%2541', 0, 5)).toBe('%41'); // decoded once, not twice (section 4.8)
    expect(percentDecode('a%41b', 0, 5)).toBe('aAb');
    expect(percentDecode('abc', 0, 3)).toBe('abc');
    expect(percentDecode('a%4142', 0, 6)).toBe('aA42');
  });
});

describe("Digital Link path structure (URI syntax 1.x section 4.2, the dictionary's dlpkey)", () => {
  const GTIN = '09506000134352';

  it('accepts the qualifiers of 01 in the standard order 22, 10, 21, any of them left out', () => {
    expect(ok(decodeCode(`https://id.gs1.org/01/${GTIN}/22/V1/10/L1/21/S1`, { today })).ai).toMatchObject({ '22': 'V1', '10': 'L1' });
    expect(ok(decodeCode(`https://id.gs1.org/01/${GTIN}/22/V1/21/S1`, { today })).serial).toBe('S1');
    expect(ok(decodeCode(`https://id.gs1.org/01/${GTIN}/235/T1`, { today })).ai['235']).toBe('T1'); // the alternative sequence
  });

  it.each([
    [`https://id.gs1.org/01/${GTIN}/21/S1/10/L1`, 'a qualifier out of order'],
    [`https://id.gs1.org/01/${GTIN}/10/L1/10/L2`, 'a qualifier twice'],
    [`https://id.gs1.org/01/${GTIN}/17/271231`, 'a data attribute in the path'],
    [`https://id.gs1.org/01/${GTIN}/22/V1/235/T1`, 'two alternative sequences mixed'],
    [`https://id.gs1.org/01/${GTIN}/10/L1/extra`, 'a segment left over'],
  ])('refuses %s (%s)', (raw) => {
    expect(decodeCode(raw, { today })).toMatchObject({ ok: false, code: 'GS1_DL_BAD_PATH' });
  });

  it('refuses anything after a key that has no qualifiers (00)', () => {
    expect(decodeCode('https://id.gs1.org/00/106141412345678908/10/L1', { today })).toMatchObject({ code: 'GS1_DL_NO_QUALIFIERS' });
  });

  it('names the allowed qualifiers in the refusal', () => {
    expect(decodeCode(`https://id.gs1.org/01/${GTIN}/21/S1/10/L1`, { today })).toMatchObject({
      message: 'In the web address, (01) may only be followed by its qualifiers in this order (one sequence of): (22) (10) (21) | (235).',
    });
  });
});

describe('Digital Link query and URI rules (URI syntax 1.x sections 4.3-4.8, RFC 3986)', () => {
  const KEY = 'https://id.gs1.org/01/09506000134352';

  it('refuses a key qualifier or an AI that is no data attribute in the query', () => {
    expect(decodeCode(`${KEY}?21=S1`, { today })).toMatchObject({ code: 'GS1_DL_NOT_ATTRIBUTE', params: { ai: '21' } });
    expect(decodeCode(`${KEY}?10=L1`, { today })).toMatchObject({ code: 'GS1_DL_NOT_ATTRIBUTE', params: { ai: '10' } });
    expect(decodeCode(`${KEY}?8200=http`, { today })).toMatchObject({ code: 'GS1_DL_NOT_ATTRIBUTE' });
  });

  it('refuses an AI twice: in the path and the query, or twice in the query', () => {
    expect(decodeCode(`${KEY}?01=09506000134352`, { today })).toMatchObject({ code: 'GS1_DL_DUPLICATE_AI' });
    expect(decodeCode(`${KEY}?17=271231&17=271231`, { today })).toMatchObject({ code: 'GS1_DL_DUPLICATE_AI' });
    expect(decodeCode(`${KEY}?17=271231&exp=271231`, { today })).toMatchObject({ code: 'GS1_DL_DUPLICATE_AI' });
  });

  it('refuses an unknown numeric query key and ignores other non-AI keys', () => {
    expect(decodeCode(`${KEY}?9999=1`, { today })).toMatchObject({ code: 'GS1_UNKNOWN_AI', params: { ai: '9999' } });
    expect(ok(decodeCode(`${KEY}?linkType=gs1:pip&context=x&flag`, { today })).elements).toHaveLength(1);
  });

  it("reads '+' as a plus sign, not a space", () => {
    expect(ok(decodeCode(`${KEY}/10/A+B`, { today })).batch).toBe('A+B');
  });

  it.each([
    [`${KEY}/10/A B`, 'a space'],
    [`${KEY}/10/A"B`, 'a double quote'],
    [`${KEY}/10/A<B`, 'a less-than sign'],
    [`${KEY}/10/A{B}`, 'braces'],
    [`${KEY}/10/Aé`, 'a non-ASCII letter'],
  ])('refuses %s (%s is not a URI character)', (raw) => {
    expect(decodeCode(raw, { today })).toMatchObject({ ok: false, code: 'GS1_DL_BAD_CHARACTER' });
  });

  it('refuses an empty host', () => {
    expect(decodeCode('https:///01/09506000134352', { today })).toMatchObject({ code: 'GS1_DL_NO_HOST' });
    expect(decodeCode('https://:443/01/09506000134352', { today })).toMatchObject({ code: 'GS1_DL_NO_HOST' });
  });

  it('accepts http and https in all lower or all upper case only', () => {
    for (const scheme of ['http', 'https', 'HTTP', 'HTTPS']) {
      expect(decodeCode(`${scheme}://id.gs1.org/01/09506000134352`, { today }).ok, scheme).toBe(true);
    }
    expect(decodeCode('Https://id.gs1.org/01/09506000134352', { today })).toMatchObject({ code: 'GS1_DL_BAD_SCHEME' });
    expect(decodeCode('hTTp://id.gs1.org/01/09506000134352', { today })).toMatchObject({ code: 'GS1_DL_BAD_SCHEME' });
  });
});

describe('Writing a value into a Digital Link URI (URI syntax 1.2: the ABNF XCHAR/YCHAR percent-encodings; RFC 3986 2.1, 2.3)', () => {
  const KEY = 'https://id.gs1.org/01/09506000134352';
  /** GS1 General Specifications figure 7.11-1: the 82-character set of AIs 10 and 21. */
  const CSET82 = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

  it('keeps letters, digits and the unreserved - . _ ~ as they are', () => {
    expect(encodeDigitalLinkValue('ABC-123.x_y~z')).toBe('ABC-123.x_y~z');
    expect(encodeDigitalLinkValue('')).toBe('');
  });

  it('percent-encodes every other symbol of the 82- and 39-character sets, in upper-case hexadecimal', () => {
    expect(encodeDigitalLinkValue('!"%&\'()*+,/:;<=>?')).toBe('%21%22%25%26%27%28%29%2A%2B%2C%2F%3A%3B%3C%3D%3E%3F');
    expect(encodeDigitalLinkValue('A#1')).toBe('A%231'); // '#' of the 39-character set (CPID)
  });

  it('encodes a space and characters outside ASCII byte by byte of UTF-8, and never throws', () => {
    expect(encodeDigitalLinkValue('A B')).toBe('A%20B');
    expect(encodeDigitalLinkValue('é€😀')).toBe('%C3%A9%E2%82%AC%F0%9F%98%80');
    expect(encodeDigitalLinkValue('a\uD800b')).toBe('a%EF%BF%BDb'); // a lone surrogate, as TextEncoder writes it
  });

  it('writes batch, serial and expiry that the reader reads back to the same values, every 82-character symbol included', () => {
    for (let from = 0; from < CSET82.length; from += 20) {
      const value = CSET82.slice(from, from + 20);
      const link = `${KEY}/10/${encodeDigitalLinkValue(value)}/21/${encodeDigitalLinkValue(value.split('').reverse().join(''))}?17=${encodeDigitalLinkValue('271231')}`;
      expect(ok(decodeCode(link, { today }))).toMatchObject({
        batch: value,
        serial: value.split('').reverse().join(''),
        expiry: '2027-12-31',
      });
    }
  });

  it("writes '+' as %2B, so a query value holding one reads back (a raw '+' is refused there)", () => {
    const pallet = 'https://id.gs1.org/00/106141412345678908';
    expect(decodeCode(`${pallet}?4318=A+B`, { today })).toMatchObject({ ok: false, code: 'GS1_BAD_CHARACTER' });
    expect(ok(decodeCode(`${pallet}?4318=${encodeDigitalLinkValue('A+B')}`, { today })).ai['4318']).toBe('A+B');
  });
});

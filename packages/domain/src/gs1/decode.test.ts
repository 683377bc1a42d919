import { describe, expect, it } from 'vitest';
import { decodeCode, decodeScan, unitKeyOf, type DecodeResult, type Decoded } from './decode.ts';
import { MESSAGES } from '../messages.ts';

const today = '2026-11-22';
const GS = '\x1d';
const PACK = `]d20109506000134352172712311022A0B1${GS}21X7Z9Q4RT`;
const PALLET = ']C100106141412345678908';
const IFA = `[)>\x1e06${GS}9N110375286414${GS}1TB1${GS}D270600${GS}S1234567890AB\x1e\x04`;

function ok(result: DecodeResult): Decoded {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.message}`);
  return result;
}

describe('decodeScan: GS1 mode (spec point 5)', () => {
  it('reads the serial of an EA pack, identified by GTIN + serial', () => {
    expect(ok(decodeScan(PACK, { today, unit: 'EA' }))).toMatchObject({ id: 'X7Z9Q4RT', gtin: '09506000134352' });
  });

  it('treats BUN like EA', () => {
    expect(ok(decodeScan(PACK, { today, unit: 'BUN' })).id).toBe('X7Z9Q4RT');
    expect(decodeScan(PALLET, { today, unit: 'BUN' })).toMatchObject({ ok: false, code: 'SERIAL_NOT_RECOGNIZED' });
  });

  it("answers the spec's text when an EA scan has no serial", () => {
    const r = decodeScan('0109506000134352', { today, unit: 'EA' });
    expect(r).toEqual({ ok: false, code: 'SERIAL_NOT_RECOGNIZED', message: MESSAGES.SERIAL_NOT_RECOGNIZED, params: {} });
  });

  it('refuses a serial without its GTIN (GenSpecs 4.14.2: 21 needs 01, 03 or 8006)', () => {
    expect(decodeScan('21ABC', { today, unit: 'EA' })).toMatchObject({ ok: false, code: 'GS1_REQUIRED_AI_MISSING', params: { ai: '21' } });
  });

  it.each(['CTN', 'PLT'] as const)('reads the SSCC for %s', (unit) => {
    expect(ok(decodeScan(PALLET, { today, unit })).id).toBe('106141412345678908');
    expect(decodeScan(PACK, { today, unit })).toMatchObject({ ok: false, code: 'PACK_CODE_IN_SSCC_MODE' });
  });

  it('flags a batch scan that contains an SSCC', () => {
    expect(decodeScan(PALLET, { today, purpose: 'batch' })).toMatchObject({ ok: false, code: 'GS1_SSCC_IN_BATCH_SCAN' });
    expect(ok(decodeScan(`0109506000134352${'10'}B1`, { today, purpose: 'batch' })).batch).toBe('B1');
  });

  it('accepts Digital Link in GS1 mode but not IFA or plain codes', () => {
    expect(ok(decodeScan('https://id.gs1.org/01/09506000134352/21/S1', { today, unit: 'EA' })).id).toBe('S1');
    expect(decodeScan(IFA, { today, unit: 'EA' })).toMatchObject({ ok: false, code: 'ITEM_ID_NOT_SUPPORTED' });
  });

  it('passes decoding errors through', () => {
    expect(decodeScan('0109506000134353', { today, unit: 'EA' })).toMatchObject({ ok: false, code: 'GS1_BAD_CHECK_DIGIT' });
  });

  it('returns every field without a unit', () => {
    expect(ok(decodeScan(PACK, { today }))).toMatchObject({ id: null, serial: 'X7Z9Q4RT', expiry: '2027-12-31' });
  });
});

describe('decodeScan: non-GS1 mode (spec point 5)', () => {
  it('decodes an IFA matrix code first, with the pack serial as identifier', () => {
    expect(ok(decodeScan(IFA, { today, idType: 'NON_GS1', unit: 'EA' }))).toMatchObject({
      format: 'IFA',
      id: '1234567890AB',
      ppn: '110375286414',
    });
  });

  it('refuses a pack matrix code for a carton', () => {
    expect(decodeScan(IFA, { today, idType: 'NON_GS1', unit: 'CTN' })).toMatchObject({ ok: false, code: 'PACK_CODE_IN_SSCC_MODE' });
  });

  it('reports a matrix code error instead of reading it as a plain code', () => {
    expect(decodeScan(IFA.replace('414', '415'), { today, idType: 'NON_GS1' })).toMatchObject({ ok: false, code: 'PPN_BAD_CHECK_DIGITS' });
  });

  it('also reads a GS1 matrix code (symbology identifier or separators)', () => {
    expect(ok(decodeScan(PACK, { today, idType: 'NON_GS1', unit: 'EA' })).id).toBe('X7Z9Q4RT');
  });

  it('strips the configured prefix and accepts a plain code of 4 to 25 characters', () => {
    expect(ok(decodeScan('PFX-ABC123', { today, idType: 'NON_GS1', prefix: 'PFX-' }))).toMatchObject({
      format: 'PLAIN',
      code: 'ABC123',
      id: 'ABC123',
    });
    expect(ok(decodeScan('ABCD', { today, idType: 'NON_GS1' })).code).toBe('ABCD');
    expect(ok(decodeScan('A'.repeat(25), { today, idType: 'NON_GS1' })).code).toHaveLength(25);
  });

  it.each([
    ['ABC', 'ITEM_ID_NOT_SUPPORTED'],
    ['A'.repeat(26), 'ITEM_ID_NOT_SUPPORTED'],
    ['AB CD', 'ITEM_ID_NOT_SUPPORTED'],
    ['   ', 'SCAN_EMPTY'],
  ])("%j -> %s (spec point 5: a plain code that fits no rule gets the spec's message)", (raw, code) => {
    expect(decodeScan(raw, { today, idType: 'NON_GS1' })).toMatchObject({ ok: false, code });
  });

  it("refuses with the spec's text, word for word", () => {
    expect(decodeScan('ABC', { today, idType: 'NON_GS1' })).toMatchObject({
      message: "Item's ID is not supported. Please scan another item.",
    });
  });

  it("strips the warehouse's or the reader's prefix, the longest that matches, once (spec point 5)", () => {
    const options = { today, idType: 'NON_GS1', prefix: ['WH1', 'WH1-R7:'] } as const;
    expect(ok(decodeScan('WH1-R7:ABC123', options)).code).toBe('ABC123');
    expect(ok(decodeScan('WH1ABC123', options)).code).toBe('ABC123');
    expect(ok(decodeScan('WH1WH1AB', options)).code).toBe('WH1AB');
    expect(ok(decodeScan('XYZ123', options)).code).toBe('XYZ123');
  });

  it('applies the 4 to 25 check after the prefix is removed', () => {
    expect(decodeScan('PFX-ABC', { today, idType: 'NON_GS1', prefix: 'PFX-' })).toMatchObject({
      code: 'ITEM_ID_NOT_SUPPORTED',
      params: { length: 3 },
    });
  });

  it('reads a plain code after a non-GS1 symbology identifier (]C0 Code 128)', () => {
    expect(ok(decodeScan(']C0ABC123', { today, idType: 'NON_GS1' })).code).toBe('ABC123');
  });

  it('tries a matrix code of 20 to 200 characters first, and only in that range', () => {
    const long = `]d2${'01' + '09506000134352'}10${'B'.repeat(20)}${GS}21${'S'.repeat(20)}${GS}91${'X'.repeat(90)}${GS}92${'Y'.repeat(60)}`;
    expect(long.length).toBeGreaterThan(200);
    expect(decodeScan(long, { today, idType: 'NON_GS1' })).toMatchObject({ ok: false, code: 'ITEM_ID_NOT_SUPPORTED' });
    expect(ok(decodeScan(`]d20109506000134352${GS}21ABC`, { today, idType: 'NON_GS1' })).format).toBe('GS1');
  });
});

describe('decodeScan: a bare 18-digit SSCC typed in carton or pallet mode (GS1 mode)', () => {
  it.each(['CTN', 'PLT'] as const)('%s: says what is missing instead of an unknown AI', (unit) => {
    expect(decodeScan('106141412345678908', { today, unit })).toMatchObject({ ok: false, code: 'SSCC_WITHOUT_AI' });
  });

  it('names the unit whose label to scan instead', () => {
    expect(decodeScan('106141412345678908', { today, unit: 'PLT' })).toMatchObject({
      message:
        "These 18 digits are an SSCC typed without its Application Identifier (00): scan the pallet's SSCC label, or type 00 before the digits.",
    });
  });

  it.each([
    ['PLT', 'pallet'],
    ['CTN', 'carton'],
  ] as const)('a pack code scanned in %s mode says it is a pack code and what to do', (unit, word) => {
    expect(decodeScan(`]d20109506000134352${GS}21ABC`, { today, unit })).toEqual({
      ok: false,
      code: 'PACK_CODE_IN_SSCC_MODE',
      message: `This is a pack code: choose Pack, or scan the ${word}'s SSCC label.`,
      params: { unit: word },
    });
  });

  it('is accepted as the SSCC where the setting allows it', () => {
    expect(ok(decodeScan('106141412345678908', { today, unit: 'PLT', bareSscc: true }))).toMatchObject({
      sscc: '106141412345678908',
      id: '106141412345678908',
      ai: { '00': '106141412345678908' },
    });
  });

  it('needs a valid check digit and the carton or pallet mode', () => {
    expect(decodeScan('106141412345678907', { today, unit: 'PLT', bareSscc: true })).not.toMatchObject({ ok: true });
    expect(decodeScan('106141412345678908', { today, unit: 'EA', bareSscc: true })).not.toMatchObject({ ok: true });
  });
});

describe('decodeScan: the 00 setting for 20-character codes', () => {
  it('is off by default', () => {
    expect(decodeScan('00ABCDEFGHIJKLMNOPQR', { today, idType: 'NON_GS1' })).toMatchObject({ ok: true, code: '00ABCDEFGHIJKLMNOPQR' });
  });
  it('removes the first two characters of a 20-character code starting with 00 when on', () => {
    expect(decodeScan('00ABCDEFGHIJKLMNOPQR', { today, idType: 'NON_GS1', strip00: true })).toMatchObject({
      ok: true,
      code: 'ABCDEFGHIJKLMNOPQR',
    });
    expect(decodeScan('01ABCDEFGHIJKLMNOPQR', { today, idType: 'NON_GS1', strip00: true })).toMatchObject({
      ok: true,
      code: '01ABCDEFGHIJKLMNOPQR',
    });
    expect(decodeScan('00ABCDEFGHIJKLMNOPQ', { today, idType: 'NON_GS1', strip00: true })).toMatchObject({
      ok: true,
      code: '00ABCDEFGHIJKLMNOPQ',
    });
  });

  it('in carton or pallet mode leaves the SSCC of a label read without its AI (decision 0042)', () => {
    const raw = '00106141412345678908';
    // Off: the 20 characters are a plain code that names no SSCC.
    expect(decodeScan(raw, { today, idType: 'NON_GS1', unit: 'PLT' })).toMatchObject({ ok: true, code: raw, sscc: null });
    expect(decodeScan(raw, { today, idType: 'NON_GS1', unit: 'PLT', strip00: true })).toMatchObject({
      ok: true,
      code: '106141412345678908',
      sscc: '106141412345678908',
    });
    // A wrong check digit is no SSCC: the plain code stays a code.
    expect(decodeScan('00106141412345678907', { today, idType: 'NON_GS1', unit: 'PLT', strip00: true })).toMatchObject({ sscc: null });
  });

  it('does nothing in GS1 mode, where 00 is the AI of the SSCC (GenSpecs 3.2)', () => {
    expect(ok(decodeScan('00106141412345678908', { today, unit: 'PLT', strip00: true }))).toMatchObject({ sscc: '106141412345678908' });
  });
});

describe('symbology identifiers (GenSpecs 5.1.2, ISO/IEC 15424)', () => {
  const GTIN = '09506000134352';

  it.each([']C1', ']d2', ']Q3', ']e0', ']J1'])('reads %s data as GS1 element strings', (id) => {
    expect(decodeCode(`${id}01${GTIN}`, { today })).toMatchObject({ ok: true, symbology: id, gtin: GTIN });
  });

  it('reads a bare GTIN from EAN-13 / UPC-A (]E0) and EAN-8 (]E4)', () => {
    expect(decodeCode(']E09506000134352', { today })).toMatchObject({ ok: true, gtin: GTIN });
    expect(decodeCode(']E495012346', { today })).toMatchObject({ ok: true, gtin: '00000095012346' });
    // A wrong check digit names the right one (GenSpecs 7.9.1).
    expect(decodeCode(']E09506000134353', { today })).toMatchObject({
      ok: false,
      code: 'GS1_BAD_CHECK_DIGIT',
      params: { expected: '2', found: '3' },
    });
  });

  it.each([']C0', ']d1', ']Q1', ']E0', ']A0', ']e1'])('answers that %s does not carry GS1 element strings', (id) => {
    expect(decodeCode(`${id}01${GTIN}`, { today })).toMatchObject({ ok: false, code: 'GS1_NOT_GS1_SYMBOLOGY', params: { symbology: id } });
  });

  it('reads a Digital Link URI only where it stands alone (Digital Link 1.x section 4): ]Q1 / ]d1, not ]Q3 / ]d2', () => {
    const uri = `https://id.gs1.org/01/${GTIN}`;
    expect(decodeCode(`]Q1${uri}`, { today })).toMatchObject({ ok: true, format: 'GS1_DIGITAL_LINK' });
    expect(decodeCode(`]d1${uri}`, { today })).toMatchObject({ ok: true, format: 'GS1_DIGITAL_LINK' });
    expect(decodeCode(`]Q3${uri}`, { today })).toMatchObject({ ok: false, code: 'GS1_DL_NOT_STANDALONE' });
    expect(decodeCode(`]d2${uri}`, { today })).toMatchObject({ ok: false, code: 'GS1_DL_NOT_STANDALONE' });
  });
});

describe('garbage never throws', () => {
  it.each([undefined, null, 42, {}, '\u0000', '\uffff'.repeat(3), ']', ']d', '(', '(01', 'http://', 'https://%'])('%j', (raw) => {
    const r = decodeScan(raw as string, { today, unit: 'EA' });
    expect(r.ok).toBe(false);
  });
});

describe('result shape', () => {
  it('serialises with its ai view, in JSON and after the first read', () => {
    const r = ok(decodeScan(PACK, { today, unit: 'EA' }));
    const json = JSON.parse(JSON.stringify(r)) as Record<string, unknown>;
    expect(json.ai).toEqual({ '01': '09506000134352', '17': '271231', '10': '22A0B1', '21': 'X7Z9Q4RT' });
    expect(r.ai['21']).toBe('X7Z9Q4RT');
    expect({ ...r }.ai).toBe(r.ai);
  });
});

describe('unitKeyOf: what the server finds a scanned unit by (spec point 5)', () => {
  const key = (raw: string, unit: 'EA' | 'CTN', idType: 'GS1' | 'NON_GS1') => {
    const decoded = decodeScan(raw, { today, unit, idType });
    return decoded.ok ? unitKeyOf(decoded, unit) : decoded.code;
  };

  it('an SSCC in carton or pallet mode, GTIN + serial for a pack, and nothing for a plain code that is neither', () => {
    expect(key('00106141412345678908', 'CTN', 'GS1')).toEqual({ sscc: '106141412345678908' });
    expect(key('106141412345678908', 'CTN', 'NON_GS1')).toEqual({ sscc: '106141412345678908' });
    expect(key(`0109506000134352${GS}21ABC`, 'EA', 'GS1')).toEqual({ gtin: '09506000134352', serial: 'ABC' });
    // A plain code is read (spec point 5) but names no unit: the server refuses it (ITEM_ID_NOT_SUPPORTED).
    expect(key('00106141412345678908', 'CTN', 'NON_GS1')).toBeNull();
    expect(key('X7Z9Q4RT', 'EA', 'NON_GS1')).toBeNull();
  });
});

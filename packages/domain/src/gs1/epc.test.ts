import { describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from './check-digit.ts';
import { parseEpc, sgtinUri, ssccUri } from './epc.ts';

const TODAY = '2026-11-22';

describe('EPC URIs (GS1 Tag Data Standard 6.3)', () => {
  it('reads the SGTIN of the EPCIS 2.0 standard example 9.6.1', () => {
    // urn:epc:id:sgtin:0614141.107346.2017: indicator 1, company 0614141, item 07346 -> GTIN 10614141073464
    expect(parseEpc('urn:epc:id:sgtin:0614141.107346.2017', TODAY)).toEqual({ kind: 'sgtin', gtin: '10614141073464', serial: '2017' });
  });

  it('reads the SSCC of the EPCIS 2.0 standard example 9.6.3', () => {
    // urn:epc:id:sscc:0614141.1234567890: extension 1, company 0614141, serial ref 234567890
    const key = parseEpc('urn:epc:id:sscc:0614141.1234567890', TODAY);
    expect(key).toEqual({ kind: 'sscc', sscc: '106141412345678908' });
    expect(hasValidCheckDigit((key as { sscc: string }).sscc)).toBe(true);
  });

  it('percent-decodes serials and reads Digital Link URIs the same way', () => {
    expect(parseEpc('urn:epc:id:sgtin:0614141.107346.AB%2F12', TODAY)).toMatchObject({ serial: 'AB/12' });
    expect(parseEpc('https://id.gs1.org/01/10614141073464/21/2017', TODAY)).toEqual({
      kind: 'sgtin',
      gtin: '10614141073464',
      serial: '2017',
    });
    expect(parseEpc('https://id.gs1.org/00/106141412345678908', TODAY)).toEqual({ kind: 'sscc', sscc: '106141412345678908' });
  });

  it('refuses what is not a pack or an SSCC', () => {
    for (const bad of [
      'urn:epc:id:sgln:0614141.07346.1234',
      'urn:epc:id:sgtin:0614141.1073.2017',
      'nonsense',
      'https://id.gs1.org/01/10614141073468/21/1',
    ]) {
      expect(parseEpc(bad, TODAY)).toEqual({ kind: 'unknown' });
    }
  });

  it('writes URIs that read back', () => {
    expect(parseEpc(sgtinUri('10614141073464', 'A/1'), TODAY)).toEqual({ kind: 'sgtin', gtin: '10614141073464', serial: 'A/1' });
    expect(parseEpc(ssccUri('106141412345678908'), TODAY)).toEqual({ kind: 'sscc', sscc: '106141412345678908' });
  });

  it('reads a 20-character serial whose escapes make it longer as written, and no serial longer than 20', () => {
    const serial = '///A/AAAAA/AAAAAAAAA';
    expect(parseEpc(sgtinUri('10614141073464', serial), TODAY)).toEqual({ kind: 'sgtin', gtin: '10614141073464', serial });
    expect(parseEpc(sgtinUri('10614141073464', serial + 'A'), TODAY)).toEqual({ kind: 'unknown' });
  });
});

import { describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from './check-digit.ts';
import { buildSscc, isSsccIssuer, ssccSerialCapacity } from './sscc.ts';

describe('buildSscc (GS1 General Specifications 2.2.1, check digit 7.9.1)', () => {
  it("gives GS1's own example: extension 1, prefix 0614141, serial reference 234567890 -> 106141412345678908", () => {
    // EPC Tag Data Standard's example urn:epc:id:sscc:0614141.1234567890 is this SSCC.
    expect(buildSscc('1', '0614141', 234567890)).toBe('106141412345678908');
  });

  it('pads the serial reference to 16 - prefix length digits and ends in a valid check digit', () => {
    for (const prefix of ['0614141', '06141411', '061414112', '0614141123']) {
      const sscc = buildSscc('3', prefix, 7)!;
      expect(sscc).toHaveLength(18);
      expect(sscc.startsWith('3' + prefix)).toBe(true);
      expect(sscc.slice(1 + prefix.length, 17)).toBe('7'.padStart(16 - prefix.length, '0'));
      expect(hasValidCheckDigit(sscc)).toBe(true);
    }
  });

  it('refuses a serial reference past the range of the prefix, and bad issuers', () => {
    expect(ssccSerialCapacity('0614141')).toBe(999_999_999);
    expect(ssccSerialCapacity('0614141123')).toBe(999_999);
    expect(buildSscc('1', '0614141123', 999_999)).toBe('106141411239999990');
    expect(buildSscc('1', '0614141123', 1_000_000)).toBeUndefined();
    expect(buildSscc('1', '0614141', -1)).toBeUndefined();
    expect(buildSscc('1', '0614141', 1.5)).toBeUndefined();
    expect(isSsccIssuer('061414', '1')).toBe(false);
    expect(isSsccIssuer('06141411234', '1')).toBe(false);
    expect(isSsccIssuer('0614141', '12')).toBe(false);
    expect(isSsccIssuer('061414A', '1')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { withCheckDigit } from './check-digit.ts';
import { destinationGlns } from './epcis-destination.ts';

/** EPCIS 2.0 section 7.3.5.4 (source and destination), CBV 2.0 section 7.5 (their types), TDS 6.3.3 (SGLN). */
describe('the places an EPCIS event sends its goods to', () => {
  const W2010 = '8881234020109';

  it("reads GS1's example 9.6.2: the location, not the owning party", () => {
    const event = {
      destinationList: [
        { type: 'owning_party', destination: 'urn:epc:id:sgln:0614141.00001.0' },
        { type: 'location', destination: 'urn:epc:id:sgln:0614141.00777.0' },
      ],
    };
    expect(destinationGlns(event)).toEqual([withCheckDigit('061414100777')]);
  });

  it('reads SGLN URIs with an extension, GS1 Digital Link URIs and CBV URNs, each GLN once', () => {
    const event = {
      destinationList: [
        { type: 'urn:epcglobal:cbv:sdt:location', destination: 'urn:epc:id:sgln:8881234.02010.DOCK4' },
        { type: 'location', destination: `https://id.gs1.org/414/${W2010}/254/DOCK4` },
        { type: 'location', destination: 'https://example.com/414/8881234030108' },
      ],
    };
    expect(destinationGlns(event)).toEqual([W2010, '8881234030108']);
  });

  it('leaves out parties, malformed URIs and wrong check digits', () => {
    const event = {
      destinationList: [
        { type: 'possessing_party', destination: 'urn:epc:id:pgln:8881234.02010' },
        { type: 'location', destination: 'urn:epc:id:sgln:8881234.0201.0' },
        { type: 'location', destination: 'https://id.gs1.org/414/8881234020108' },
        { type: 'location', destination: 42 },
        null,
      ],
    };
    expect(destinationGlns(event)).toEqual([]);
    expect(destinationGlns({})).toEqual([]);
    expect(destinationGlns({ destinationList: 'location' })).toEqual([]);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aggregationEvents, type Aggregations } from './aggregation-event.ts';
import { eventHashId, eventHashPreimage } from './event-hash.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

// Demo keys: GS1's example company prefix 0614141 (EPC Tag Data Standard), valid check digits.
const NEW_PALLET = '506141410000000017';
const OLD_PALLET = '106141410000000019';
const CARTON = '106141410000000026';
const GTIN = '10614141073464';
const base: Aggregations = {
  units: [
    { sscc: CARTON, gtin: null, serial: null, from: OLD_PALLET, to: NEW_PALLET },
    { sscc: null, gtin: GTIN, serial: 'S1', from: CARTON, to: NEW_PALLET },
    // Put on and taken off again: back where it was, no event.
    { sscc: null, gtin: GTIN, serial: 'S2', from: OLD_PALLET, to: OLD_PALLET },
    // Taken off to stand on its own: a DELETE only.
    { sscc: null, gtin: GTIN, serial: 'S3', from: NEW_PALLET, to: null },
  ],
  bizSteps: { add: 'packing', remove: 'unpacking' },
  at: '2026-11-24T08:00:00.000Z',
  timeZoneOffset: '+08:00',
  gln: '0614141073467',
  documentNumber: 'RP00000001',
};

/** EPCIS 2.0 section 7.4.3 (AggregationEvent), CBV 2.0 sections 7.1 (packing, unpacking) and 8.9 (event hash). */
describe('aggregationEvents', () => {
  it('per parent: a DELETE of the units taken off it, then an ADD of the units put on it', () => {
    const events = aggregationEvents(base, sha256);
    expect(events.map((e) => [e.action, e.parentID, e.childEPCs, e.bizStep])).toEqual([
      ['DELETE', 'urn:epc:id:sscc:0614141.1000000001', ['urn:epc:id:sscc:0614141.1000000002'], 'unpacking'],
      ['DELETE', 'urn:epc:id:sscc:0614141.1000000002', ['urn:epc:id:sgtin:0614141.107346.S1'], 'unpacking'],
      ['DELETE', 'urn:epc:id:sscc:0614141.5000000001', ['urn:epc:id:sgtin:0614141.107346.S3'], 'unpacking'],
      [
        'ADD',
        'urn:epc:id:sscc:0614141.5000000001',
        ['urn:epc:id:sgtin:0614141.107346.S1', 'urn:epc:id:sscc:0614141.1000000002'],
        'packing',
      ],
    ]);
    expect(events[3]).toMatchObject({
      type: 'AggregationEvent',
      eventTime: '2026-11-24T08:00:00.000Z',
      eventTimeZoneOffset: '+08:00',
      readPoint: { id: 'urn:epc:id:sgln:0614141.07346.0' },
      bizLocation: { id: 'urn:epc:id:sgln:0614141.07346.0' },
      bizTransactionList: [{ bizTransaction: 'urn:epcglobal:cbv:bt:0614141073467:RP00000001' }],
    });
  });

  it('the eventID is the CBV 2.0 event hash: parentID after epcList, then childEPCs, then action (section 8.9.2)', () => {
    const add = aggregationEvents(base, sha256)[3]!;
    const preimage = eventHashPreimage(add);
    expect(preimage).toBe(
      'eventType=AggregationEventeventTime=2026-11-24T08:00:00.000ZeventTimeZoneOffset=+08:00' +
        `parentID=https://id.gs1.org/00/${NEW_PALLET}` +
        `childEPCsepc=https://id.gs1.org/00/${CARTON}epc=https://id.gs1.org/01/${GTIN}/21/S1` +
        'action=ADDbizStep=https://ref.gs1.org/cbv/BizStep-packing' +
        'readPointid=https://id.gs1.org/414/0614141073467bizLocationid=https://id.gs1.org/414/0614141073467' +
        'bizTransactionListbizTransaction=urn:epcglobal:cbv:bt:0614141073467:RP00000001',
    );
    expect(add.eventID).toBe(eventHashId(preimage!, sha256));
    // The same moves give the same events (an event recorded twice is recorded once).
    expect(aggregationEvents(base, sha256)).toEqual(aggregationEvents(base, sha256));
  });

  it('no moves, no events; a warehouse without a GLN gives events without location', () => {
    expect(aggregationEvents({ ...base, units: [base.units[2]!] }, sha256)).toEqual([]);
    const [first] = aggregationEvents({ ...base, gln: null }, sha256);
    expect(first).not.toHaveProperty('readPoint');
    expect(first).not.toHaveProperty('bizTransactionList');
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeDigitalLinkValue } from './digital-link.ts';
import { epcDigitalLink, eventHashId, eventHashPreimage, utcMillis, type EpcisObjectEvent } from './event-hash.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The single-event example of GS1's reference implementation (tests/examples/epcisDocWithSingleEvent), JSON-LD as published. */
const REFERENCE: EpcisObjectEvent = {
  type: 'ObjectEvent',
  action: 'OBSERVE',
  bizStep: 'shipping',
  disposition: 'in_transit',
  epcList: ['urn:epc:id:sgtin:0614141.107346.2018', 'urn:epc:id:sgtin:0614141.107346.2017'],
  eventTime: '2022-02-16T20:33:31.116000-06:00',
  eventTimeZoneOffset: '-06:00',
  readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234' },
  bizTransactionList: [{ type: 'po', bizTransaction: 'http://transaction.acme.com/po/12345678' }],
};

describe('CBV 2.0 section 8.9: the event hash ID', () => {
  it("reproduces the pre-hash string and hash of GS1's reference implementation", () => {
    const preimage = eventHashPreimage(REFERENCE);
    expect(preimage).toBe(
      'eventType=ObjectEventeventTime=2022-02-17T02:33:31.116ZeventTimeZoneOffset=-06:00' +
        'epcListepc=https://id.gs1.org/01/10614141073464/21/2017epc=https://id.gs1.org/01/10614141073464/21/2018' +
        'action=OBSERVEbizStep=https://ref.gs1.org/cbv/BizStep-shippingdisposition=https://ref.gs1.org/cbv/Disp-in_transit' +
        'readPointid=https://id.gs1.org/414/0614141073467/254/1234' +
        'bizTransactionListbizTransaction=http://transaction.acme.com/po/12345678type=https://ref.gs1.org/cbv/BTT-po',
    );
    expect(eventHashId(preimage!, sha256)).toBe(
      'ni:///sha-256;3e0f2437f4cb5e8a1b832b769c0eed1bf3e1421f14061132e9800ded03f10182?ver=CBV2.0',
    );
  });

  it('8.9.2: the order of list items and of keys, and an existing eventID, do not change the hash', () => {
    const shuffled: EpcisObjectEvent = {
      eventID: 'urn:uuid:00000000-0000-4000-8000-000000000000',
      ...REFERENCE,
      epcList: [...REFERENCE.epcList].reverse(),
    };
    expect(eventHashPreimage(shuffled)).toBe(eventHashPreimage(REFERENCE));
  });

  it('8.9.2: any change of a value changes the pre-hash string', () => {
    const base = eventHashPreimage(REFERENCE);
    expect(eventHashPreimage({ ...REFERENCE, disposition: 'in_progress' })).not.toBe(base);
    expect(eventHashPreimage({ ...REFERENCE, eventTime: '2022-02-16T20:33:31.117-06:00' })).not.toBe(base);
    expect(
      eventHashPreimage({ ...REFERENCE, bizTransactionList: [{ bizTransaction: 'http://transaction.acme.com/po/12345678' }] }),
    ).not.toBe(base);
  });

  it('8.9.2: source and destination lists follow the business transactions, each identifier as a Digital Link, then its SDT type', () => {
    const preimage = eventHashPreimage({
      ...REFERENCE,
      destinationList: [{ type: 'location', destination: 'urn:epc:id:sgln:0614141.00002.0' }],
      sourceList: [{ type: 'location', source: 'urn:epc:id:sgln:0614141.07346.1234' }],
    });
    expect(preimage).toBe(
      `${eventHashPreimage(REFERENCE)}` +
        'sourceListsource=https://id.gs1.org/414/0614141073467/254/1234type=https://ref.gs1.org/cbv/SDT-location' +
        'destinationListdestination=https://id.gs1.org/414/0614141000029type=https://ref.gs1.org/cbv/SDT-location',
    );
    expect(eventHashPreimage({ ...REFERENCE, sourceList: [{ type: 'urn:x', source: 'urn:epc:id:sgln:0614141.00002.0' }] })).toBeNull();
  });

  it('8.9.2: a quantity list follows the EPCs, each class as a Digital Link (LGTIN: GTIN and lot) with its quantity', () => {
    const counted: EpcisObjectEvent = {
      ...REFERENCE,
      epcList: [],
      quantityList: [
        { epcClass: 'urn:epc:class:lgtin:0614141.107346.LOT%2F2', quantity: 3 },
        { epcClass: 'urn:epc:class:lgtin:0614141.107346.LOT1', quantity: 12 },
      ],
    };
    expect(eventHashPreimage(counted)).toContain(
      'eventTimeZoneOffset=-06:00quantityList' +
        'quantityElementepcClass=https://id.gs1.org/01/10614141073464/10/LOT%2F2quantity=3' +
        'quantityElementepcClass=https://id.gs1.org/01/10614141073464/10/LOT1quantity=12' +
        'action=OBSERVE',
    );
    expect(
      eventHashPreimage({ ...counted, quantityList: [{ epcClass: 'urn:epc:class:lgtin:0614141.107346.LOT1', quantity: 1.5 }] }),
    ).toBeNull();
  });

  it('answers null for what it does not cover rather than a hash nobody else reproduces', () => {
    expect(eventHashPreimage({ ...REFERENCE, bizStep: 'urn:epcglobal:cbv:bizstep:shipping' })).toBeNull();
    expect(eventHashPreimage({ ...REFERENCE, readPoint: { id: 'geo:47.506694,11.104301' } })).toBeNull();
    expect(eventHashPreimage({ ...REFERENCE, epcList: ['urn:epc:id:grai:0614141.12345.400'] })).toBeNull();
    expect(eventHashPreimage({ ...REFERENCE, ilmd: {} } as EpcisObjectEvent)).toBeNull();
    expect(eventHashPreimage({ ...REFERENCE, eventTime: 'yesterday' })).toBeNull();
  });
});

describe('CBV 2.0 section 8.9.2, rules 8 and 9: times in UTC with milliseconds', () => {
  it.each([
    ['2022-02-16T20:33:31.116000-06:00', '2022-02-17T02:33:31.116Z'],
    ['2026-11-20T10:00:00Z', '2026-11-20T10:00:00.000Z'],
    ['2023-01-18T11:04:03.1415Z', '2023-01-18T11:04:03.142Z'],
    ['2023-01-18T11:04:03.1414Z', '2023-01-18T11:04:03.141Z'],
    ['2023-12-31T23:59:59.9996Z', '2024-01-01T00:00:00.000Z'],
    ['2026-11-21T01:30:00+08:00', '2026-11-20T17:30:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
  ])('%s is %s', (value, utc) => {
    expect(utcMillis(value)).toBe(utc);
  });

  it.each([
    '2026-02-29T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-11-20T24:00:00Z',
    '2026-11-20T10:00:00',
    '2026-11-20',
    '',
    '2026-11-20T10:00:00+15:00',
  ])('%s is no time', (value) => {
    expect(utcMillis(value)).toBeNull();
  });
});

describe('CBV 2.0 section 8.9.2, rule 17: EPC URIs as canonical GS1 Digital Link URIs', () => {
  it.each([
    ['urn:epc:id:sgtin:0614141.107346.2017', 'https://id.gs1.org/01/10614141073464/21/2017'],
    ['urn:epc:id:sscc:4012345.1112223334', 'https://id.gs1.org/00/140123451122233341'],
    ['urn:epc:id:sgln:4012345.00022.0', 'https://id.gs1.org/414/4012345000221'],
    ['urn:epc:id:sgln:0614141.07346.1234', 'https://id.gs1.org/414/0614141073467/254/1234'],
    ['urn:epc:id:sgtin:8881234.010000.A%2FB', 'https://id.gs1.org/01/08881234100009/21/A%2FB'],
  ])('%s is %s', (urn, link) => {
    expect(epcDigitalLink(urn)).toBe(link);
  });

  it('encodes every character of a serial but the unreserved ones', () => {
    expect(encodeDigitalLinkValue("A(1)!*'~._-")).toBe('A%281%29%21%2A%27~._-');
  });

  it.each(['urn:epc:id:sgtin:0614141.10734.2017', 'urn:epc:id:sscc:4012345.111222333', 'https://id.gs1.org/00/140123451122233341'])(
    '%s is not converted',
    (uri) => {
      expect(epcDigitalLink(uri)).toBeNull();
    },
  );
});

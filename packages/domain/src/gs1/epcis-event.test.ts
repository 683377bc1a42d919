import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MovementEventsDocument } from '../contract/epcis.ts';
import { dispatch, receive, returns, returnToPrincipal, scrap, transfer } from '../families/registry.ts';
import { withCheckDigit } from './check-digit.ts';
import { parseEpc } from './epc.ts';
import { BATCH_STATUS_CBV, movementEvent, sglnUri, type Movement, type MovementUnit } from './epcis-event.ts';
import { eventHashId, eventHashPreimage, type EpcisObjectEvent } from './event-hash.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** The demo's regional warehouse W2010: company prefix 8881234, location reference 02010. */
const GLN = '8881234020109';
const PALLET = withCheckDigit('08881234000011234');
const CARTON = withCheckDigit('08881234000025678');
const GTIN = withCheckDigit('0888123410000');
const pack = (serial: string): MovementUnit => ({ sscc: null, gtin: GTIN, serial });

const receipt: Movement = {
  document: { number: '1800000104' },
  cbv: receive.cbv,
  at: '2026-11-20T10:15:00.000Z',
  timeZoneOffset: '+08:00',
  gln: GLN,
  units: [pack('B2'), { sscc: CARTON, gtin: null, serial: null }, pack('A1'), { sscc: PALLET, gtin: null, serial: null }],
};

function built(m: Movement) {
  const r = movementEvent(m, sha256);
  if (!r.ok) throw new Error(r.error);
  return r.event;
}

describe('EPCIS 2.0 section 7.4.2: a completed movement as an ObjectEvent', () => {
  it('a receipt (CBV 2.0 7.1 receiving, 7.2 sellable_not_accessible, 7.3 recadv) at the warehouse SGLN', () => {
    const event = built(receipt);
    expect(event).toEqual({
      type: 'ObjectEvent',
      eventID: expect.stringMatching(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/),
      eventTime: '2026-11-20T10:15:00.000Z',
      eventTimeZoneOffset: '+08:00',
      epcList: [
        'urn:epc:id:sscc:8881234.0000011234',
        'urn:epc:id:sscc:8881234.0000025678',
        'urn:epc:id:sgtin:8881234.010000.A1',
        'urn:epc:id:sgtin:8881234.010000.B2',
      ],
      action: 'OBSERVE',
      bizStep: 'receiving',
      disposition: 'sellable_not_accessible',
      readPoint: { id: 'urn:epc:id:sgln:8881234.02010.0' },
      bizLocation: { id: 'urn:epc:id:sgln:8881234.02010.0' },
      bizTransactionList: [{ type: 'recadv', bizTransaction: 'urn:epcglobal:cbv:bt:8881234020109:1800000104' }],
    });
  });

  it('EPCIS 2.0 7.3.4: a dispatch (shipping, in_transit, desadv) has a readPoint but no bizLocation: the goods are between locations', () => {
    const event = built({ ...receipt, cbv: dispatch.cbv, document: { number: '8000000101' } });
    expect(event).toMatchObject({ bizStep: 'shipping', disposition: 'in_transit', readPoint: { id: 'urn:epc:id:sgln:8881234.02010.0' } });
    expect(event.bizLocation).toBeUndefined();
    expect(event.bizTransactionList).toEqual([{ type: 'desadv', bizTransaction: 'urn:epcglobal:cbv:bt:8881234020109:8000000101' }]);
  });

  it('a transfer (shipping, in_transit, po) and a return to principal (shipping, returned, desadv) leave the warehouse: no bizLocation', () => {
    const sto = built({ ...receipt, cbv: transfer.cbv, document: { number: '3000000301' } });
    expect(sto).toMatchObject({ bizStep: 'shipping', disposition: 'in_transit', readPoint: { id: 'urn:epc:id:sgln:8881234.02010.0' } });
    expect(sto.bizLocation).toBeUndefined();
    expect(sto.bizTransactionList?.[0]?.type).toBe('po');
    const rtp = built({ ...receipt, cbv: returnToPrincipal.cbv, document: { number: '4000000301' } });
    expect(rtp).toMatchObject({ bizStep: 'shipping', disposition: 'returned' });
    expect(rtp.bizLocation).toBeUndefined();
    expect(rtp.bizTransactionList?.[0]?.type).toBe('desadv');
  });

  it('EPCIS 2.0 7.3.5.4: a transfer to a named warehouse carries its source and destination locations (CBV 2.0 7.5 location)', () => {
    const destination = withCheckDigit('888123403010');
    const sto = built({ ...receipt, cbv: transfer.cbv, document: { number: '3000000301' }, destinationGln: destination });
    expect(sto.sourceList).toEqual([{ type: 'location', source: 'urn:epc:id:sgln:8881234.02010.0' }]);
    expect(sto.destinationList).toEqual([{ type: 'location', destination: 'urn:epc:id:sgln:8881234.03010.0' }]);
    // The hash covers them (CBV 2.0 8.9.2): another destination, another eventID.
    const elsewhere = built({
      ...receipt,
      cbv: transfer.cbv,
      document: { number: '3000000301' },
      destinationGln: withCheckDigit('888123404010'),
    });
    expect(elsewhere.eventID).not.toBe(sto.eventID);
    expect(built({ ...receipt, cbv: transfer.cbv, document: { number: '3000000301' } }).destinationList).toBeUndefined();
    expect(movementEvent({ ...receipt, destinationGln: '8881234030100' }, sha256)).toEqual({ ok: false, error: 'BAD_GLN' });
  });

  it('EPCIS 2.0 7.3.3: counted stock (ScanLite) moves as quantities of its GTIN and lot (LGTIN class, EPC TDS 6.4.2), no instance EPCs', () => {
    const counted = built({
      ...receipt,
      cbv: dispatch.cbv,
      document: { number: '9000000201' },
      units: [],
      quantities: [
        { gtin: GTIN, lot: 'B2', quantity: 2 },
        { gtin: GTIN, lot: 'A1', quantity: 3 },
        { gtin: GTIN, lot: 'C3', quantity: 0 },
      ],
    });
    expect(counted.epcList).toEqual([]);
    expect(counted.quantityList).toEqual([
      { epcClass: 'urn:epc:class:lgtin:8881234.010000.A1', quantity: 3 },
      { epcClass: 'urn:epc:class:lgtin:8881234.010000.B2', quantity: 2 },
    ]);
    expect(movementEvent({ ...receipt, units: [], quantities: [{ gtin: GTIN, lot: 'A1', quantity: 0 }] }, sha256)).toEqual({
      ok: false,
      error: 'NO_UNITS',
    });
  });

  it('a return (receiving, returned, CBV 2.0 7.3 rma) stays at the warehouse', () => {
    const event = built({ ...receipt, cbv: returns.cbv });
    expect(event).toMatchObject({ bizStep: 'receiving', disposition: 'returned', bizLocation: { id: 'urn:epc:id:sgln:8881234.02010.0' } });
    expect(event.bizTransactionList?.[0]?.type).toBe('rma');
  });

  it('a scrapping (destroying, destroyed): no CBV 2.0 7.3 type fits, so the scrapping note is an untyped business transaction; no bizLocation', () => {
    const event = built({ ...receipt, cbv: scrap.cbv, document: { number: '7000000101' } });
    expect(event).toMatchObject({ bizStep: 'destroying', disposition: 'destroyed' });
    expect(event.bizLocation).toBeUndefined();
    expect(event.bizTransactionList).toEqual([{ bizTransaction: 'urn:epcglobal:cbv:bt:8881234020109:7000000101' }]);
  });

  it('a warehouse without a GLN gives an event without readPoint, bizLocation or business transaction', () => {
    const event = built({ ...receipt, gln: null });
    expect(Object.keys(event)).toEqual([
      'type',
      'eventID',
      'eventTime',
      'eventTimeZoneOffset',
      'epcList',
      'action',
      'bizStep',
      'disposition',
    ]);
  });

  it('CBV 2.0 8.9: the eventID is the hash ID of the event, the same movement the same ID, another time another ID', () => {
    const event = built(receipt);
    const { eventID, ...rest } = event;
    expect(eventID).toBe(eventHashId(eventHashPreimage(rest)!, sha256));
    expect(built({ ...receipt, units: [...receipt.units].reverse() }).eventID).toBe(eventID);
    expect(built({ ...receipt, at: '2026-11-20T18:15:00+08:00' }).eventID).toBe(eventID);
    expect(built({ ...receipt, at: '2026-11-20T10:15:00.001Z' }).eventID).not.toBe(eventID);
  });

  it('lists each unit once and leaves out units with no GS1 key (a bundle, a non-GS1 pack, a bad check digit)', () => {
    const event = built({
      ...receipt,
      units: [
        pack('A1'),
        pack('A1'),
        { sscc: null, gtin: null, serial: null },
        { sscc: null, gtin: null, serial: 'LOCAL-7' },
        { sscc: '088812340000112340', gtin: null, serial: null },
        { sscc: null, gtin: GTIN, serial: null },
      ],
    });
    expect(event.epcList).toEqual(['urn:epc:id:sgtin:8881234.010000.A1']);
  });

  it.each([
    [{ units: [] }, 'NO_UNITS'],
    [{ units: [{ sscc: null, gtin: null, serial: 'X' }] }, 'NO_UNITS'],
    [{ at: '2026-11-31T10:00:00Z' }, 'BAD_TIME'],
    [{ at: '20 Nov 2026' }, 'BAD_TIME'],
    [{ timeZoneOffset: '+8' }, 'BAD_OFFSET'],
    [{ timeZoneOffset: '+15:00' }, 'BAD_OFFSET'],
    [{ gln: '8881234020100' }, 'BAD_GLN'],
    [{ gln: '888123402010' }, 'BAD_GLN'],
    [{ companyPrefixLength: 13 }, 'BAD_PREFIX_LENGTH'],
  ] as [Partial<Movement>, string][])('bad input %j answers %s, never throws', (change, error) => {
    expect(movementEvent({ ...receipt, ...change }, sha256)).toEqual({ ok: false, error });
  });

  it("the API contract's example event carries its own hash ID", () => {
    const example = MovementEventsDocument.meta()?.example as { epcisBody: { eventList: EpcisObjectEvent[] } };
    const { eventID, ...rest } = example.epcisBody.eventList[0]!;
    expect(eventID).toBe(eventHashId(eventHashPreimage(rest)!, sha256));
  });

  it('EPC Tag Data Standard 6.3.3: the SGLN splits the GLN after the company prefix, with extension 0', () => {
    expect(sglnUri(GLN)).toBe('urn:epc:id:sgln:8881234.02010.0');
    expect(sglnUri('0614141073467')).toBe('urn:epc:id:sgln:0614141.07346.0');
    expect(sglnUri('4012345000221', 7)).toBe('urn:epc:id:sgln:4012345.00022.0');
  });

  it('property: every EPC of the list reads back to a unit given, each distinct unit once', () => {
    const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
    const unit = fc.oneof(
      digits(17).map((d) => ({ sscc: withCheckDigit(d), gtin: null, serial: null })),
      fc
        .tuple(digits(13), fc.string({ unit: fc.constantFrom(...'ABCXYZ0189-./_'), minLength: 1, maxLength: 20 }))
        .map(([d, serial]) => ({ sscc: null, gtin: withCheckDigit(d), serial })),
    );
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 30 }), fc.integer({ min: 6, max: 12 }), (units, companyPrefixLength) => {
        const r = movementEvent({ ...receipt, gln: null, units, companyPrefixLength }, sha256);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const keys = new Set(units.map((u) => u.sscc ?? `${u.gtin}|${u.serial}`));
        const read = r.event.epcList.map((epc) => {
          const k = parseEpc(epc, '2026-11-23');
          return k.kind === 'sscc' ? k.sscc : k.kind === 'sgtin' ? `${k.gtin}|${k.serial}` : 'unknown';
        });
        expect(new Set(read)).toEqual(keys);
        expect(read).toHaveLength(keys.size);
      }),
    );
  });
});

describe('decision 0073: a batch status change as an ObjectEvent of no document', () => {
  const change = (status: keyof typeof BATCH_STATUS_CBV): Movement => ({
    cbv: BATCH_STATUS_CBV[status],
    at: '2026-11-26T04:00:00.000Z',
    timeZoneOffset: '+08:00',
    gln: GLN,
    units: receipt.units,
  });

  it('CBV 2.0 7.1 holding; 7.2 non_sellable_other on hold, recalled once recalled, sellable_not_accessible once released', () => {
    expect(Object.fromEntries(Object.entries(BATCH_STATUS_CBV).map(([k, v]) => [k, `${v.bizStep}/${v.disposition}`]))).toEqual({
      ON_HOLD: 'holding/non_sellable_other',
      RECALLED: 'holding/recalled',
      RELEASED: 'holding/sellable_not_accessible',
    });
  });

  it('at the warehouse SGLN, with no business transaction, its eventID the hash of what it says', () => {
    const event = built(change('RECALLED'));
    expect(event).toMatchObject({
      action: 'OBSERVE',
      bizStep: 'holding',
      disposition: 'recalled',
      readPoint: { id: sglnUri(GLN) },
      bizLocation: { id: sglnUri(GLN) },
    });
    expect(event.bizTransactionList).toBeUndefined();
    expect(event.epcList).toHaveLength(4);
    const { eventID, ...rest } = event;
    expect(eventID).toBe(eventHashId(eventHashPreimage(rest)!, sha256));
    // Another status, another event.
    expect(built(change('ON_HOLD')).eventID).not.toBe(eventID);
  });
});

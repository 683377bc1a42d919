import { withCheckDigit } from '@pharma/domain';
import { describe, expect, it } from 'vitest';
import type { VrsRequest } from '../vrs/wire.ts';
import { VrsPackError, VrsRegistry, type VrsPackInput } from './vrs-registry.ts';

const GTIN = '09506000134352';
const RESPONDER = withCheckDigit('061414100000');
const REQUESTER = withCheckDigit('061414100001');
const NOW = new Date('2026-11-22T10:00:00.000Z');

function registry(packs: VrsPackInput[] = []): VrsRegistry {
  const created = new VrsRegistry({ responderGLN: RESPONDER, now: () => NOW });
  created.load(packs);
  return created;
}

function request(change: Partial<VrsRequest> = {}): VrsRequest {
  return {
    gtin: GTIN,
    serial: 'SN1',
    lot: 'LOT1',
    expiry: '271231',
    reqGLN: REQUESTER,
    corrUUID: '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f',
    context: 'dscsaSaleableReturn',
    ...change,
  };
}

const pack = (state?: VrsPackInput['state']): VrsPackInput => ({
  gtin: GTIN,
  serial: 'SN1',
  batch: 'LOT1',
  expiry: '271231',
  ...(state ? { state } : {}),
});

describe('the VRS rules (brief-28, decision 0081 V2/V6)', () => {
  it.each([
    ['an unknown GTIN and serial', request({ serial: 'SN2' }), { verified: false, verificationFailureReason: 'No_match_GTIN_Serial' }],
    ['a lot that differs', request({ lot: 'LOT2' }), { verified: false, verificationFailureReason: 'No_match_GTIN_Serial_Lot' }],
    [
      'an expiry that differs',
      request({ expiry: '271130' }),
      { verified: false, verificationFailureReason: 'No_match_GTIN_Serial_Expiry' },
    ],
    [
      'lot and expiry that differ',
      request({ lot: 'LOT2', expiry: '271130' }),
      { verified: false, verificationFailureReason: 'No_match_GTIN_Serial_Lot_Expiry' },
    ],
    ['an active pack that matches', request(), { verified: true }],
  ])('%s', (_, asked, data) => {
    expect(registry([pack()]).verify(asked).data).toEqual(data);
  });

  it.each([
    ['ACTIVE', { verified: true }],
    ['RECALLED', { verified: false, verificationFailureReason: 'Manufacturer_policy', additionalInfo: 'Recalled' }],
    ['SUSPECT', { verified: false, verificationFailureReason: 'Not_for_re-distribution', additionalInfo: 'Suspect' }],
    ['EXPIRED', { verified: true, additionalInfo: 'Expired' }],
    ['DECOMMISSIONED', { verified: false, verificationFailureReason: 'Not_for_re-distribution' }],
  ] as const)('a matching %s pack is answered %j', (state, data) => {
    expect(registry([pack(state)]).verify(request()).data).toEqual(data);
  });

  it('answers a mismatch before the state: a recalled pack asked with another lot is No_match_GTIN_Serial_Lot', () => {
    expect(registry([pack('RECALLED')]).verify(request({ lot: 'LOT2' })).data).toEqual({
      verified: false,
      verificationFailureReason: 'No_match_GTIN_Serial_Lot',
    });
  });

  it('takes expiry day 00 as the last day of the month', () => {
    expect(registry([{ ...pack(), expiry: '270200' }]).verify(request({ expiry: '270228' })).data).toEqual({ verified: true });
  });

  it('answers with the clock, the responder GLN and the request corrUUID', () => {
    expect(registry([pack()]).verify(request())).toEqual({
      verificationTimestamp: NOW.toISOString(),
      responderGLN: RESPONDER,
      corrUUID: request().corrUUID,
      data: { verified: true },
    });
  });
});

describe('history, clock and loading', () => {
  it('records every request that reached a known pack, with what it was answered', () => {
    const packs = registry([pack('RECALLED')]);
    packs.verify(request());
    packs.setClock(new Date('2027-01-01T00:00:00.000Z'));
    packs.verify(request({ lot: 'LOT9', corrUUID: '00000000-0000-4000-8000-000000000000' }));
    packs.verify(request({ serial: 'UNKNOWN' }));
    expect(packs.read(GTIN, 'SN1')).toEqual({
      state: 'RECALLED',
      reasons: [],
      history: [
        {
          at: NOW.toISOString(),
          code: 'verify',
          corrUUID: request().corrUUID,
          user: REQUESTER,
          returnCode: 'Manufacturer_policy',
          verified: false,
          additionalInfo: 'Recalled',
        },
        {
          at: '2027-01-01T00:00:00.000Z',
          code: 'verify',
          corrUUID: '00000000-0000-4000-8000-000000000000',
          user: REQUESTER,
          returnCode: 'No_match_GTIN_Serial_Lot',
          verified: false,
        },
      ],
    });
    expect(packs.read(GTIN, 'UNKNOWN')).toBeUndefined();
  });

  it('fixes the clock until it is set back to the real one', () => {
    const packs = registry();
    packs.setClock(new Date('2030-05-01T12:00:00.000Z'));
    expect(packs.now().toISOString()).toBe('2030-05-01T12:00:00.000Z');
    packs.setClock(null);
    expect(packs.now()).toEqual(NOW);
  });

  it('replaces a pack loaded again and keeps its history; reset forgets everything', () => {
    const packs = registry([pack()]);
    packs.verify(request());
    expect(packs.load([{ ...pack('SUSPECT'), batch: 'LOT2' }])).toBe(1);
    expect(packs.read(GTIN, 'SN1')).toMatchObject({ state: 'SUSPECT', history: [{ returnCode: 'verified' }] });
    expect(packs.verify(request({ lot: 'LOT2' })).data.additionalInfo).toBe('Suspect');
    packs.reset();
    expect(packs.read(GTIN, 'SN1')).toBeUndefined();
  });

  it.each([
    [{ packs: 'no' }, 'packs must be a JSON array'],
    [[{ ...pack(), gtin: '09506000134353' }], 'pack 0: gtin must be 14 digits with a valid GS1 check digit'],
    [[pack(), { ...pack(), expiry: '271332' }], 'pack 1: exp must be a date YYMMDD'],
    [[{ ...pack(), state: 'LOST' }], 'pack 0: state:'],
    [[{ gtin: GTIN, serial: 'SN1', expiry: '271231' }], 'pack 0: batch:'],
  ])('refuses to load %j, loading none', (input, message) => {
    const packs = registry();
    expect(() => packs.load(input)).toThrow(VrsPackError);
    expect(() => packs.load(input)).toThrow(message);
    expect(packs.read(GTIN, 'SN1')).toBeUndefined();
  });
});

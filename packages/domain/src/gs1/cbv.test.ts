import { describe, expect, it } from 'vitest';
import { compactCbv, compactEventCbv } from './cbv.ts';

describe('CBV 2.0 values (CBV 2.0 section 8.2)', () => {
  it.each([
    ['urn:epcglobal:cbv:bizstep:receiving', 'receiving'],
    ['urn:epcglobal:cbv:disp:in_progress', 'in_progress'],
    ['urn:epcglobal:cbv:btt:desadv', 'desadv'],
    ['https://ref.gs1.org/cbv/BizStep-commissioning', 'commissioning'],
    ['https://ref.gs1.org/cbv/BTT-po', 'po'],
    ['shipping', 'shipping'],
    ['https://example.com/my-step', 'https://example.com/my-step'],
  ])('%s -> %s', (input, output) => {
    expect(compactCbv(input)).toBe(output);
  });

  it('compacts an event without touching other fields', () => {
    const event = {
      type: 'ObjectEvent',
      bizStep: 'urn:epcglobal:cbv:bizstep:shipping',
      bizTransactionList: [{ type: 'urn:epcglobal:cbv:btt:po', bizTransaction: 'urn:x:1' }],
      epcList: ['a'],
    };
    expect(compactEventCbv(event)).toEqual({
      type: 'ObjectEvent',
      bizStep: 'shipping',
      bizTransactionList: [{ type: 'po', bizTransaction: 'urn:x:1' }],
      epcList: ['a'],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { acceptedOutcome, checkScan, outcomeOfError } from './scan-outcome.ts';

const TODAY = '2026-11-22';
const GS = '\x1d';

describe('checkScan (browser decode before the network)', () => {
  it('accepts a pallet SSCC and a pack with separators, textual or not', () => {
    expect(checkScan('00088812340000000019', 'PLT', 'GS1', TODAY)).toEqual({ ok: true, id: '088812340000000019' });
    expect(checkScan(`]d20108881234100009172712311022A0B1${GS}21X7Z9`, 'EA', 'GS1', TODAY)).toEqual({ ok: true, id: 'X7Z9' });
    expect(checkScan('0108881234100009172712311022A0B1<GS>21X7Z9', 'EA', 'GS1', TODAY)).toEqual({ ok: true, id: 'X7Z9' });
  });

  it('refuses locally with the decoder message', () => {
    const bad = checkScan('0108881234100006', 'EA', 'GS1', TODAY);
    expect(bad).toMatchObject({ ok: false, outcome: { kind: 'refused', local: true, code: 'GS1_BAD_CHECK_DIGIT' } });
    expect(checkScan('0108881234100009', 'EA', 'GS1', TODAY)).toMatchObject({
      ok: false,
      outcome: { code: 'SERIAL_NOT_RECOGNIZED', text: "Scanned item's serial number is not recognized" },
    });
    expect(checkScan('0108881234100009<GS>21X', 'CTN', 'GS1', TODAY)).toMatchObject({
      ok: false,
      outcome: { code: 'ITEM_ID_NOT_SUPPORTED' },
    });
  });
});

describe('outcomes', () => {
  it('tells a duplicate from a refusal', () => {
    expect(outcomeOfError(new ApiError(409, 'ALREADY_SCANNED', 'This item has already been scanned on IBD 1.'))).toEqual({
      kind: 'duplicate',
      code: 'ALREADY_SCANNED',
      text: 'This item has already been scanned on IBD 1.',
    });
    expect(outcomeOfError(new ApiError(422, 'QUANTITY_EXCEEDED', 'Quantity exceeded'))).toEqual({
      kind: 'refused',
      code: 'QUANTITY_EXCEEDED',
      text: 'Quantity exceeded',
      local: false,
    });
    expect(outcomeOfError(new TypeError('boom'))).toMatchObject({ kind: 'refused', text: 'Something went wrong...' });
  });

  it('words an accepted scan', () => {
    expect(acceptedOutcome({ unit: { type: 'PLT', id: '088812340000000019' }, packs: 48 }).text).toBe(
      'Pallet 088812340000000019 accepted: 48 packs counted.',
    );
    expect(acceptedOutcome({ unit: { type: 'EA', id: 'X' }, packs: 1 }, 'removed')).toMatchObject({
      kind: 'removed',
      text: 'Pack X removed: 1 packs taken off.',
    });
  });
});

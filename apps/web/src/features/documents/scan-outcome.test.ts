import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { LastScanStore, ADVICE_KEPT } from './last-scan-store.ts';
import { acceptedOutcome, adviceOf, checkScan, outcomeOfError } from './scan-outcome.ts';

const TODAY = '2026-11-22';
const GS = '\x1d';

describe('checkScan (browser decode before the network)', () => {
  it('accepts a pallet SSCC and a pack with separators, textual or not', () => {
    expect(checkScan('00088812340000000019', 'PLT', 'GS1', TODAY)).toEqual({ ok: true, id: '088812340000000019' });
    expect(checkScan(`]d20108881234100009172712311022A0B1${GS}21X7Z9`, 'EA', 'GS1', TODAY)).toEqual({
      ok: true,
      id: '08881234100009/X7Z9',
    });
    expect(checkScan('0108881234100009172712311022A0B1<GS>21X7Z9', 'EA', 'GS1', TODAY)).toEqual({ ok: true, id: '08881234100009/X7Z9' });
  });

  it('refuses locally with the decoder message', () => {
    const bad = checkScan('0108881234100006', 'EA', 'GS1', TODAY);
    expect(bad).toMatchObject({ ok: false, outcome: { kind: 'refused', local: true, code: 'GS1_BAD_CHECK_DIGIT' } });
    expect(checkScan('0108881234100009', 'EA', 'GS1', TODAY)).toMatchObject({
      ok: false,
      outcome: { code: 'SERIAL_NOT_RECOGNIZED', text: "Scanned item's serial number is not recognized" },
    });
    expect(checkScan('0108881234100009<GS>21X', 'PLT', 'GS1', TODAY)).toMatchObject({
      ok: false,
      outcome: { code: 'PACK_CODE_IN_SSCC_MODE', text: "This is a pack code: choose Pack, or scan the pallet's SSCC label." },
    });
  });
});

describe('checkScan: a bare SSCC (decision 0042)', () => {
  it("is left to the server, which decodes it with the warehouse's reader settings", () => {
    expect(checkScan('088812340000000019', 'PLT', 'GS1', TODAY)).toEqual({ ok: true, id: '088812340000000019' });
    expect(checkScan(' 088812340000000019 ', 'CTN', 'GS1', TODAY)).toEqual({ ok: true, id: '088812340000000019' });
  });
  it('with a wrong check digit, or in pack mode, is still refused on the device', () => {
    expect(checkScan('088812340000000018', 'PLT', 'GS1', TODAY)).toMatchObject({ ok: false });
    expect(checkScan('088812340000000019', 'EA', 'GS1', TODAY)).toMatchObject({ ok: false, outcome: { local: true } });
  });
});

describe('checkScan: the reader settings in Non-GS1 mode (spec point 5, decision 0051)', () => {
  const SSCC = '088812340000000019';
  const settings = { prefix: ['R7:', 'WH-'], strip00: true, bareSscc: false };

  it("removes the warehouse's or the reader's prefix, the longest that matches, as the server does", () => {
    expect(checkScan(`R7:${SSCC}`, 'PLT', 'NON_GS1', TODAY, false, settings)).toEqual({ ok: true, id: SSCC });
    expect(checkScan(`WH-${SSCC}`, 'CTN', 'NON_GS1', TODAY, false, settings)).toEqual({ ok: true, id: SSCC });
    // Without the settings (never fetched, offline) the prefix is data, and ':' is no plain-code character.
    expect(checkScan(`R7:${SSCC}`, 'PLT', 'NON_GS1', TODAY)).toMatchObject({
      ok: false,
      outcome: { code: 'ITEM_ID_NOT_SUPPORTED', local: true },
    });
    expect(checkScan(`XX:${SSCC}`, 'PLT', 'NON_GS1', TODAY, false, settings)).toMatchObject({
      ok: false,
      outcome: { code: 'ITEM_ID_NOT_SUPPORTED', text: "Item's ID is not supported. Please scan another item.", local: true },
    });
  });

  it("removes '00' from a 20-character code where the settings say so", () => {
    expect(checkScan(`00${SSCC}`, 'PLT', 'NON_GS1', TODAY, false, settings)).toEqual({ ok: true, id: SSCC });
    expect(checkScan(`00${SSCC}`, 'PLT', 'NON_GS1', TODAY, false, { ...settings, strip00: false })).toMatchObject({
      ok: false,
      outcome: { code: 'ITEM_ID_NOT_SUPPORTED' },
    });
  });

  it('refuses a plain code that names no unit the server can find: no SSCC in pallet mode, any plain code for a pack', () => {
    expect(checkScan('R7:ABC12345', 'PLT', 'NON_GS1', TODAY, false, settings)).toMatchObject({
      ok: false,
      outcome: { code: 'ITEM_ID_NOT_SUPPORTED' },
    });
    expect(checkScan(`R7:${SSCC}`, 'EA', 'NON_GS1', TODAY, false, settings)).toMatchObject({
      ok: false,
      outcome: { code: 'ITEM_ID_NOT_SUPPORTED' },
    });
  });

  it('accepts a bare SSCC in GS1 mode on the device where the settings allow it', () => {
    expect(checkScan(SSCC, 'PLT', 'GS1', TODAY, false, { ...settings, bareSscc: true })).toEqual({ ok: true, id: SSCC });
  });
});

describe('outcomes', () => {
  it('tells a duplicate from a refusal', () => {
    expect(outcomeOfError(new ApiError(409, 'ALREADY_SCANNED', 'This item has already been scanned on DOC 1.'))).toEqual({
      kind: 'duplicate',
      code: 'ALREADY_SCANNED',
      text: 'This item has already been scanned on DOC 1.',
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
      text: 'Pack X removed: 1 pack taken off.',
    });
  });

  it("names a counted pack (ScanLite) by its GTIN and batch, the glossary's way, and a pack by GTIN/serial", () => {
    const counted = { unit: { type: 'EA' as const, id: '(01)08881234100740(10)B2861435' }, packs: 1 };
    expect(acceptedOutcome(counted).text).toBe('Pack 08881234100740 batch B2861435 accepted: 1 pack counted.');
    expect(acceptedOutcome(counted, 'removed').text).toBe('Pack 08881234100740 batch B2861435 removed: 1 pack taken off.');
    expect(acceptedOutcome(counted).text).not.toContain('(01)');
    const pack = { unit: { type: 'EA' as const, id: '08881234100740/HKV5TQY7SQLM' }, packs: 1 };
    expect(acceptedOutcome(pack).text).toBe('Pack 08881234100740/HKV5TQY7SQLM accepted: 1 pack counted.');
  });
});

describe('advice (warnings of accepted scans)', () => {
  const fefo = 'Batch B1 of material M1 expires earlier (2027-01-31): first expiry, first out.';
  const pack = { unit: { type: 'EA' as const, id: 'X' } };

  it('is kept only for an answer with warnings', () => {
    expect(adviceOf('s1', { ...pack, warnings: [] })).toBeUndefined();
    expect(adviceOf('s1', { ...pack, warnings: [' '] })).toBeUndefined();
    expect(adviceOf('s1', pack)).toBeUndefined();
    expect(adviceOf('s1', { ...pack, warnings: [fefo] })).toEqual({ scanId: 's1', unit: 'EA', id: 'X', warnings: [fefo] });
  });

  it('stays on the scan screen newest first until dismissed, a few at a time, whatever the banner shows', () => {
    const store = new LastScanStore();
    for (let i = 1; i <= ADVICE_KEPT + 1; i++) store.advise({ scanId: `s${i}`, unit: 'EA', id: `P${i}`, warnings: [fefo] });
    store.show(acceptedOutcome({ unit: { type: 'EA', id: 'P9' }, packs: 1 }));
    expect(store.get().advice.map((a) => a.scanId)).toEqual(['s4', 's3', 's2']);
    store.dismiss('s3');
    expect(store.get().advice.map((a) => a.scanId)).toEqual(['s4', 's2']);
    expect(store.get().outcome?.kind).toBe('accepted');
  });
});

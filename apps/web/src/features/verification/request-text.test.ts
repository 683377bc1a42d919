import { describe, expect, it } from 'vitest';
import { answerTone, expiryText, operationText, packText } from './request-text.ts';

describe('a verification request in words', () => {
  it('names what was asked, an undo by the operation it undoes', () => {
    expect(operationText({ operation: 'verify', kind: 'single' })).toBe('Verify');
    expect(operationText({ operation: 'destroy', kind: 'bulk' })).toBe('Destroy');
    expect(operationText({ operation: 'export', kind: 'undo' })).toBe('Undo Export');
    expect(operationText({ operation: 'export', kind: 'bulkUndo' })).toBe('Undo Export');
  });

  it('writes a pack as every screen does, and a bulk request by its count of packs', () => {
    expect(packText({ gtin: '08881234100009', serial: 'SER1', packs: 1 })).toBe('08881234100009/SER1');
    expect(packText({ gtin: '08881234100009', serial: null, packs: 4800 })).toBe('4800 packs of GTIN 08881234100009');
    expect(packText({ gtin: '08881234100009', serial: null, packs: 1 })).toBe('1 pack of GTIN 08881234100009');
  });

  it("shows the expiry sent (YYMMDD) as a day, day 00 as the month's last, the century by GS1's window", () => {
    expect(expiryText('280630', '2026-11-26T08:00:00.000Z')).toBe('2028-06-30');
    expect(expiryText('280200', '2026-11-26T08:00:00.000Z')).toBe('2028-02-29');
    expect(expiryText('991231', '2026-11-26T08:00:00.000Z')).toBe('1999-12-31');
    // No real day: as sent.
    expect(expiryText('281340', '2026-11-26T08:00:00.000Z')).toBe('281340');
  });

  it('colours the Verify pack answer: green verified, amber pending, red for anything not verified', () => {
    expect(answerTone({ outcome: 'verified' })).toBe('verified');
    expect(answerTone({ outcome: 'pending' })).toBe('pending');
    expect(answerTone({ outcome: 'alert' })).toBe('refused');
    expect(answerTone({ outcome: 'refused' })).toBe('refused');
    expect(answerTone({ outcome: 'failed' })).toBe('refused');
  });
});

import { describe, expect, it } from 'vitest';
import { expectedCheckDigit } from './check-digit.ts';
import { decodeScan } from './decode.ts';
import { readSsccInput } from './sscc.ts';

const TODAY = '2026-11-26';
/** A demo carton's SSCC (check digit 7), and the same 17 digits ending in 8. */
const SSCC = '088812340003709377';
const WRONG = '088812340003709378';

describe('readSsccInput (issue 27: the field says what is wrong)', () => {
  it('takes 18 digits with their check digit, and a scanned label with (00)', () => {
    expect(readSsccInput(` ${SSCC} `, TODAY)).toEqual({ ok: true, sscc: SSCC });
    expect(readSsccInput(`]C100${SSCC}`, TODAY)).toEqual({ ok: true, sscc: SSCC });
    expect(readSsccInput(`(00)${SSCC}`, TODAY)).toEqual({ ok: true, sscc: SSCC });
  });

  it("says 'check digit should be N', N computed by the GS1 mod-10 check digit (GenSpecs 7.9.1)", () => {
    expect(expectedCheckDigit(WRONG, 0, 18)).toBe(7);
    const typed = readSsccInput(WRONG, TODAY);
    expect(typed).toMatchObject({ ok: false, code: 'SSCC_INPUT_CHECK_DIGIT' });
    expect(!typed.ok && typed.message).toBe(
      `Enter the 18 digits of an SSCC, or scan its label. ${WRONG} ends in 8, but its check digit should be 7 (the GS1 check digit of its first 17 digits).`,
    );
    // Every wrong last digit names the one right digit.
    for (let d = 0; d <= 9; d++) {
      if (d === 7) continue;
      const result = readSsccInput(SSCC.slice(0, 17) + d, TODAY);
      expect(!result.ok && result.message).toContain('check digit should be 7');
    }
    // Scanned from a label, the same words.
    const scanned = readSsccInput(`]C100${WRONG}`, TODAY);
    expect(!scanned.ok && scanned.message).toContain(`${WRONG} ends in 8, but its check digit should be 7`);
  });

  it('says how many digits were typed, and what else is wrong, after the sentence', () => {
    const short = readSsccInput('123', TODAY);
    expect(!short.ok && short.message).toBe('Enter the 18 digits of an SSCC, or scan its label. 3 digits were entered.');
    const one = readSsccInput('1', TODAY);
    expect(!one.ok && one.message).toBe('Enter the 18 digits of an SSCC, or scan its label. 1 digit was entered.');
    const pack = readSsccInput('0109506000134352217Z9', TODAY);
    expect(!pack.ok && pack.message).toBe('Enter the 18 digits of an SSCC, or scan its label. This code holds no SSCC (00).');
    const cut = readSsccInput(']C10012345', TODAY);
    expect(!cut.ok && cut.message).toMatch(/^Enter the 18 digits of an SSCC, or scan its label\. The value of \(00\) is too short/);
    for (const garbage of ['', '   ', 'hello', '\u0000', '(00)']) {
      const result = readSsccInput(garbage, TODAY);
      expect(result.ok, garbage).toBe(false);
      expect(!result.ok && result.message.startsWith('Enter the 18 digits of an SSCC, or scan its label.')).toBe(true);
    }
  });
});

describe('decodeScan: 18 digits with a wrong check digit on a scan page (issue 27)', () => {
  it("names the check digit they should have, not an unknown AI '(0888)'", () => {
    for (const unit of ['CTN', 'PLT', 'EA', undefined] as const) {
      expect(decodeScan(WRONG, { today: TODAY, unit, idType: 'GS1' })).toMatchObject({
        ok: false,
        code: 'SSCC_CHECK_DIGIT',
        message: `${WRONG} is not an SSCC: it ends in 8, but its check digit should be 7. Check the digits, or scan the SSCC label.`,
      });
    }
  });

  it('leaves 18 digits with a right check digit as they were', () => {
    expect(decodeScan(SSCC, { today: TODAY, unit: 'CTN', idType: 'GS1' })).toMatchObject({ code: 'SSCC_WITHOUT_AI' });
  });
});

import { describe, expect, it } from 'vitest';
import { withCheckDigit } from './gs1/check-digit.ts';
import { cartonLabelCode, readCartonLabel, sameSerialFormat, serialFormat, validateBprNo } from './redress.ts';

const SSCC = withCheckDigit('38881234000000001');
const GTIN = withCheckDigit('0888123400001');
const TODAY = '2026-11-23';

describe('carton label (decision 0036)', () => {
  it('reads SSCC (00), the GTIN of the contents (02), batch (10) and count (37): GS1 General Specifications 3.2, Logistic Label Guideline 4.2', () => {
    const code = cartonLabelCode({ cartonCode: SSCC, gtin: GTIN, batchNo: 'B1', qty: 6 });
    expect(code).toBe(`00${SSCC}02${GTIN}10B1\u001d376`);
    expect(readCartonLabel(code, TODAY)).toEqual({ ok: true, label: { cartonCode: SSCC, gtin: GTIN, batchNo: 'B1', qty: 6 } });
    // As a label prints it, and with the textual group separator a keyboard scanner may send.
    expect(readCartonLabel(`(00)${SSCC}(02)${GTIN}(10)B1(37)6`, TODAY)).toMatchObject({ ok: true, label: { qty: 6 } });
    expect(readCartonLabel(`00${SSCC}02${GTIN}10B1<GS>376`, TODAY)).toMatchObject({ ok: true, label: { batchNo: 'B1' } });
  });

  it("reads the carton's own GTIN (01) with a variable count (30); 01 with 37 is refused as GS1 forbids the pair (GenSpecs 4.14)", () => {
    expect(readCartonLabel(`(00)${SSCC}(01)${GTIN}(10)B1(30)12`, TODAY)).toMatchObject({ ok: true, label: { qty: 12 } });
    expect(readCartonLabel(`(00)${SSCC}(01)${GTIN}(10)B1(37)12`, TODAY)).toMatchObject({ ok: false, code: 'GS1_INVALID_AI_PAIR' });
  });

  it('refuses a code that is not a carton label: a pack, an SSCC alone, a label without batch or count, a count of 0', () => {
    expect(readCartonLabel(`01${GTIN}10B1\u001d21SER1`, TODAY)).toEqual({ ok: false, code: 'CARTON_LABEL_INVALID' });
    expect(readCartonLabel(`00${SSCC}`, TODAY)).toEqual({ ok: false, code: 'CARTON_LABEL_INVALID' });
    expect(readCartonLabel(`(00)${SSCC}(02)${GTIN}(37)6`, TODAY)).toEqual({ ok: false, code: 'CARTON_LABEL_INVALID' });
    expect(readCartonLabel(`(00)${SSCC}(02)${GTIN}(10)B1(37)0`, TODAY)).toEqual({ ok: false, code: 'CARTON_LABEL_INVALID' });
    expect(readCartonLabel(`(00)${SSCC.slice(0, 17)}${(Number(SSCC[17]) + 1) % 10}(02)${GTIN}(10)B1(37)6`, TODAY)).toMatchObject({
      ok: false,
      code: 'GS1_BAD_CHECK_DIGIT',
    });
  });
});

describe('BPR No.', () => {
  it('takes 1 to 20 letters and digits with - / . inside; anything else is "Please enter a valid BPR No."', () => {
    for (const ok of ['B', 'BPR-2026/17', 'bpr.1', 'A'.repeat(20), ' BPR1 ']) expect(validateBprNo(ok).ok, ok).toBe(true);
    expect(validateBprNo(' BPR1 ')).toEqual({ ok: true, value: 'BPR1' });
    for (const bad of ['', ' ', 'BPR#1', 'BPR 1', '-BPR', 'BPR-', 'A'.repeat(21)]) {
      expect(validateBprNo(bad), bad).toEqual({ ok: false, code: 'INVALID_BPR_NO' });
    }
  });
});

describe('serial format', () => {
  it('is the length and the character set: numeric, alphanumeric or with symbols', () => {
    expect(serialFormat('123456')).toBe('6 numeric');
    expect(serialFormat('AB12CD')).toBe('6 alphanumeric');
    expect(serialFormat('AB-2CD')).toBe('6 symbols');
    expect(sameSerialFormat('G27RT7LHPSRQ', 'LSP3ATP2KNJG')).toBe(true);
    expect(sameSerialFormat('G27RT7LHPSRQ', '100000000017')).toBe(false);
    expect(sameSerialFormat('G27RT7LHPSRQ', 'G27RT7LHPSR')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { message, MESSAGES } from './messages.ts';
import { validateBprNo } from './redress.ts';

/**
 * Issue 27, 'Errors that do not say what is wrong': where the spec fixes a sentence it stays word for
 * word, first; what is wrong follows beside it (the rule, the quantities).
 */
describe('messages that say what is wrong', () => {
  it("keeps the spec's 'Please enter a valid BPR No.' and gives the rule validateBprNo applies beside it", () => {
    const text = message('INVALID_BPR_NO');
    expect(text.startsWith('Please enter a valid BPR No. ')).toBe(true);
    expect(text).toBe(
      'Please enter a valid BPR No. A BPR No. has 1 to 20 letters and digits, with - / or . allowed only between them (such as BPR-2026-0201).',
    );
    // The rule as written is the rule applied: its example passes, and each breach it names is refused.
    expect(validateBprNo('BPR-2026-0201').ok).toBe(true);
    expect(validateBprNo('B'.repeat(20)).ok).toBe(true);
    for (const bad of ['B'.repeat(21), 'BPR#17', '-BPR', 'BPR/', 'BPR 17']) expect(validateBprNo(bad).ok, bad).toBe(false);
  });

  it("keeps the spec's carton label overflow sentence and gives the quantities beside it", () => {
    const params = { qty: 5, number: '5000000201', left: 4, ordered: 10, materialNo: '10000064', batchNo: 'K2823683' };
    expect(message('CARTON_LABEL_OVERFLOW', params)).toBe(
      'Carton label quantity overflow PO qty. Please check and scan correct value. This label is for 5 packs; PO 5000000201 has 4 of its 10 packs of material 10000064 batch K2823683 left to label.',
    );
    expect(message('CARTON_LABEL_OVERFLOW', { ...params, qty: 1, left: 0, ordered: 1 })).toContain(
      'This label is for 1 pack; PO 5000000201 has 0 of its 1 pack of material',
    );
  });

  it('names no HTTP status in any message', () => {
    for (const [code, text] of Object.entries(MESSAGES)) expect(text, code).not.toMatch(/\b(?:401|403|404|422|500):/);
  });
});

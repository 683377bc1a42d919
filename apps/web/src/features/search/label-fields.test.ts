import { describe, expect, it } from 'vitest';
import { readLabel } from './label-fields.ts';

const TODAY = '2026-11-23';
const GS = '\x1d';

/** /ldc/scanFillData (decision 0028): a label read field by field, with the unit it names. */
describe('reading a label', () => {
  it('names each element of a pack code by its AI (GS1 General Specifications 3.2), the expiry as its day (7.12)', () => {
    const reading = readLabel(`]d20109506000134352172811301012A${GS}21SER0001`, TODAY);
    expect(reading).toEqual({
      ok: true,
      format: 'GS1 element string',
      fields: [
        { ai: '01', name: 'GTIN', value: '09506000134352' },
        { ai: '17', name: 'Expiration date', value: '2028-11-30' },
        { ai: '10', name: 'Batch/lot number', value: '12A' },
        { ai: '21', name: 'Serial number', value: 'SER0001' },
      ],
      target: { kind: 'serial', code: expect.stringContaining('SER0001') },
    });
  });

  it('reads a logistic label (SSCC with its content and count) and looks the SSCC up', () => {
    const reading = readLabel(`(00)095060001343528785(02)09506000134352(37)24(10)LOT9`, TODAY);
    expect(reading.ok && reading.fields.map((f) => `${f.ai} ${f.name} ${f.value}`)).toEqual([
      '00 SSCC 095060001343528785',
      '02 GTIN of contained trade items 09506000134352',
      '37 Count of trade items 24',
      '10 Batch/lot number LOT9',
    ]);
    expect(reading.ok && reading.target.kind).toBe('sscc');
  });

  it('reads a code that names no unit (GTIN and batch only) and says there is nothing to look up', () => {
    const reading = readLabel(`0109506000134352${'10'}LOT9`, TODAY);
    expect(reading.ok && reading.target.kind).toBe('invalid');
  });

  it('gives the decoder’s message for a code it cannot read', () => {
    const reading = readLabel('0109506000134353', TODAY);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.message.length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf.ts';

/** The PDF label's one text encoder (decision 0055). */
describe('pdfText', () => {
  it('drops control characters, keeps ^ and ~ as text, shows what the standard fonts lack as ?', () => {
    expect(pdfText('LOT\r\n^XZ^XA~JR\0\x1B\x7F\x85')).toBe('LOT^XZ^XA~JR');
    expect(pdfText('Ibuprofène 200 mg – 10 Stück')).toBe('Ibuprofène 200 mg ? 10 Stück');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LabelLayout } from './label-layout.ts';
import { logisticLabel, packLabel } from './label-layout.ts';
import { renderZpl, zplField } from './zpl.ts';

/** Every byte of ZPL field data through one encoder (decision 0055): no value ends a field or a label, or starts a command. */
const COMMANDS = new Set(['XA', 'XZ', 'CI', 'PW', 'LL', 'LH', 'FO', 'A0', 'GB', 'BX', 'BC', 'BY', 'FH', 'FD', 'FS']);

/** The fields' data as the printer reads it: ^FH\ hexadecimal escapes decoded. */
function fieldData(zpl: string): string[] {
  return [...zpl.matchAll(/\^FH\\\^FD(.*?)\^FS/gs)].map((m) =>
    m[1]!.replace(/\\([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
  );
}

/** What a ZPL document must be whatever its data: one label, command lines only, every '^' a command we write, no '~'. */
function expectOneCleanLabel(zpl: string): void {
  expect(zpl.match(/\^XA/g)).toHaveLength(1);
  expect(zpl.match(/\^XZ/g)).toHaveLength(1);
  expect(zpl).not.toContain('~');
  const lines = zpl.split('\n');
  expect(lines.pop()).toBe('');
  for (const line of lines) expect(line).toMatch(/^\^[^\x00-\x1F\x7F-\x9F]*$/);
  for (const m of zpl.matchAll(/\^(..)/g)) expect(COMMANDS).toContain(m[1]);
}

describe('zplField', () => {
  it('drops control characters and writes ^, ~ and \\ as ^FH escapes', () => {
    expect(zplField('LOT\r\n^XZ^XA~JR\0\x1B\x7F\x85 \\ é')).toBe('LOT\\5EXZ\\5EXA\\7EJR \\5C é');
    expect(zplField('Paracetamol 500 mg (10 x 10)')).toBe('Paracetamol 500 mg (10 x 10)');
  });
});

describe('renderZpl', () => {
  const hostile = 'X\r\n^XZ^XA^FO0,0^FDinjected^FS~JR\0\x1B\\';

  it('a logistic label whose material name, batch and sender carry line breaks, ^XZ^XA and ~: one label, the values as text', () => {
    const layout = logisticLabel({
      sscc: '106141410000000016',
      type: 'PLT',
      sender: { name: `Warehouse ${hostile}`, warehouseNo: 'W2010', gln: null },
      content: {
        gtin: '9501101530003',
        count: 10,
        batchNo: `LOT${hostile}`,
        expiry: '2027-12-31',
        materialNo: '20000001',
        materialName: hostile,
      },
      copy: false,
    });
    for (const dpi of [203, 300] as const) {
      const zpl = renderZpl(layout, dpi);
      expectOneCleanLabel(zpl);
      const fields = fieldData(zpl);
      expect(fields).toContain('Warehouse X^XZ^XA^FO0,0^FDinjected^FS~JR\\');
      expect(fields).toContain('BATCH/LOT LOTX^XZ^XA^FO0,0^FDinjected^FS~JR\\   USE BY 2027-12-31');
      // A batch a GS1 barcode may not carry gets no content barcode: the SSCC's is the only one.
      expect(zpl.match(/\^BC/g)).toHaveLength(1);
    }
  });

  it('a pack label with such a batch, serial and name: one label, no DataMatrix of altered data', () => {
    const zpl = renderZpl(
      packLabel({ gtin: '9501101530003', serial: `S${hostile}`, batchNo: `B${hostile}`, expiry: '2027-12-31', materialName: hostile }),
      203,
    );
    expectOneCleanLabel(zpl);
    expect(zpl).not.toContain('^BX');
    expect(fieldData(zpl)).toContain('(10) BX^XZ^XA^FO0,0^FDinjected^FS~JR\\');
  });

  it('barcode data goes through the same encoder: ^, ~ and \\ escaped in ^BC and ^BX data too', () => {
    const layout: LabelLayout = {
      widthMm: 101.6,
      heightMm: 152.4,
      elements: [
        { kind: 'gs1-128', x: 5, y: 20, maxWidth: 90, height: 25, elements: [{ ai: '10', value: 'A^B~C\\D\r\n^XZ' }] },
        { kind: 'gs1-datamatrix', x: 5, y: 80, size: 20, elements: [{ ai: '10', value: 'A^B~\n' }] },
      ],
    };
    const zpl = renderZpl(layout, 203);
    expectOneCleanLabel(zpl);
    expect(zpl).toContain('^BCN,200,N,N,N,N^FH\\^FD>;>810>6A\\5EB\\7EC\\5CD\\5EXZ^FS');
    expect(zpl).toContain('^FH\\^FD_110A\\5EB\\7E^FS');
  });

  it('whatever any field holds, the document is one label of command lines, each text field read back as its value without control characters', () => {
    const value = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(value, value, value, value, (name, batch, sender, serial) => {
        const logistic = renderZpl(
          logisticLabel({
            sscc: '106141410000000016',
            type: 'CTN',
            sender: { name: sender, warehouseNo: 'W2010', gln: null },
            content: { gtin: '9501101530003', count: 3, batchNo: batch, expiry: null, materialNo: '20000001', materialName: name },
            copy: true,
          }),
          203,
        );
        expectOneCleanLabel(logistic);
        const clean = (s: string) => s.replace(/[\x00-\x1F\x7F-\x9F]/g, '');
        expect(fieldData(logistic)).toContain(clean(sender));
        expect(fieldData(logistic)).toContain(`BATCH/LOT ${clean(batch)}`);
        const pack = renderZpl(packLabel({ gtin: '9501101530003', serial, batchNo: batch, expiry: '2027-12-31', materialName: name }), 300);
        expectOneCleanLabel(pack);
        expect(fieldData(pack)).toContain(`(21) ${clean(serial)}`);
      }),
      { numRuns: 300 },
    );
  });
});

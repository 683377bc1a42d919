import { describe, expect, it } from 'vitest';
import { decodeScan } from '@pharma/domain';
import { nativeScannerText, scannerText, upcEToUpcA } from './scanner-text.ts';

const GS = '\x1d';
const PACK = `01095060001343521728063010BATCH1${GS}21SER123`;

describe('scannerText (zxing: identifier and text)', () => {
  it('keeps ]d2 / ]C1 data with GS as a scanner sends it, and decodeScan reads it', () => {
    expect(scannerText(']d2', PACK)).toBe(`]d2${PACK}`);
    const result = decodeScan(scannerText(']d2', PACK), { today: '2026-11-22', unit: 'EA' });
    expect(result.ok && result.serial).toBe('SER123');
    expect(scannerText(']C1', '00106141412345678908')).toBe(']C100106141412345678908');
  });

  it('sends UPC-A and UPC-E in their EAN-13 form under ]E0', () => {
    expect(scannerText(']E0', '036000291452')).toBe(']E00036000291452');
    expect(scannerText(']E0', '4006381333931')).toBe(']E04006381333931');
    expect(upcEToUpcA('04252614')).toBe('042100005264');
    expect(scannerText(']E0', '04252614')).toBe(']E00042100005264');
    const ean = decodeScan(scannerText(']E0', '036000291452'), { today: '2026-11-22' });
    expect(ean.ok && ean.gtin).toBe('00036000291452');
  });
});

describe('nativeScannerText (Barcode Detection API: format and rawValue)', () => {
  it('infers ]d2 and ]C1 for GS1 content, with or without a leading FNC1 as GS', () => {
    expect(nativeScannerText('data_matrix', PACK)).toBe(`]d2${PACK}`);
    expect(nativeScannerText('data_matrix', GS + PACK)).toBe(`]d2${PACK}`);
    expect(nativeScannerText('code_128', '00106141412345678908')).toBe(']C100106141412345678908');
  });

  it('marks other content as plain DataMatrix, Code 128 and QR', () => {
    expect(nativeScannerText('data_matrix', 'HELLO')).toBe(']d1HELLO');
    expect(nativeScannerText('code_128', 'ABC-123')).toBe(']C0ABC-123');
    expect(nativeScannerText('qr_code', 'https://id.gs1.org/01/09506000134352')).toBe(']Q1https://id.gs1.org/01/09506000134352');
    expect(nativeScannerText('ean_8', '96385074')).toBe(']E496385074');
    expect(nativeScannerText('upc_a', '036000291452')).toBe(']E00036000291452');
  });
});

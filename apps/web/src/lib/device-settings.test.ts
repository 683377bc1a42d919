import { describe, expect, it, vi } from 'vitest';
import {
  cachedReaderSettings,
  cacheReaderSettings,
  DEVICE_SETTINGS_KEY,
  READER_SETTINGS_KEY,
  readDeviceSettings,
  scanDevice,
  writeDeviceSettings,
} from './device-settings.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('device settings', () => {
  it('defaults to hardware scanner mode', () => {
    expect(readDeviceSettings(memoryStorage())).toEqual({ barcodeScanner: true, readerName: '' });
    expect(readDeviceSettings(undefined)).toEqual({ barcodeScanner: true, readerName: '' });
  });

  it('reads what was saved and survives garbage', () => {
    const storage = memoryStorage();
    writeDeviceSettings({ barcodeScanner: false, readerName: '' }, storage);
    expect(readDeviceSettings(storage)).toEqual({ barcodeScanner: false, readerName: '' });
    expect(readDeviceSettings(memoryStorage({ [DEVICE_SETTINGS_KEY]: '{not json' }))).toEqual({ barcodeScanner: true, readerName: '' });
    expect(readDeviceSettings(memoryStorage({ [DEVICE_SETTINGS_KEY]: '{"barcodeScanner":"yes"}' }))).toEqual({
      barcodeScanner: true,
      readerName: '',
    });
  });

  it("names the scans' reader (decision 0042): its name where set, else the browser's user agent", () => {
    vi.stubGlobal('navigator', { userAgent: `Mozilla/5.0 ${'x'.repeat(120)}` });
    const storage = memoryStorage();
    expect(scanDevice(storage)).toBe(`Mozilla/5.0 ${'x'.repeat(120)}`.slice(0, 100));
    writeDeviceSettings({ barcodeScanner: true, readerName: ' DOCK-3 ' }, storage);
    expect(readDeviceSettings(storage).readerName).toBe('DOCK-3');
    expect(scanDevice(storage)).toBe('DOCK-3');
    vi.unstubAllGlobals();
  });
});

describe('reader settings kept for offline use (decision 0051)', () => {
  const settings = { prefix: ['R7:'], strip00: true, bareSscc: false };

  it('keeps what the server answered per document and reader, and nothing else', () => {
    const storage = memoryStorage();
    expect(cachedReaderSettings('RDC/IBD/1/DOCK-3', storage)).toBeUndefined();
    cacheReaderSettings('RDC/IBD/1/DOCK-3', settings, 1, storage);
    expect(cachedReaderSettings('RDC/IBD/1/DOCK-3', storage)).toEqual(settings);
    expect(cachedReaderSettings('RDC/IBD/1/DOCK-4', storage)).toBeUndefined();
    expect(cachedReaderSettings('x', memoryStorage({ [READER_SETTINGS_KEY]: '{broken' }))).toBeUndefined();
    expect(
      cachedReaderSettings('x', memoryStorage({ [READER_SETTINGS_KEY]: '{"x":{"prefix":"R7:","strip00":true,"bareSscc":false}}' })),
    ).toBeUndefined();
  });

  it('drops the oldest answers beyond 200 documents', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 201; i++) cacheReaderSettings(`RDC/IBD/${i}/R`, settings, 1000 + i, storage);
    expect(cachedReaderSettings('RDC/IBD/0/R', storage)).toBeUndefined();
    expect(cachedReaderSettings('RDC/IBD/1/R', storage)).toEqual(settings);
    expect(cachedReaderSettings('RDC/IBD/200/R', storage)).toEqual(settings);
  });
});

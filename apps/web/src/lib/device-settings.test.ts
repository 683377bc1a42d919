import { describe, expect, it, vi } from 'vitest';
import { DEVICE_SETTINGS_KEY, readDeviceSettings, scanDevice, writeDeviceSettings } from './device-settings.ts';

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

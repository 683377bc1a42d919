import { describe, expect, it } from 'vitest';
import { DEVICE_SETTINGS_KEY, readDeviceSettings, writeDeviceSettings } from './device-settings.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('device settings', () => {
  it('defaults to hardware scanner mode', () => {
    expect(readDeviceSettings(memoryStorage())).toEqual({ barcodeScanner: true });
    expect(readDeviceSettings(undefined)).toEqual({ barcodeScanner: true });
  });

  it('reads what was saved and survives garbage', () => {
    const storage = memoryStorage();
    writeDeviceSettings({ barcodeScanner: false }, storage);
    expect(readDeviceSettings(storage)).toEqual({ barcodeScanner: false });
    expect(readDeviceSettings(memoryStorage({ [DEVICE_SETTINGS_KEY]: '{not json' }))).toEqual({ barcodeScanner: true });
    expect(readDeviceSettings(memoryStorage({ [DEVICE_SETTINGS_KEY]: '{"barcodeScanner":"yes"}' }))).toEqual({ barcodeScanner: true });
  });
});

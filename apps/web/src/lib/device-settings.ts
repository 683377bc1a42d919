import { useSyncExternalStore } from 'react';

/**
 * Settings of this device, not of the user (spec point 8, 'Change settings'): kept in
 * localStorage under their own prefix, so logout (which clears the app's keys) keeps them.
 */
export interface DeviceSettings {
  /** On: a hardware scanner types into the scan field and the camera view is off. */
  barcodeScanner: boolean;
  /**
   * The reader's name in the warehouse's reader settings (decision 0042): scans name it as their
   * `device`, and the server decodes them with that reader's settings. '' = not named.
   */
  readerName: string;
}

export const DEVICE_SETTINGS_KEY = 'pharma-device:settings';
export const DEFAULT_DEVICE_SETTINGS: DeviceSettings = { barcodeScanner: true, readerName: '' };

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function localStore(): StorageLike | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The stored settings; anything unreadable falls back to the defaults. */
export function readDeviceSettings(storage = localStore()): DeviceSettings {
  try {
    const raw = storage?.getItem(DEVICE_SETTINGS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    const value = typeof parsed === 'object' && parsed !== null ? (parsed as Partial<DeviceSettings>) : {};
    return {
      barcodeScanner: typeof value.barcodeScanner === 'boolean' ? value.barcodeScanner : DEFAULT_DEVICE_SETTINGS.barcodeScanner,
      readerName: typeof value.readerName === 'string' ? value.readerName.trim().slice(0, 100) : DEFAULT_DEVICE_SETTINGS.readerName,
    };
  } catch {
    return { ...DEFAULT_DEVICE_SETTINGS };
  }
}

const listeners = new Set<() => void>();
let snapshot: DeviceSettings | undefined;

export function writeDeviceSettings(settings: DeviceSettings, storage = localStore()): void {
  storage?.setItem(DEVICE_SETTINGS_KEY, JSON.stringify(settings));
  snapshot = undefined;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== DEVICE_SETTINGS_KEY) return;
    snapshot = undefined;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The device settings, updated when they are saved here or in another tab. */
export function useDeviceSettings(): DeviceSettings {
  return useSyncExternalStore(subscribe, () => (snapshot ??= readDeviceSettings()));
}

/** The `device` a scan names: the reader's name where this device has one, else the browser's user agent. */
export function scanDevice(storage = localStore()): string {
  return readDeviceSettings(storage).readerName || (typeof navigator === 'undefined' ? '' : navigator.userAgent.slice(0, 100));
}

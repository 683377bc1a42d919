import { useSyncExternalStore } from 'react';
import { browserStorage } from './browser-storage.ts';

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

const localStore = (): StorageLike | undefined => browserStorage('localStorage');

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

/**
 * The reader settings a scan page checks codes with before sending them (decision 0051): as the
 * server last answered them for a document and this reader (`GET /api/readerSettings`), kept on the
 * device so a scan page opened offline checks with them too. The server decodes every scan again
 * with the settings it holds; these only let the device accept what the server will.
 */
export interface ScanReaderSettings {
  prefix: string[];
  strip00: boolean;
  bareSscc: boolean;
}

export const READER_SETTINGS_KEY = 'pharma-device:reader-settings';
/** Documents remembered at most: the oldest answer is dropped first. */
const READER_SETTINGS_KEPT = 200;

type CachedReaderSettings = Record<string, ScanReaderSettings & { at: number }>;

function readCache(storage: StorageLike | undefined): CachedReaderSettings {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(READER_SETTINGS_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as CachedReaderSettings) : {};
  } catch {
    return {};
  }
}

function isReaderSettings(value: unknown): value is ScanReaderSettings {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<ScanReaderSettings>;
  return (
    Array.isArray(v.prefix) &&
    v.prefix.every((p) => typeof p === 'string') &&
    typeof v.strip00 === 'boolean' &&
    typeof v.bareSscc === 'boolean'
  );
}

/** The settings last fetched under this key, or undefined when never fetched (or unreadable). */
export function cachedReaderSettings(key: string, storage = localStore()): ScanReaderSettings | undefined {
  const entry = readCache(storage)[key];
  if (!isReaderSettings(entry)) return undefined;
  return { prefix: entry.prefix, strip00: entry.strip00, bareSscc: entry.bareSscc };
}

/** Keeps the settings the server answered under this key, at `at` (ms), dropping the oldest beyond the limit. */
export function cacheReaderSettings(key: string, settings: ScanReaderSettings, at = Date.now(), storage = localStore()): void {
  const cache = readCache(storage);
  cache[key] = { prefix: settings.prefix, strip00: settings.strip00, bareSscc: settings.bareSscc, at };
  const keys = Object.keys(cache).sort((a, b) => (cache[b]?.at ?? 0) - (cache[a]?.at ?? 0));
  for (const old of keys.slice(READER_SETTINGS_KEPT)) delete cache[old];
  try {
    storage?.setItem(READER_SETTINGS_KEY, JSON.stringify(cache));
  } catch {
    // A full storage keeps the settings for this visit only (the query holds them).
  }
}

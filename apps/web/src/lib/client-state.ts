import { useSyncExternalStore } from 'react';
import type { Application } from '@pharma/domain';
import { DEFAULT_LIST_TYPE } from '../config/navigation.ts';
import { browserStorage } from './browser-storage.ts';

/** Every key the app stores starts with this, so logout can clear them all. */
export const STORAGE_PREFIX = 'pharma-scan:';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;
const store = (kind: 'sessionStorage' | 'localStorage'): StorageLike | undefined => browserStorage(kind);

export interface DispatchListState {
  isWo: boolean;
  listType: string;
}

const KEYS = { isWo: `${STORAGE_PREFIX}isWo`, listType: `${STORAGE_PREFIX}listType` } as const;

/** Reads the dispatch list state (spec: the isWo flag and the scan list type). */
export function readDispatchState(storage = store('sessionStorage')): DispatchListState {
  return {
    isWo: storage?.getItem(KEYS.isWo) === 'true',
    listType: storage?.getItem(KEYS.listType) ?? DEFAULT_LIST_TYPE,
  };
}

const listeners = new Set<() => void>();
let snapshot: DispatchListState | undefined;

function changed() {
  snapshot = undefined;
  listeners.forEach((listener) => listener());
}

export function writeDispatchState(state: DispatchListState, storage = store('sessionStorage')): void {
  storage?.setItem(KEYS.isWo, String(state.isWo));
  storage?.setItem(KEYS.listType, state.listType);
  changed();
}

/** ScanLite and Dispatch in the menu: isWo false, list type 'OBD List'. */
export function resetDispatchState(storage = store('sessionStorage')): void {
  writeDispatchState({ isWo: false, listType: DEFAULT_LIST_TYPE }, storage);
}

/** Removes every key of the app from the given stores (logout). */
export function clearClientState(stores: (StorageLike | undefined)[] = [store('sessionStorage'), store('localStorage')]): void {
  for (const store of stores) {
    if (!store) continue;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(STORAGE_PREFIX)) keys.push(key);
    }
    keys.forEach((key) => store.removeItem(key));
  }
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The dispatch list state, re-rendering when it changes. */
export function useDispatchState(): DispatchListState {
  return useSyncExternalStore(subscribe, () => (snapshot ??= readDispatchState()));
}

const AREA_KEY = `${STORAGE_PREFIX}area`;

/** The area this tab was last in: pages outside an area (the admin screen) use its menu and login page. */
export function readLastArea(storage = store('sessionStorage')): Application | undefined {
  const value = storage?.getItem(AREA_KEY);
  return value === 'RDC' || value === 'LDC' ? value : undefined;
}

export function writeLastArea(area: Application, storage = store('sessionStorage')): void {
  if (storage?.getItem(AREA_KEY) !== area) storage?.setItem(AREA_KEY, area);
}

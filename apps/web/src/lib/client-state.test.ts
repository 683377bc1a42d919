import { describe, expect, it } from 'vitest';
import { clearClientState, readDispatchState, resetDispatchState, writeDispatchState } from './client-state.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
    map,
  };
}

describe('client state', () => {
  it('defaults to isWo false and OBD List', () => {
    expect(readDispatchState(memoryStorage())).toEqual({ isWo: false, listType: 'OBD List' });
  });

  it('resets the dispatch list state', () => {
    const storage = memoryStorage();
    writeDispatchState({ isWo: true, listType: 'WO List' }, storage);
    expect(readDispatchState(storage)).toEqual({ isWo: true, listType: 'WO List' });
    resetDispatchState(storage);
    expect(readDispatchState(storage)).toEqual({ isWo: false, listType: 'OBD List' });
  });

  it('clears only the app keys on logout', () => {
    const session = memoryStorage({ 'pharma-scan:isWo': 'true', 'pharma-scan:listType': 'WO List', other: 'x' });
    const local = memoryStorage({ 'pharma-scan:settings': '{}' });
    clearClientState([session, local, undefined]);
    expect([...session.map.keys()]).toEqual(['other']);
    expect(local.length).toBe(0);
  });
});

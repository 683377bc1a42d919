import { useSyncExternalStore } from 'react';
import type { ScanOutcome } from './scan-outcome.ts';

/** The last scan's outcome and how many scans this visit's answers counted. */
export interface LastScan {
  outcome: ScanOutcome | undefined;
  scanned: number;
}

/**
 * The scan screen's feedback state, kept outside React state (issue 7: feedback within 50 ms on
 * a slow handheld). Only the feedback banner and the count subscribe, so a scan re-renders those
 * two small components and not the page with its lines and scanned units.
 */
export class LastScanStore {
  private state: LastScan = { outcome: undefined, scanned: 0 };
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): LastScan => this.state;

  show(outcome: ScanOutcome): void {
    this.set({ ...this.state, outcome });
  }

  countOne(): void {
    this.set({ ...this.state, scanned: this.state.scanned + 1 });
  }

  private set(next: LastScan): void {
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }
}

/** A part of the last scan's state; the component re-renders when that part changes. */
export function useLastScan<T>(store: LastScanStore, select: (state: LastScan) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}

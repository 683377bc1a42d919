import { useSyncExternalStore } from 'react';
import type { ScanAdvice, ScanOutcome } from './scan-outcome.ts';

/** How many accepted-with-advice notes stay on screen at once, newest first. */
export const ADVICE_KEPT = 3;

/**
 * The last scan's outcome and the advice of recent answers. What is scanned on the document is not
 * kept here: the badge, the lines and the scanned units read the document's details (issue 27).
 */
export interface LastScan {
  outcome: ScanOutcome | undefined;
  /**
   * Warnings of accepted scans, newest first, kept until dismissed (or pushed out): an answer can
   * come after later scans (a fast scanner, the queue after reconnecting), so its advice outlives
   * the banner.
   */
  advice: readonly ScanAdvice[];
}

/**
 * The scan screen's feedback state, kept outside React state (issue 7: feedback within 50 ms on
 * a slow handheld). Only the feedback banner and the advice subscribe, so a scan's feedback re-renders
 * those small components and not the page with its lines and scanned units.
 */
export class LastScanStore {
  private state: LastScan = { outcome: undefined, advice: [] };
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): LastScan => this.state;

  show(outcome: ScanOutcome): void {
    this.set({ ...this.state, outcome });
  }

  advise(advice: ScanAdvice): void {
    const others = this.state.advice.filter((a) => a.scanId !== advice.scanId);
    this.set({ ...this.state, advice: [advice, ...others].slice(0, ADVICE_KEPT) });
  }

  dismiss(scanId: string): void {
    this.set({ ...this.state, advice: this.state.advice.filter((a) => a.scanId !== scanId) });
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

import type { QueuedScan, ScanStore } from './types.ts';

/** A store in memory: the tests' fake, and the fallback where IndexedDB is unavailable. */
export class MemoryStore implements ScanStore {
  readonly rows = new Map<string, QueuedScan>();

  constructor(initial: QueuedScan[] = []) {
    for (const scan of initial) this.rows.set(scan.scanId, scan);
  }

  async load(): Promise<QueuedScan[]> {
    return [...this.rows.values()].sort((a, b) => a.seq - b.seq);
  }

  async put(scan: QueuedScan): Promise<void> {
    this.rows.set(scan.scanId, structuredClone(scan));
  }

  async remove(scanId: string): Promise<void> {
    this.rows.delete(scanId);
  }
}

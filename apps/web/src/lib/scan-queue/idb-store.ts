import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { QueuedScan, ScanStore } from './types.ts';

interface QueueDb extends DBSchema {
  scans: { key: string; value: QueuedScan; indexes: { seq: number } };
}

const DB_NAME = 'pharma-scan';
const DB_VERSION = 1;

/** The queue in IndexedDB (database 'pharma-scan', store 'scans', keyed by scanId, ordered by seq). */
export class IdbStore implements ScanStore {
  private db: Promise<IDBPDatabase<QueueDb>> | undefined;

  private open(): Promise<IDBPDatabase<QueueDb>> {
    this.db ??= openDB<QueueDb>(DB_NAME, DB_VERSION, {
      upgrade(db) {
        const scans = db.createObjectStore('scans', { keyPath: 'scanId' });
        scans.createIndex('seq', 'seq');
      },
    });
    return this.db;
  }

  async load(): Promise<QueuedScan[]> {
    return (await this.open()).getAllFromIndex('scans', 'seq');
  }

  async put(scan: QueuedScan): Promise<void> {
    await (await this.open()).put('scans', scan);
  }

  async remove(scanId: string): Promise<void> {
    await (await this.open()).delete('scans', scanId);
  }
}

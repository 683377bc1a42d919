import { useEffect, useSyncExternalStore } from 'react';
import { IdbStore } from './idb-store.ts';
import { MemoryStore } from './memory-store.ts';
import { ScanQueue } from './queue.ts';
import { sendScan } from './send-scan.ts';
import type { QueueEvent, QueueSnapshot, ScanOwner } from './types.ts';

export type { QueueEvent, QueueSnapshot, ScanOwner } from './types.ts';

let queue: ScanQueue | undefined;

/** The tab's one scan queue, over IndexedDB (in memory where the browser has none). */
export function getScanQueue(): ScanQueue {
  queue ??= new ScanQueue({
    store: typeof indexedDB === 'undefined' ? new MemoryStore() : new IdbStore(),
    send: sendScan,
    isOnline: () => navigator.onLine !== false,
    now: () => Date.now(),
    schedule: (run, ms) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
  });
  return queue;
}

/** The queue's state: pending scans, refusals to acknowledge, why it waits. */
export function useScanQueue(): QueueSnapshot {
  const q = getScanQueue();
  return useSyncExternalStore(q.subscribe, q.getSnapshot);
}

/** Calls `listener` for every answer, refusal and deferral while mounted. */
export function useScanQueueEvents(listener: (event: QueueEvent) => void): void {
  useEffect(() => getScanQueue().onEvent(listener), [listener]);
}

/**
 * Runs the queue for the app: tells it who is signed in (only that user's scans are sent,
 * decision 0026), sends what is left on page load, again when the network comes back or the tab
 * becomes visible, and after a login (a 401 the refresh could not cure pauses it).
 */
export function useScanQueueRunner(user: ScanOwner | undefined): void {
  const id = user?.id;
  const name = user?.name;
  useEffect(() => {
    void getScanQueue().setUser(id !== undefined && name !== undefined ? { id, name } : undefined);
  }, [id, name]);
  useEffect(() => {
    if (id === undefined) return;
    const q = getScanQueue();
    const resume = () => void q.resume();
    const onVisible = () => {
      if (document.visibilityState === 'visible') resume();
    };
    resume();
    window.addEventListener('online', resume);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', resume);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [id]);
}

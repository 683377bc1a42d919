import { useSyncExternalStore } from 'react';
import { getScanQueue } from './scan-queue/index.ts';

/**
 * The installable app's service worker (decision 0009): registered in production builds; a new
 * version waits until no scans are pending (the queue is in IndexedDB, so it survives either
 * way) or the user confirms, then activates and serves the next load.
 */
let waiting: ServiceWorker | undefined;
let reloadOnActivate = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function offer(worker: ServiceWorker): void {
  waiting = worker;
  notify();
  const queue = getScanQueue();
  void queue.loaded.then(() => {
    if (queue.getSnapshot().pending.length === 0) return activateUpdate(false);
    const stop = queue.subscribe(() => {
      if (queue.getSnapshot().pending.length > 0) return;
      stop();
      activateUpdate(false);
    });
  });
}

function watch(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      // Installed while a page is already controlled: a new version, not the first install.
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
    });
  });
  setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloadOnActivate) window.location.reload();
  });
  void navigator.serviceWorker
    .register('/sw.js')
    .then(watch)
    .catch(() => undefined);
}

/** Activates the waiting version; `reload` (the user pressed Update) loads it at once. */
export function activateUpdate(reload = true): void {
  if (!waiting) return;
  reloadOnActivate = reload;
  waiting.postMessage({ type: 'SKIP_WAITING' });
  waiting = undefined;
  notify();
}

/** A new version is waiting (scans are pending, so it did not activate on its own). */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== undefined,
  );
}

import { Worker } from 'node:worker_threads';

/**
 * A worker thread running the TypeScript module `entry` (through `ts-worker.mjs`, which registers tsx in
 * the worker: Node 20 passes no module hooks on to workers), with `data` as its `workerData.data`.
 */
export function tsWorker(entry: URL, data: unknown): Worker {
  return new Worker(new URL('./ts-worker.mjs', import.meta.url), { workerData: { entry: entry.href, data } });
}

/**
 * Asks a worker to stop with `order` and resolves once it has ended. Referenced again first, so that the
 * process lives until then: an unreferenced worker's exit never arrives when nothing else keeps the event
 * loop alive (a script's last `await`).
 */
export async function stopWorker(worker: Worker, order: unknown): Promise<void> {
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.ref();
  worker.postMessage(order);
  await exited;
}

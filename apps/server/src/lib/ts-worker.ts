import { Worker } from 'node:worker_threads';

/**
 * A worker thread running the TypeScript module `entry` (through `ts-worker.mjs`, which registers tsx in
 * the worker: Node 20 passes no module hooks on to workers), with `data` as its `workerData.data`.
 */
export function tsWorker(entry: URL, data: unknown): Worker {
  return new Worker(new URL('./ts-worker.mjs', import.meta.url), { workerData: { entry: entry.href, data } });
}

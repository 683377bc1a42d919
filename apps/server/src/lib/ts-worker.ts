import { Worker } from 'node:worker_threads';

/**
 * Compiled (`npm start`, decision 0084), this module is JavaScript, bundled into main.js, and each worker
 * is compiled beside it under its own name; run from source (`npm run dev`, the tests), it is TypeScript.
 */
const compiled = !import.meta.url.endsWith('.ts');

/**
 * A worker thread running the module `entry` (a TypeScript file beside its caller), with `data` as its
 * `workerData.data`. Compiled, that is the JavaScript of the same name; from source, `ts-worker.mjs`
 * registers tsx in the worker first (Node 20 passes no module hooks on to workers).
 */
export function tsWorker(entry: URL, data: unknown): Worker {
  if (compiled) return new Worker(new URL(entry.href.replace(/\.ts$/, '.js')), { workerData: { data } });
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

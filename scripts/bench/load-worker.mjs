// A load generator in its own thread, so the server under test keeps its event loop to itself.
// Input (workerData): { url, token, concurrency, requests: [{ path, body }] }.
// Output: { elapsedMs, latencies: number[], statuses: Record<string, number> }.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

const { url, token, concurrency, requests, method = 'POST' } = workerData;
const latencies = new Array(requests.length);
const statuses = {};
let next = 0;

async function client() {
  for (;;) {
    const i = next++;
    if (i >= requests.length) return;
    const r = requests[i];
    const started = performance.now();
    const res = await fetch(url + r.path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(r.body),
    });
    await res.arrayBuffer();
    latencies[i] = performance.now() - started;
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, client));
parentPort.postMessage({ elapsedMs: performance.now() - started, latencies, statuses });

// A load generator in its own thread, so the server under test keeps its event loop to itself.
// Plain node:http with keep-alive connections (one per simulated client): fetch costs several
// times more CPU per request and would measure itself rather than the server.
// Input (workerData): { url, token, concurrency, requests: [{ path, body }], method }.
// Output: { elapsedMs, latencies: number[], statuses: Record<string, number> }.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

const { url, token, concurrency, requests, method = 'POST' } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = new Array(requests.length);
const statuses = {};
let next = 0;

function send(r) {
  return new Promise((resolve, reject) => {
    const body = method === 'GET' ? undefined : JSON.stringify(r.body);
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: r.path,
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function client() {
  for (;;) {
    const i = next++;
    if (i >= requests.length) return;
    const started = performance.now();
    const status = await send(requests[i]);
    latencies[i] = performance.now() - started;
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, client));
agent.destroy();
parentPort.postMessage({ elapsedMs: performance.now() - started, latencies, statuses });

// A load generator in its own thread, so the server under test keeps its event loop to itself.
//
// HTTP/1.1 over plain node:net: one keep-alive connection per simulated client, one request in
// flight on each, the answer read by its Content-Length. The generator shares the machine's cores
// with the server, so it must cost little: node:http's client took about 190 µs of CPU per request
// here (fetch several times more), this about 65, and the server's scan figures rose by a fifth.
// autocannon does the same job but brings 65 packages (decision 0014).
//
// Input (workerData): { url, token, concurrency, requests: [{ path, body }], method }.
// Output: { elapsedMs, latencies: number[], statuses: Record<string, number>, busyMs } (busyMs: this thread's own active time).
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { url, token, concurrency, requests, method = 'POST' } = workerData;
const target = new URL(url);
const HEAD_END = Buffer.from('\r\n\r\n');
const latencies = new Array(requests.length);
const statuses = {};
let next = 0;

function requestText(r) {
  const body = method === 'GET' ? '' : JSON.stringify(r.body);
  const entity = body ? `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` : '';
  return `${method} ${r.path} HTTP/1.1\r\nhost: ${target.host}\r\nauthorization: Bearer ${token}\r\n${entity}\r\n${body}`;
}

/** Opens one keep-alive connection; resolves once it is established. */
function connect() {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(target.port), target.hostname);
    socket.setNoDelay(true);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** One simulated client: sends the next request as soon as the previous answer is complete. */
function client(socket) {
  return new Promise((resolve, reject) => {
    let pending = Buffer.alloc(0);
    let current = -1;
    let started = 0;
    const sendNext = () => {
      current = next++;
      if (current >= requests.length) {
        socket.end();
        resolve();
        return;
      }
      started = performance.now();
      socket.write(requestText(requests[current]));
    };
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      const headEnd = pending.indexOf(HEAD_END);
      if (headEnd < 0) return;
      const head = pending.toString('latin1', 0, headEnd);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) {
        socket.destroy();
        reject(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
        return;
      }
      const total = headEnd + HEAD_END.length + Number(length[1]);
      if (pending.length < total) return;
      latencies[current] = performance.now() - started;
      const status = head.slice(9, 12);
      statuses[status] = (statuses[status] ?? 0) + 1;
      pending = pending.subarray(total);
      sendNext();
    });
    sendNext();
  });
}

// Every connection is open before the clock starts: handhelds keep theirs open, and a server busy
// with a burst of first requests accepts late connections one turn at a time.
const sockets = await Promise.all(Array.from({ length: concurrency }, connect));
const started = performance.now();
const idleBefore = performance.eventLoopUtilization();
await Promise.all(sockets.map(client));
const busyMs = performance.eventLoopUtilization(idleBefore).active;
parentPort.postMessage({ elapsedMs: performance.now() - started, latencies, statuses, busyMs });

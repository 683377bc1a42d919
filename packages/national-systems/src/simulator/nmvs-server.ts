/**
 * The NMVS simulator (issue 28; decision 0081 section 1): a real HTTP server speaking the SOAP 1.2
 * wire of nmvs/wire.ts, answering from the pack registry of nmvs-registry.ts.
 *
 * The wire: POST to the single-pack service (`/WS_SINGLE_TRANSACTIONS_V1/SinglePackServiceV50`, G1x0
 * and G1x1) or the bulk service (`/WS_BULK_TRANSACTIONS_V1/BulkServiceV50`, G1x5, G1x7 and G188),
 * or their V40 twins; the answer is always a SOAP message with an NMVS ReturnCode, HTTP 200, as the
 * real system answers. One port serves both services (0081: the real system has one port each).
 *
 * The control API (JSON, never faulted, so a test can always repair what it broke):
 * `POST /_sim/packs`, `GET /_sim/packs/{gtin}/{serial}`, `POST /_sim/faults`,
 * `POST|DELETE /_sim/clock`, `POST /_sim/reset`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLValidator } from 'fast-xml-parser';
import {
  buildNmvsAnswer,
  describeNmvsCode,
  NMVS_BULK_RESULT_CODE,
  nmvsReturnCode,
  parseNmvsRequestMessage,
  type NmvsAnswer,
  type NmvsCredentials,
  type NmvsVersion,
} from '../nmvs/wire.ts';
import { NmvsPackError, NmvsRegistry, type NmvsPackInput } from './nmvs-registry.ts';

export interface NmvsSimulatorOptions {
  /** 0 (the default) takes a free port; `url` tells which. */
  port?: number;
  /** 127.0.0.1 by default. */
  host?: string;
  /** Who may call (ClientLoginId, UserId, Password); when left out, any credentials are accepted. */
  clients?: NmvsCredentials[];
  /** Packs loaded at start, as `POST /_sim/packs` takes them. */
  packs?: NmvsPackInput[];
  /** How long a bulk job runs before G188 has its result (default 0: the next turn of the event loop). */
  bulkDelayMs?: number;
  /** The real clock (default: the system's); `POST /_sim/clock` fixes another instant over it. */
  now?: () => Date;
  /** The largest body read (default 32 MiB: a bulk of 100,000 packs fits even when every serial character is escaped). */
  maxBodyBytes?: number;
}

export interface NmvsSimulator {
  /** `http://host:port`, no trailing slash: the service paths are appended to it. */
  url: string;
  close(): Promise<void>;
  registry: NmvsRegistry;
}

interface Service {
  version: NmvsVersion;
  bulk: boolean;
}

/** S1 `Endpoint.php`'s paths, with the v5 names (0081). */
const SERVICES: ReadonlyMap<string, Service> = new Map([
  ['/WS_SINGLE_TRANSACTIONS_V1/SinglePackServiceV50', { version: '5.0', bulk: false }],
  ['/WS_SINGLE_TRANSACTIONS_V1/SinglePackServiceV40', { version: '4.0', bulk: false }],
  ['/WS_BULK_TRANSACTIONS_V1/BulkServiceV50', { version: '5.0', bulk: true }],
  ['/WS_BULK_TRANSACTIONS_V1/BulkServiceV40', { version: '4.0', bulk: true }],
]);

const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
/** How long a slow simulator waits before it answers, unless the fault says otherwise. */
const DEFAULT_SLOW_DELAY_MS = 5000;
const MAX_FAULT_DELAY_MS = 10 * 60 * 1000;
const FAULT_MODES = ['ok', 'down', 'slow', 'error'] as const;

/**
 * ok: answers; down: the socket is destroyed with no answer (a connection reset); slow: the request is
 * applied at once and answered after `delayMs` (so a client that gives up and resends meets its own
 * ClientTrxId); error: HTTP 500, nothing applied. Faults touch the wire only.
 */
interface Fault {
  mode: (typeof FAULT_MODES)[number];
  delayMs: number;
}

/** A request the server refuses with an HTTP status: the status and the reason. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function randomHex(length: number): string {
  return randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .slice(0, length)
    .toUpperCase();
}

export async function startNmvsSimulator(options: NmvsSimulatorOptions = {}): Promise<NmvsSimulator> {
  const bulkDelayMs = options.bulkDelayMs ?? 0;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // Timers of slow answers and running bulk jobs: close() stops them.
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };
  const registry = new NmvsRegistry({
    ...(options.clients ? { clients: options.clients } : {}),
    ...(options.now ? { now: options.now } : {}),
    randomHex,
    runInBackground: (work) => later(bulkDelayMs, work),
  });
  if (options.packs !== undefined) registry.load(options.packs);
  let fault: Fault = { mode: 'ok', delayMs: DEFAULT_SLOW_DELAY_MS };

  /** A SOAP request in, a SOAP answer out; what the wire cannot read is answered with an NMVS_TE_XM code. */
  async function wire(request: IncomingMessage, response: ServerResponse, service: Service): Promise<void> {
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      throw new Refusal(405, `${request.method ?? ''} is not allowed here: POST a SOAP 1.2 message`);
    }
    const xml = await readBody(request, maxBodyBytes);
    const answer = answerTo(xml, service);
    if (fault.mode === 'slow') await new Promise<void>((resolve) => later(fault.delayMs, resolve));
    if (response.destroyed) return;
    response
      .writeHead(200, { 'Content-Type': 'application/soap+xml; charset=utf-8' })
      .end(buildNmvsAnswer(answer, { version: service.version }));
  }

  function answerTo(xml: string, service: Service): NmvsAnswer {
    let parsed: ReturnType<typeof parseNmvsRequestMessage>;
    try {
      parsed = parseNmvsRequestMessage(xml);
    } catch {
      // Not XML at all, or XML the interface's schema does not allow (S2's two codes).
      return unreadable(xml, service, XMLValidator.validate(xml) === true ? 'NMVS_TE_XM_02' : 'NMVS_TE_XM_01');
    }
    const { version, request } = parsed;
    const bulkCode = request.code === NMVS_BULK_RESULT_CODE || describeNmvsCode(request.code)?.kind.startsWith('bulk') === true;
    // The other service's operation, or the other version's namespace, is not in this service's schema.
    if (version !== service.version || bulkCode !== service.bulk) return unreadable(xml, service, 'NMVS_TE_XM_02');
    return registry.handle(request);
  }

  /** The answer to a request the wire could not take: its G-code and ClientTrxId as far as they can be read. */
  function unreadable(xml: string, service: Service, returnCode: string): NmvsAnswer {
    const named = /<(?:[\w.-]+:)?(G\d{3})Request[\s/>]/.exec(xml)?.[1];
    const known = named !== undefined && (named === NMVS_BULK_RESULT_CODE || describeNmvsCode(named) !== undefined);
    const code = known ? named : service.bulk ? NMVS_BULK_RESULT_CODE : 'G110';
    return {
      code,
      clientTrxId: /<(?:[\w.-]+:)?ClientTrxId>([A-Za-z0-9-]{1,32})<\//.exec(xml)?.[1] ?? 'UNKNOWN',
      nmvsTrxId: randomHex(32),
      timestamp: registry.now().toISOString(),
      packs: [],
      returnCode,
      returnDesc: nmvsReturnCode(returnCode)?.desc ?? returnCode,
    };
  }

  async function control(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    switch (`${request.method ?? ''} ${url.pathname}`) {
      case 'POST /_sim/packs':
        try {
          sendJson(response, 200, { loaded: registry.load(await readJson(request, maxBodyBytes)) });
        } catch (error) {
          if (error instanceof NmvsPackError) throw new Refusal(400, error.message);
          throw error;
        }
        return;
      case 'POST /_sim/faults':
        fault = readFault(await readJson(request, maxBodyBytes));
        sendJson(response, 200, fault);
        return;
      case 'POST /_sim/clock': {
        const body = await readJson(request, maxBodyBytes);
        const now = typeof body === 'object' && body !== null ? (body as { now?: unknown }).now : undefined;
        const at = typeof now === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(now) ? new Date(now) : undefined;
        if (!at || Number.isNaN(at.getTime())) throw new Refusal(400, 'the clock is { now: an ISO 8601 date and time }');
        registry.setClock(at);
        sendJson(response, 200, { now: registry.now().toISOString() });
        return;
      }
      case 'DELETE /_sim/clock':
        registry.setClock(null);
        sendJson(response, 200, { now: registry.now().toISOString() });
        return;
      case 'POST /_sim/reset':
        // Back to the start: no packs, history, transactions or jobs, no fault, the real clock.
        registry.reset();
        registry.setClock(null);
        fault = { mode: 'ok', delayMs: DEFAULT_SLOW_DELAY_MS };
        response.writeHead(204).end();
        return;
    }
    const pack = /^\/_sim\/packs\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (pack !== null && request.method === 'GET') {
      const view = registry.read(decodePathSegment(pack[1] as string), decodePathSegment(pack[2] as string));
      if (view === undefined) throw new Refusal(404, 'no such pack');
      sendJson(response, 200, view);
      return;
    }
    throw new Refusal(404, 'not found');
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://simulator');
    const isControl = url.pathname.startsWith('/_sim/');
    try {
      if (isControl) return await control(request, response, url);
      const service = SERVICES.get(url.pathname);
      if (!service) throw new Refusal(404, `not found: the services are ${[...SERVICES.keys()].join(', ')}`);
      if (fault.mode === 'down') {
        request.socket.destroy();
        return;
      }
      if (fault.mode === 'error') throw new Refusal(500, 'simulated failure (fault mode "error")');
      await wire(request, response, service);
    } catch (error) {
      if (response.headersSent || response.destroyed) return;
      const status = error instanceof Refusal ? error.status : 500;
      const message = error instanceof Refusal ? error.message : 'internal error of the simulator';
      if (isControl) sendJson(response, status, { error: message });
      else response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(message);
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    registry,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function readFault(body: unknown): Fault {
  const { mode, delayMs } = (body ?? {}) as { mode?: unknown; delayMs?: unknown };
  const modeValid = typeof mode === 'string' && (FAULT_MODES as readonly string[]).includes(mode);
  const delayValid =
    delayMs === undefined || (Number.isInteger(delayMs) && (delayMs as number) >= 0 && (delayMs as number) <= MAX_FAULT_DELAY_MS);
  if (!modeValid || !delayValid) throw new Refusal(400, 'a fault is { mode: "ok" | "down" | "slow" | "error", delayMs?: milliseconds }');
  return { mode: mode as Fault['mode'], delayMs: (delayMs as number | undefined) ?? DEFAULT_SLOW_DELAY_MS };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new Refusal(400, `the path segment "${segment}" holds a broken percent-encoding`);
  }
}

/**
 * The request's body as text: 413 past `limit` bytes (at once when Content-Length says so; a body
 * sent without one is read to its end and dropped, so the client still gets the answer).
 */
async function readBody(request: IncomingMessage, limit: number): Promise<string> {
  if (Number(request.headers['content-length']) > limit) {
    request.resume();
    throw new Refusal(413, `the body is larger than ${limit} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  if (size > limit) throw new Refusal(413, `the body is larger than ${limit} bytes`);
  return Buffer.concat(chunks).toString('utf8');
}

async function readJson(request: IncomingMessage, limit: number): Promise<unknown> {
  const text = await readBody(request, limit);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Refusal(400, `the body is not JSON: ${(error as Error).message}`);
  }
}

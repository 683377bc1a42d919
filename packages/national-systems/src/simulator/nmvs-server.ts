/**
 * The NMVS simulator (issue 28; decision 0081 section 1): a real HTTP server speaking the SOAP 1.2
 * wire of nmvs/wire.ts, answering from the pack registry of nmvs-registry.ts.
 *
 * The wire: POST to the single-pack service (`/WS_SINGLE_TRANSACTIONS_V1/SinglePackServiceV50`, G1x0
 * and G1x1) or the bulk service (`/WS_BULK_TRANSACTIONS_V1/BulkServiceV50`, G1x5, G1x7 and G188),
 * or their V40 twins; the answer is always a SOAP message with an NMVS ReturnCode, HTTP 200, as the
 * real system answers. One port serves both services (0081: the real system has one port each).
 *
 * The control API under /_sim/ (packs, faults, clock, reset) is control.ts's, shared with the VRS
 * simulator, as is the HTTP plumbing (http.ts).
 *
 * With `tls` it serves HTTPS and requires a client certificate, as the real system does (0081, "Client
 * certificate"): a client without one its CAs issued is refused in the TLS handshake, the control API's
 * callers too.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
import { SimulatorControl } from './control.ts';
import { readBody, Refusal, startSimulatorServer, Timers, type SimulatorTls } from './http.ts';
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
  /** HTTPS requiring a client certificate issued by `ca` (PEM, as `cert` and `key`); plain HTTP when left out. */
  tls?: SimulatorTls;
}

export interface NmvsSimulator {
  /** `http://host:port` (`https://` with `tls`), no trailing slash: the service paths are appended to it. */
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

function randomHex(length: number): string {
  return randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .slice(0, length)
    .toUpperCase();
}

/** `POST /_sim/clock`'s body: { now: an ISO 8601 date and time } (without an offset, the local time). */
function readClock(body: unknown): Date {
  const now = typeof body === 'object' && body !== null ? (body as { now?: unknown }).now : undefined;
  const at = typeof now === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(now) ? new Date(now) : undefined;
  if (!at || Number.isNaN(at.getTime())) throw new Refusal(400, 'the clock is { now: an ISO 8601 date and time }');
  return at;
}

export async function startNmvsSimulator(options: NmvsSimulatorOptions = {}): Promise<NmvsSimulator> {
  const bulkDelayMs = options.bulkDelayMs ?? 0;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // Slow answers and running bulk jobs: close() stops them.
  const timers = new Timers();
  const registry = new NmvsRegistry({
    ...(options.clients ? { clients: options.clients } : {}),
    ...(options.now ? { now: options.now } : {}),
    randomHex,
    runInBackground: (work) => timers.later(bulkDelayMs, work),
  });
  if (options.packs !== undefined) registry.load(options.packs);
  const control = new SimulatorControl({ registry, packError: NmvsPackError, readClock, maxBodyBytes, timers });

  /**
   * A SOAP request in, a SOAP answer out; what the wire cannot read is answered with an NMVS_TE_XM
   * code. A slow fault applies the request at once and answers after its delay, so a client that
   * gives up and resends meets its own ClientTrxId.
   */
  async function wire(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const service = SERVICES.get(url.pathname);
    if (!service) throw new Refusal(404, `not found: the services are ${[...SERVICES.keys()].join(', ')}`);
    if (control.interrupts(request)) return;
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      throw new Refusal(405, `${request.method ?? ''} is not allowed here: POST a SOAP 1.2 message`);
    }
    const xml = await readBody(request, maxBodyBytes);
    const answer = answerTo(xml, service);
    await control.slowDown();
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

  const server = await startSimulatorServer({
    port: options.port,
    host: options.host,
    control: control.handle,
    wire,
    timers,
    tls: options.tls,
  });
  return { url: server.url, registry, close: server.close };
}

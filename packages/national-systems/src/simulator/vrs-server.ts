/**
 * The VRS simulator (issue 28; decision 0081 section 2): a real HTTP server speaking the GS1
 * Lightweight Messaging wire of vrs/wire.ts, answering from the pack registry of vrs-registry.ts.
 *
 * The wire: `GET /verify/...` (the verification), `GET /checkConnectivity` (the "test connection").
 * With a secret, both ask `Authorization: Bearer <secret>` (our choice: the real router's
 * authentication is provider-specific). Only a 200 carries JSON, as the standard has it; other
 * statuses carry their reason as plain text.
 *
 * The control API (JSON, never faulted nor guarded by the secret, so a test can always repair what it
 * broke): `POST /_sim/packs`, `GET /_sim/packs/{gtin}/{serial}`, `POST /_sim/faults`,
 * `POST|DELETE /_sim/clock`, `POST /_sim/reset`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hasValidCheckDigit, withCheckDigit } from '@pharma/domain';
import { z } from 'zod';
import { buildVrsAnswer, parseConnectivityUrl, parseVerificationUrl, VrsWireError, type VrsConnectivityAnswer } from '../vrs/wire.ts';
import { VrsPackError, VrsRegistry, type VrsPackInput } from './vrs-registry.ts';

export interface VrsSimulatorOptions {
  /** 0 (the default) takes a free port; `url` tells which. */
  port?: number;
  /** 127.0.0.1 by default. */
  host?: string;
  /** When set, the wire asks `Authorization: Bearer <secret>` and answers 401 without it. */
  secret?: string | undefined;
  /** The GLN the answers carry (13 digits with a check digit); a fixed example GLN by default. */
  responderGLN?: string;
  /** Packs loaded at start, as `POST /_sim/packs` takes them. */
  packs?: VrsPackInput[];
  /** The real clock (default: the system's); `POST /_sim/clock` fixes another instant over it. */
  now?: () => Date;
  /** The largest JSON body the control API reads (default 16 MiB: 100,000 packs fit). */
  maxBodyBytes?: number;
}

export interface VrsSimulator {
  /** `http://host:port`, no trailing slash: the base of `verificationUrl`. */
  url: string;
  close(): Promise<void>;
  registry: VrsRegistry;
}

/** GS1 US's example company prefix 0614141 with a location reference: a GLN no real party holds. */
const EXAMPLE_RESPONDER_GLN = withCheckDigit('061414100000');

const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** How long a slow simulator waits before it answers, unless the fault says otherwise. */
const DEFAULT_SLOW_DELAY_MS = 5000;

/**
 * ok: answers; down: the socket is destroyed with no answer (a connection reset); slow: answers after
 * `delayMs`; error: HTTP 500. Faults touch the wire only.
 */
const Fault = z.object({
  mode: z.enum(['ok', 'down', 'slow', 'error']),
  delayMs: z
    .number()
    .int()
    .min(0)
    .max(10 * 60 * 1000)
    .optional(),
});
type Fault = Required<z.output<typeof Fault>>;

const Clock = z.object({ now: z.iso.datetime({ offset: true }) });

/** A request the server refuses: the status and the reason. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startVrsSimulator(options: VrsSimulatorOptions = {}): Promise<VrsSimulator> {
  const responderGLN = options.responderGLN ?? EXAMPLE_RESPONDER_GLN;
  if (!/^\d{13}$/.test(responderGLN) || !hasValidCheckDigit(responderGLN)) {
    throw new Error(`responderGLN must be 13 digits with a valid GS1 check digit (got "${responderGLN}")`);
  }
  const registry = new VrsRegistry({ responderGLN, ...(options.now ? { now: options.now } : {}) });
  if (options.packs !== undefined) registry.load(options.packs);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  let fault: Fault = { mode: 'ok', delayMs: DEFAULT_SLOW_DELAY_MS };
  // Slow answers still waiting: close() stops them.
  const waiting = new Set<NodeJS.Timeout>();

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(timer);
        resolve();
      }, ms);
      waiting.add(timer);
    });
  }

  /** The verification and connectivity routes, after the faults. */
  function wire(request: IncomingMessage, response: ServerResponse, url: URL): void {
    if (url.pathname !== '/checkConnectivity' && !url.pathname.startsWith('/verify/')) throw new Refusal(404, 'not found');
    if (request.method !== 'GET') {
      response.setHeader('Allow', 'GET');
      throw new Refusal(405, `${request.method ?? ''} is not allowed here: use GET`);
    }
    if (options.secret !== undefined && request.headers.authorization !== `Bearer ${options.secret}`) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      throw new Refusal(401, 'not authenticated: send Authorization: Bearer <secret>');
    }
    try {
      if (url.pathname === '/checkConnectivity') {
        parseConnectivityUrl(url);
        const answer: VrsConnectivityAnswer = { responderGLN };
        sendVrsJson(response, JSON.stringify(answer));
        return;
      }
      sendVrsJson(response, buildVrsAnswer(registry.verify(parseVerificationUrl(url))));
    } catch (error) {
      if (error instanceof VrsWireError) throw new Refusal(400, error.message);
      throw error;
    }
  }

  async function control(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const route = `${request.method ?? ''} ${url.pathname}`;
    switch (route) {
      case 'POST /_sim/packs': {
        const body = await readJson(request, maxBodyBytes);
        try {
          sendJson(response, 200, { loaded: registry.load(body) });
        } catch (error) {
          if (error instanceof VrsPackError) throw new Refusal(400, error.message);
          throw error;
        }
        return;
      }
      case 'POST /_sim/faults': {
        const parsed = Fault.safeParse(await readJson(request, maxBodyBytes));
        if (!parsed.success) throw new Refusal(400, `a fault is { mode: "ok" | "down" | "slow" | "error", delayMs?: milliseconds }`);
        fault = { mode: parsed.data.mode, delayMs: parsed.data.delayMs ?? DEFAULT_SLOW_DELAY_MS };
        sendJson(response, 200, fault);
        return;
      }
      case 'POST /_sim/clock': {
        const parsed = Clock.safeParse(await readJson(request, maxBodyBytes));
        if (!parsed.success) throw new Refusal(400, 'the clock is { now: an ISO 8601 date and time with its offset }');
        registry.setClock(new Date(parsed.data.now));
        sendJson(response, 200, { now: registry.now().toISOString() });
        return;
      }
      case 'DELETE /_sim/clock':
        registry.setClock(null);
        sendJson(response, 200, { now: registry.now().toISOString() });
        return;
      case 'POST /_sim/reset':
        // Back to the start: no packs, no history, no fault, the real clock.
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
    // The request target as sent ('//x' is no path a URL can be made of: 400).
    const url = URL.canParse(request.url ?? '', 'http://simulator') ? new URL(request.url ?? '', 'http://simulator') : null;
    const isControl = url?.pathname.startsWith('/_sim/') ?? false;
    try {
      if (url === null) throw new Refusal(400, `the request target ${JSON.stringify(request.url)} is no path`);
      if (isControl) {
        await control(request, response, url);
        return;
      }
      if (fault.mode === 'down') {
        request.socket.destroy();
        return;
      }
      if (fault.mode === 'error') throw new Refusal(500, 'simulated failure (fault mode "error")');
      if (fault.mode === 'slow') await wait(fault.delayMs);
      wire(request, response, url);
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
        for (const timer of waiting) clearTimeout(timer);
        waiting.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A 200 answer of the wire: JSON, never cached (decision 0081, V1). */
function sendVrsJson(response: ServerResponse, body: string): void {
  response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-cache' }).end(body);
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
 * The request's body as JSON: 413 past `limit` bytes (at once when Content-Length says so; a body sent
 * without one is read to its end and dropped, so the client still gets the answer), 400 when not JSON.
 */
async function readJson(request: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) {
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
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Refusal(400, `the body is not JSON: ${(error as Error).message}`);
  }
}

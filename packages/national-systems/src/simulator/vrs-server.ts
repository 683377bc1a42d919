/**
 * The VRS simulator (issue 28; decision 0081 section 2): a real HTTP server speaking the GS1
 * Lightweight Messaging wire of vrs/wire.ts, answering from the pack registry of vrs-registry.ts.
 *
 * The wire: `GET /verify/...` (the verification), `GET /checkConnectivity` (the "test connection").
 * With a secret, both ask `Authorization: Bearer <secret>` (our choice: the real router's
 * authentication is provider-specific). Only a 200 carries JSON, as the standard has it; other
 * statuses carry their reason as plain text.
 *
 * The control API under /_sim/ (packs, faults, clock, reset; never guarded by the secret) is
 * control.ts's, shared with the NMVS simulator, as is the HTTP plumbing (http.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasValidCheckDigit, withCheckDigit } from '@pharma/domain';
import { z } from 'zod';
import { buildVrsAnswer, parseConnectivityUrl, parseVerificationUrl, VrsWireError, type VrsConnectivityAnswer } from '../vrs/wire.ts';
import { SimulatorControl } from './control.ts';
import { Refusal, startSimulatorServer, Timers } from './http.ts';
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

const Clock = z.object({ now: z.iso.datetime({ offset: true }) });

/** `POST /_sim/clock`'s body: { now: an ISO 8601 date and time with its offset }. */
function readClock(body: unknown): Date {
  const parsed = Clock.safeParse(body);
  if (!parsed.success) throw new Refusal(400, 'the clock is { now: an ISO 8601 date and time with its offset }');
  return new Date(parsed.data.now);
}

export async function startVrsSimulator(options: VrsSimulatorOptions = {}): Promise<VrsSimulator> {
  const responderGLN = options.responderGLN ?? EXAMPLE_RESPONDER_GLN;
  if (!/^\d{13}$/.test(responderGLN) || !hasValidCheckDigit(responderGLN)) {
    throw new Error(`responderGLN must be 13 digits with a valid GS1 check digit (got "${responderGLN}")`);
  }
  const registry = new VrsRegistry({ responderGLN, ...(options.now ? { now: options.now } : {}) });
  if (options.packs !== undefined) registry.load(options.packs);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // Slow answers still waiting: close() stops them.
  const timers = new Timers();
  const control = new SimulatorControl({ registry, packError: VrsPackError, readClock, maxBodyBytes, timers });

  /** The verification and connectivity routes; a slow fault waits before anything is read. */
  async function wire(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    if (control.interrupts(request)) return;
    await control.slowDown();
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

  const server = await startSimulatorServer({ port: options.port, host: options.host, control: control.handle, wire, timers });
  return { url: server.url, registry, close: server.close };
}

/** A 200 answer of the wire: JSON, never cached (decision 0081, V1). */
function sendVrsJson(response: ServerResponse, body: string): void {
  response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-cache' }).end(body);
}

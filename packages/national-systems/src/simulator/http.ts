/**
 * The HTTP plumbing both simulators share (nmvs-server.ts, vrs-server.ts): the server and its
 * routing between the control API and the system's wire, refusals with their status, bodies read
 * within a size limit, JSON answers, and the timers that close() stops. What a system says on its
 * wire stays in its own server file.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** A request the server refuses with an HTTP status: the status and the reason. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

export function decodePathSegment(segment: string): string {
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
export async function readBody(request: IncomingMessage, limit: number): Promise<string> {
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

/** The request's body as JSON: as readBody, and 400 when it is not JSON. */
export async function readJson(request: IncomingMessage, limit: number): Promise<unknown> {
  const text = await readBody(request, limit);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Refusal(400, `the body is not JSON: ${(error as Error).message}`);
  }
}

/** A simulator's pending timers (slow answers, running bulk jobs): close() stops them all. */
export class Timers {
  readonly #pending = new Set<NodeJS.Timeout>();

  later(ms: number, work: () => void): void {
    const timer = setTimeout(() => {
      this.#pending.delete(timer);
      work();
    }, ms);
    this.#pending.add(timer);
  }

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.later(ms, resolve));
  }

  clear(): void {
    for (const timer of this.#pending) clearTimeout(timer);
    this.#pending.clear();
  }
}

type Handler = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>;

/** HTTPS that requires a client certificate (mutual TLS), all PEM: the server's certificate (chain) and key, and the CAs whose clients it takes. */
export interface SimulatorTls {
  cert: string;
  key: string;
  ca: string;
}

export interface SimulatorServerOptions {
  /** 0 (the default) takes a free port. */
  port?: number;
  /** 127.0.0.1 by default. */
  host?: string;
  /** The control API, every path under /_sim/: its refusals are answered as JSON `{ error }`. */
  control: Handler;
  /** The system's wire, every other path: its refusals are answered as plain text. */
  wire: Handler;
  /** Stopped by close(). */
  timers: Timers;
  /** HTTPS with a client certificate required; plain HTTP when left out. */
  tls?: SimulatorTls;
}

export interface SimulatorServer {
  /** `http://host:port` (`https://` with TLS), no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** Listens, and routes each request to the control API or the wire; a thrown Refusal is answered with its status. */
export async function startSimulatorServer(options: SimulatorServerOptions): Promise<SimulatorServer> {
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // The request target as sent ('//x' is no path a URL can be made of: 400).
    const url = URL.canParse(request.url ?? '', 'http://simulator') ? new URL(request.url ?? '', 'http://simulator') : null;
    const isControl = url?.pathname.startsWith('/_sim/') ?? false;
    try {
      if (url === null) throw new Refusal(400, `the request target ${JSON.stringify(request.url)} is no path`);
      await (isControl ? options.control : options.wire)(request, response, url);
    } catch (error) {
      if (response.headersSent || response.destroyed) return;
      const status = error instanceof Refusal ? error.status : 500;
      const message = error instanceof Refusal ? error.message : 'internal error of the simulator';
      if (isControl) sendJson(response, status, { error: message });
      else response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(message);
    }
  }

  const listener = (request: IncomingMessage, response: ServerResponse) => void handle(request, response);
  // A client without a certificate the CAs issued never reaches a handler: the TLS handshake is refused
  // (no certificate: OpenSSL's alert; one not trusted, expired or not for this key: the connection closed).
  const server = options.tls
    ? createTlsServer({ ...options.tls, requestCert: true, rejectUnauthorized: true }, listener)
    : createServer(listener);
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
    url: `${options.tls ? 'https' : 'http'}://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        options.timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

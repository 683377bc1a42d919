/**
 * The control API both simulators answer (JSON, never faulted, so a test can always repair what it
 * broke): `POST /_sim/packs`, `GET /_sim/packs/{gtin}/{serial}`, `POST /_sim/faults`,
 * `POST|DELETE /_sim/clock`, `POST /_sim/reset`; and the faults it sets, which the wire applies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { decodePathSegment, readJson, Refusal, sendJson, type Timers } from './http.ts';

/** How long a slow simulator waits before it answers, unless the fault says otherwise. */
const DEFAULT_SLOW_DELAY_MS = 5000;

/**
 * ok: answers; down: the socket is destroyed with no answer (a connection reset); slow: answers after
 * `delayMs` (each server says whether the request is applied before or after the wait); error: HTTP
 * 500, nothing applied. Faults touch the wire only.
 */
const FaultInput = z.object({
  mode: z.enum(['ok', 'down', 'slow', 'error']),
  delayMs: z
    .number()
    .int()
    .min(0)
    .max(10 * 60 * 1000)
    .optional(),
});
type Fault = Required<z.output<typeof FaultInput>>;

const NO_FAULT: Fault = { mode: 'ok', delayMs: DEFAULT_SLOW_DELAY_MS };

/** What the control API asks of a simulator's pack registry. */
interface ControlledRegistry {
  /** Checks and loads packs, answering how many; throws the registry's pack error for a bad list. */
  load(input: unknown): number;
  read(gtin: string, serial: string): object | undefined;
  /** Forgets what the registry holds; the clock is the caller's. */
  reset(): void;
  setClock(now: Date | null): void;
  now(): Date;
}

export interface SimulatorControlOptions {
  registry: ControlledRegistry;
  /** The registry's error for packs that break a rule: answered 400 with its message. */
  packError: new (message: string) => Error;
  /** The body of `POST /_sim/clock` as an instant; a Refusal when it is none. */
  readClock: (body: unknown) => Date;
  /** The largest JSON body read. */
  maxBodyBytes: number;
  /** Where a slow fault waits (close() stops it). */
  timers: Timers;
}

export class SimulatorControl {
  readonly #options: SimulatorControlOptions;
  #fault: Fault = NO_FAULT;

  constructor(options: SimulatorControlOptions) {
    this.#options = options;
  }

  /**
   * The fault's effect on a wire request, before anything is applied: down destroys the socket (true:
   * there is nothing left to answer), error refuses with 500; ok and slow let the request through.
   */
  interrupts(request: IncomingMessage): boolean {
    if (this.#fault.mode === 'down') {
      request.socket.destroy();
      return true;
    }
    if (this.#fault.mode === 'error') throw new Refusal(500, 'simulated failure (fault mode "error")');
    return false;
  }

  /** Waits the slow fault's delay; at once under any other fault. */
  async slowDown(): Promise<void> {
    if (this.#fault.mode === 'slow') await this.#options.timers.wait(this.#fault.delayMs);
  }

  /** Answers a request under /_sim/ (the server answers a thrown Refusal as JSON `{ error }`). */
  handle = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    const { registry, maxBodyBytes } = this.#options;
    switch (`${request.method ?? ''} ${url.pathname}`) {
      case 'POST /_sim/packs': {
        const body = await readJson(request, maxBodyBytes);
        try {
          sendJson(response, 200, { loaded: registry.load(body) });
        } catch (error) {
          if (error instanceof this.#options.packError) throw new Refusal(400, error.message);
          throw error;
        }
        return;
      }
      case 'POST /_sim/faults': {
        const parsed = FaultInput.safeParse(await readJson(request, maxBodyBytes));
        if (!parsed.success) throw new Refusal(400, 'a fault is { mode: "ok" | "down" | "slow" | "error", delayMs?: milliseconds }');
        this.#fault = { mode: parsed.data.mode, delayMs: parsed.data.delayMs ?? DEFAULT_SLOW_DELAY_MS };
        sendJson(response, 200, this.#fault);
        return;
      }
      case 'POST /_sim/clock':
        registry.setClock(this.#options.readClock(await readJson(request, maxBodyBytes)));
        sendJson(response, 200, { now: registry.now().toISOString() });
        return;
      case 'DELETE /_sim/clock':
        registry.setClock(null);
        sendJson(response, 200, { now: registry.now().toISOString() });
        return;
      case 'POST /_sim/reset':
        // Back to the start: the registry empty, no fault, the real clock.
        registry.reset();
        registry.setClock(null);
        this.#fault = NO_FAULT;
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
  };
}

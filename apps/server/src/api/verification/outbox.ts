import { randomUUID } from 'node:crypto';
import { message } from '@pharma/domain';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import type { VerificationRequestRow } from './verification.repository.ts';
import { newId } from '../../lib/ids.ts';
import {
  clientTrxIdOf,
  send,
  type Connection,
  type NationalSystem,
  type SystemAnswer,
  type SystemCall,
  type Timing,
} from './national-system.ts';
import { NmvsClient } from './nmvs-client.ts';
import type { VerificationSettings } from './settings.ts';
import * as repo from './verification.repository.ts';
import { VrsClient } from './vrs-client.ts';

/**
 * The sender of the outbox (issue 28, decision 0081). A request is a row committed before it is sent.
 * Every second (and at once when woken) the sender takes the due requests under a lease, sends each
 * and writes what it came to: an answer or a failure, with an audit row in the same transaction, or
 * "not yet", due again after a backoff (1 s doubling up to 5 minutes, jittered). A sender that dies
 * while sending leaves its lease to run out; the request is then taken again and sent with the same
 * id, which the system knows (NMVS_TE_TX_01; a VRS GET changes nothing). On PostgreSQL several
 * instances share the outbox; each request has one sender at a time.
 */

export interface OutboxOptions {
  /** How often due requests are looked for. */
  intervalMs: number;
  /** How many requests one look takes (sent side by side). */
  batch: number;
  /** The timeout of one exchange and the wait for a bulk result, when the sender sends. */
  timing: Timing;
  /** The first wait before a request not answered is sent again, doubling each time up to `longestRetryMs`. */
  firstRetryMs: number;
  longestRetryMs: number;
}

export const DEFAULT_OUTBOX: OutboxOptions = {
  intervalMs: 1000,
  batch: 20,
  timing: { timeoutMs: 10_000, bulkWaitMs: 30_000 },
  firstRetryMs: 1000,
  longestRetryMs: 5 * 60 * 1000,
};

/** Builds the system a connection names. */
export type SystemFactory = (connection: Connection, timing: Timing) => NationalSystem;

export const nationalSystemOf: SystemFactory = (connection, timing) =>
  connection.system === 'NMVS'
    ? new NmvsClient(connection, timing, () => clientTrxIdOf(newId()))
    : new VrsClient(connection, timing, () => randomUUID());

/** Run in the transaction that writes a request's final answer (answered or failed): the workflows' follow-up (issue 28's hooks). */
export type SettledHandler = (trx: Db, request: VerificationRequestRow) => Promise<void>;

/** How long a lease covers one send: every exchange it may make (a bulk request, its result, a verify after NMVS_TE_TX_01) and a margin. */
export function leaseMs(timing: Timing): number {
  return 3 * timing.timeoutMs + 2 * timing.bulkWaitMs + 5000;
}

/**
 * A return scan's verify: a question whose record may be lost in a crash (decision 0081, bench of step 3),
 * as the scan that asked it is answered only after a durable commit of its own, and a verify changes
 * nothing at the system.
 */
export function isQuestionOfScan(row: Pick<VerificationRequestRow, 'operation' | 'purpose'>): boolean {
  return row.operation === 'verify' && row.purpose === 'return-scan';
}

/** The request as the systems take it. */
export function callOf(row: VerificationRequestRow): SystemCall {
  return {
    id: row.id,
    operation: row.operation,
    kind: row.kind,
    product: { gtin: row.gtin, batch: row.batch, expiry: row.expiry },
    serials: JSON.parse(row.serials_json) as string[],
    refId: row.ref_request_id,
    systemTrxId: row.nmvs_trx_id,
  };
}

export class VerificationOutbox {
  /** This process's name on the leases it takes. */
  readonly owner = `sender-${newId()}`;
  readonly #handlers: SettledHandler[] = [];
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(
    private readonly db: Db,
    private readonly settings: VerificationSettings,
    private readonly options: OutboxOptions,
    private readonly onError: (error: unknown) => void,
    private readonly systems: SystemFactory = nationalSystemOf,
  ) {}

  start(): void {
    this.#timer = setInterval(() => this.wake(), this.options.intervalMs);
    this.#timer.unref();
    this.wake();
  }

  /** Looks for due requests now (a request was just written); a look under way looks again when it ends. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        await this.drain().catch(this.onError);
      } while (this.#again && !this.#stopped);
    })().finally(() => {
      this.#running = undefined;
    });
  }

  /** Stops looking; a send under way is finished and written first. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  onSettled(handler: SettledHandler): void {
    this.#handlers.push(handler);
  }

  private async drain(): Promise<void> {
    while (!this.#stopped) {
      const now = Date.now();
      const rows = await repo.claimDue(
        this.db,
        this.owner,
        new Date(now).toISOString(),
        new Date(now + leaseMs(this.options.timing)).toISOString(),
        this.options.batch,
      );
      await Promise.all(rows.map((row) => this.deliver(row, this.options.timing).catch(this.onError)));
      if (rows.length < this.options.batch) return;
    }
  }

  /**
   * Sends a request this sender holds the lease of (the sender's own, or one written to be sent at once)
   * and writes what it came to. Answers the request as written, or undefined if the lease was lost.
   */
  async deliver(row: VerificationRequestRow, timing: Timing): Promise<VerificationRequestRow | undefined> {
    const connection = await this.settings.connection(this.db, row.warehouse_no);
    let answer: SystemAnswer;
    if (!connection || connection.system !== row.system) {
      answer = { kind: 'failed', detail: message('VERIFICATION_DETAIL_DISCONNECTED', { warehouseNo: row.warehouse_no }) };
    } else {
      try {
        answer = await send(this.systems(connection, timing), callOf(row));
      } catch (error) {
        // A fault of ours, not the system's answer: logged, and the request is tried again.
        this.onError(error);
        answer = { kind: 'pending', detail: message('VERIFICATION_DETAIL_INTERNAL') };
      }
    }
    return this.write(row, answer);
  }

  private async write(row: VerificationRequestRow, answer: SystemAnswer): Promise<VerificationRequestRow | undefined> {
    const now = new Date();
    if (answer.kind === 'pending') {
      const changes: repo.RequestChanges = {
        state: 'queued',
        next_attempt_at: new Date(now.getTime() + this.backoff(row.attempts)).toISOString(),
        outcome: 'pending',
        message: message('VERIFICATION_PENDING', { system: row.system, detail: answer.detail }),
        nmvs_trx_id: answer.systemTrxId ?? row.nmvs_trx_id,
      };
      return (await repo.settle(this.db, row.id, this.owner, changes)) ? settled(row, changes) : undefined;
    }
    const changes: repo.RequestChanges =
      answer.kind === 'answered'
        ? {
            state: 'answered',
            outcome: answer.outcome,
            return_code: answer.returnCode,
            message: message(answer.message.code, answer.message.params),
            alert_id: answer.alertId ?? null,
            answer_json: JSON.stringify({ packs: answer.packs, ...(answer.probedWith ? { probedWith: answer.probedWith } : {}) }),
            nmvs_trx_id: answer.systemTrxId ?? row.nmvs_trx_id,
            answered_at: now.toISOString(),
          }
        : {
            state: 'failed',
            outcome: 'failed',
            return_code: answer.returnCode ?? null,
            message: message('VERIFICATION_FAILED', { system: row.system, detail: answer.detail }),
            answered_at: now.toISOString(),
          };
    return this.db.transaction().execute(async (trx) => {
      // A return scan's verify that verified decides nothing that must outlive a crash before the next
      // durable commit (the scan's follows it): lost, the request is still under its lease, and sent again
      // when that runs out. A refusal quarantines packs and an alert is kept, and an answer on demand is
      // read by a user: those wait for the disk.
      if (isQuestionOfScan(row) && changes.outcome === 'verified') await repo.commitWithoutWaitingForDisk(trx);
      if (!(await repo.settle(trx, row.id, this.owner, changes))) return undefined;
      const after = settled(row, changes);
      await writeAudit(
        trx,
        [
          {
            actorId: row.requested_by,
            entity: 'verification',
            entityId: row.id,
            action: 'update',
            before: { state: row.state, attempts: row.attempts },
            after: {
              system: row.system,
              operation: row.operation,
              kind: row.kind,
              purpose: row.purpose,
              gtin: row.gtin,
              batch: row.batch,
              expiry: row.expiry,
              packs: row.pack_count,
              unitId: row.unit_id,
              documentId: row.document_id,
              state: after.state,
              outcome: after.outcome,
              returnCode: after.return_code,
              alertId: after.alert_id,
              message: after.message,
            },
          },
        ],
        now.toISOString(),
      );
      for (const handler of this.#handlers) await handler(trx, after);
      return after;
    });
  }

  /** 1 s doubling to 5 minutes after the `attempts`-th try, between half and all of it (requests failed together are not sent again together). */
  private backoff(attempts: number): number {
    const full = Math.min(this.options.longestRetryMs, this.options.firstRetryMs * 2 ** Math.max(0, attempts - 1));
    return full / 2 + (Math.random() * full) / 2;
  }
}

function settled(row: VerificationRequestRow, changes: repo.RequestChanges): VerificationRequestRow {
  return { ...row, ...changes, lease_owner: null, lease_until: null } as VerificationRequestRow;
}

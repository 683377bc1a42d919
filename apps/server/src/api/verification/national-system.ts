import { message, VERIFICATION_OPERATION_WORDS, type MessageCode } from '@pharma/domain';
import type {
  VerificationKind,
  VerificationOperation,
  VerificationOutcome,
  VerificationSystem,
} from '@pharma/domain/contract/verification';

/**
 * One interface to the national verification systems (issue 28, decision 0081), one implementation per
 * protocol: nmvs-client.ts (EU FMD, SOAP) and vrs-client.ts (US DSCSA, GS1 Lightweight Messaging). The
 * outbox hands a request as it is stored; the answer says what to record: an answer, "not yet" (sent
 * again later), or a request that cannot succeed as sent (never sent again). Nothing here knows whether
 * the system is real or simulated.
 */

/** A warehouse's connection, its secret opened. */
export interface Connection {
  system: VerificationSystem;
  url: string;
  clientId: string | null;
  user: string | null;
  secret: string | null;
  gln: string | null;
  /** NMVS: the client certificate presented in the TLS handshake (PEM), its key opened (null: it no longer opens); null: none. */
  certificate: { chain: string; privateKey: string | null; serverCa: string | null } | null;
}

/** The product and batch of a request: one per request (a bulk request holds packs of one batch, as the NMVS asks). */
export interface Product {
  gtin: string;
  batch: string;
  /** YYMMDD, day 00 allowed. */
  expiry: string;
}

/** A request as the outbox holds it. */
export interface SystemCall {
  /** The outbox row's id: the NMVS ClientTrxId (its 32 hex digits), the VRS corrUUID. */
  id: string;
  operation: VerificationOperation;
  kind: VerificationKind;
  product: Product;
  serials: readonly string[];
  /** An undo: the id of the request whose decommission it undoes. */
  refId: string | null;
  /** A bulk request acknowledged before: its result is fetched, the request is not sent again. */
  systemTrxId: string | null;
}

export interface Timing {
  /** How long one HTTP exchange may take. */
  timeoutMs: number;
  /** How long a bulk request's result is waited for before the request is left for the sender to fetch later. */
  bulkWaitMs: number;
}

/** The pack's state as the system answered (VRS: read from its answer, see contract/verification.ts). */
export type PackState = 'ACTIVE' | 'INACTIVE' | 'UNKNOWN';

/** One pack's answer: whether the system verified it (or applied the request to it), and what it said. */
export interface PackAnswer {
  serial: string;
  ok: boolean;
  state: PackState;
  reasons: string[];
  returnCode: string | null;
  alertId?: string;
}

export interface Message {
  code: MessageCode;
  params: Record<string, string | number>;
}

export type SystemAnswer =
  | {
      kind: 'answered';
      outcome: Exclude<VerificationOutcome, 'pending' | 'failed'>;
      /** The message's (single) or the first refused pack's return code. */
      returnCode: string | null;
      alertId?: string;
      message: Message;
      packs: PackAnswer[];
      systemTrxId?: string;
      /** An NMVS request answered NMVS_TE_TX_01: the ClientTrxId of the request that read the packs' state instead. */
      probedWith?: string;
    }
  /** Not answered: timeout, network, HTTP 5xx, or a bulk result not ready; sent (or fetched) again later. */
  | { kind: 'pending'; detail: string; systemTrxId?: string }
  /** Cannot succeed as sent: HTTP 4xx, a schema error, refused credentials. */
  | { kind: 'failed'; detail: string; returnCode?: string };

export type Answered = Extract<SystemAnswer, { kind: 'answered' }>;

export interface NationalSystem {
  verify(call: SystemCall): Promise<SystemAnswer>;
  decommission(call: SystemCall): Promise<SystemAnswer>;
  undo(call: SystemCall): Promise<SystemAnswer>;
}

/** The one place a request is routed to its method. */
export function send(system: NationalSystem, call: SystemCall): Promise<SystemAnswer> {
  if (call.kind === 'undo' || call.kind === 'bulkUndo') return system.undo(call);
  if (call.operation === 'verify') return system.verify(call);
  return system.decommission(call);
}

/** Decommissions no system undoes (0081: the NMVS v4 has no G131 or G181); a verify changes nothing to undo. */
const WITHOUT_UNDO: readonly VerificationOperation[] = ['verify', 'destroy', 'stolen'];

export function hasUndo(operation: VerificationOperation): boolean {
  return !WITHOUT_UNDO.includes(operation);
}

/** Whether the system itself records a decommission: the VRS takes none, so it is recorded here only (0081, vrs-client.ts). */
export const RECORDS_DECOMMISSIONS: Readonly<Record<VerificationSystem, boolean>> = { NMVS: true, VRS: false };

/** An outcome over packs: verified when all are, an alert when any raised one, else refused. */
export function outcomeOf(packs: readonly PackAnswer[]): Exclude<VerificationOutcome, 'pending' | 'failed'> {
  if (packs.every((pack) => pack.ok)) return 'verified';
  return packs.some((pack) => pack.alertId !== undefined) ? 'alert' : 'refused';
}

/** An exchange that failed before an HTTP answer: a timeout, or the connection refused or reset. */
export function networkDetail(error: unknown, timeoutMs: number): string {
  const failure = error as { name?: string; cause?: { code?: string; message?: string }; message?: string };
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError') return message('VERIFICATION_DETAIL_TIMEOUT', { ms: timeoutMs });
  return message('VERIFICATION_DETAIL_NETWORK', {
    cause: failure.cause?.code ?? failure.cause?.message ?? failure.message ?? String(error),
  });
}

/** An HTTP status the request may succeed after: a timeout, too many requests, a server's failure. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** The id as the NMVS ClientTrxId takes it: its 32 hexadecimal digits (1-32 of [A-Za-z0-9-], decision 0081). */
export function clientTrxIdOf(id: string): string {
  return id.replace(/-/g, '');
}

/** {operation} of a message: 'destruction', 'undo of the export'. */
export function operationWords(call: Pick<SystemCall, 'operation' | 'kind'>): string {
  const words = VERIFICATION_OPERATION_WORDS[call.operation];
  return call.kind === 'undo' || call.kind === 'bulkUndo' ? message('VERIFICATION_UNDO_OF', { operation: words }) : words;
}

import type { Area, ScanRequest, ScanResponse } from '@pharma/domain/contract/inventory';

/** The server's refusal of a scan: its code and the catalogue's text. */
export interface Refusal {
  code: string;
  message: string;
  /** When the answer came (ISO). */
  at: string;
}

/** The user who read a scan (decision 0026): it is sent only while they are the one signed in. */
export interface ScanOwner {
  id: string;
  /** As the next user on the device sees it: "N scans of <name> waiting to be sent". */
  name: string;
}

/** One scan kept in durable storage from the moment it is read until the server has answered it. */
export interface QueuedScan {
  scanId: string;
  /** Send order: scans reach the server in the order they were read. */
  seq: number;
  /** When it was read (ISO). */
  readAt: string;
  request: ScanRequest;
  /** Who read it; none on scans stored before decision 0026 (sent under whoever is signed in). */
  owner?: ScanOwner;
  /** The site whose scan page read it (`?area=`: the permission checked and the warehouses seen). */
  area: Area;
  /**
   * It could not be answered at once (network down, server unreachable, session gone): the
   * operator has moved on, so a refusal is listed for acknowledgement instead of shown live.
   */
  deferred: boolean;
  /** Set when the server refused it after waiting; kept until the operator acknowledges it. */
  refusal?: Refusal;
}

/** Durable storage of the queue (IndexedDB in the browser, an array in tests). */
export interface ScanStore {
  load(): Promise<QueuedScan[]>;
  put(scan: QueuedScan): Promise<void>;
  remove(scanId: string): Promise<void>;
}

/** How one attempt to send a scan ended. */
export type SendResult =
  | { kind: 'answered'; answer: ScanResponse }
  /** A business refusal (4xx with a code): final, the same scanId would get the same answer. */
  | { kind: 'refused'; code: string; message: string }
  /** The network or the server failed (no answer, 5xx, 408, 429): try again later. */
  | { kind: 'retry' }
  /**
   * A 401 a token refresh could not cure, or the server saying the session is not the scan's
   * maker's (SCAN_OF_ANOTHER_USER): keep the scan, send it after the next login.
   */
  | { kind: 'signed-out' };

export type Sender = (request: ScanRequest, area: Area) => Promise<SendResult>;

/** Why the queue is not sending right now. */
export type QueueBlock = 'none' | 'offline' | 'retrying' | 'signed-out';

export interface QueueSnapshot {
  /** The queue has been read from storage. */
  ready: boolean;
  /** The signed-in user's scans waiting for an answer, in send order. */
  pending: readonly QueuedScan[];
  /** The signed-in user's scans the server refused after waiting, to acknowledge. */
  refused: readonly QueuedScan[];
  /** Other users' unsent scans on this device, waiting for them to sign in again, by user. */
  others: readonly { owner: ScanOwner; count: number }[];
  block: QueueBlock;
}

export type QueueEvent =
  | { type: 'answered'; scan: QueuedScan; answer: ScanResponse }
  /** listed: the refusal went to the list to acknowledge (the scan had waited). */
  | { type: 'refused'; scan: QueuedScan; refusal: Refusal; listed: boolean }
  /** A scan could not be sent at once and now waits in the queue. */
  | { type: 'deferred'; scan: QueuedScan };

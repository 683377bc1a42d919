import type { Area, ScanRequest } from '@pharma/domain/contract/inventory';
import type { QueueBlock, QueueEvent, QueueSnapshot, QueuedScan, Refusal, ScanOwner, ScanStore, Sender } from './types.ts';

export interface QueueDeps {
  store: ScanStore;
  send: Sender;
  /** navigator.onLine in the browser: while false nothing is sent. */
  isOnline: () => boolean;
  /** Epoch milliseconds. */
  now: () => number;
  /** setTimeout with a cancel function. */
  schedule: (run: () => void, ms: number) => () => void;
}

/** Retry delays after failures: 1 s, 2 s, 4 s ... up to 30 s. */
export function backoffMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/**
 * The offline-safe scan queue (decision 0009). Every scan is written to the store before it is
 * sent and removed only when the server has answered it; scans go out one at a time in the
 * order they were read, so a later scan never overtakes an earlier one. When the network or
 * the server fails the queue waits (retry with backoff, or at once on `resume()`: online event,
 * page load, login) and the scans that waited are marked deferred: if the server then refuses
 * one, the refusal is kept for the operator to acknowledge.
 *
 * On a shared device (decision 0026) every scan carries the user who read it and is sent only
 * while that user is signed in (`setUser`); other users' scans wait for them, in their order.
 */
export class ScanQueue {
  private readonly deps: QueueDeps;
  private scans: QueuedScan[] = [];
  private lastSeq = 0;
  private block: QueueBlock = 'none';
  private failures = 0;
  private cancelRetry: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private user: ScanOwner | undefined;
  private snapshot: QueueSnapshot = { ready: false, pending: [], refused: [], others: [], block: 'none' };
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: QueueEvent) => void>();
  /** Scans read but not yet written to the store: never sent, never announced as kept, until written. */
  private readonly unwritten = new Set<string>();
  readonly loaded: Promise<void>;

  constructor(deps: QueueDeps) {
    this.deps = deps;
    this.loaded = deps.store
      .load()
      .catch(() => [] as QueuedScan[])
      .then((stored) => {
        // Scans read in this tab before the store answered stay after the stored ones.
        this.scans = [...stored, ...this.scans].sort((a, b) => a.seq - b.seq);
        this.lastSeq = Math.max(this.lastSeq, ...this.scans.map((s) => s.seq));
        this.changed(true);
      });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): QueueSnapshot => this.snapshot;

  onEvent(listener: (event: QueueEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /**
   * Keeps a scan durably, then sends it (after every scan read before it). Until the store has
   * the scan, it is neither sent (a running flush stops before it) nor announced as deferred
   * ("kept on this device"): the screen only claims what a reload would find.
   */
  async enqueue(scanId: string, request: ScanRequest, area: Area = 'RDC'): Promise<QueuedScan> {
    const now = this.deps.now();
    this.lastSeq = Math.max(this.lastSeq + 1, now);
    const waiting = this.block !== 'none' || !this.deps.isOnline();
    const owner = this.user;
    const scan: QueuedScan = {
      scanId,
      seq: this.lastSeq,
      readAt: new Date(now).toISOString(),
      // The maker goes with the request too: the server records it under no one else (409).
      request: owner ? { ...request, userId: owner.id } : request,
      ...(owner && { owner }),
      area,
      deferred: waiting,
    };
    this.scans.push(scan);
    this.unwritten.add(scanId);
    this.changed();
    let written = true;
    try {
      await this.deps.store.put(scan);
    } catch {
      // No durable storage (quota, a broken database): the scan is still sent from memory, but
      // never announced as kept on the device.
      written = false;
    }
    this.unwritten.delete(scanId);
    const current = this.scans.find((s) => s.scanId === scanId);
    if (written && current?.deferred && !current.refusal) this.emit({ type: 'deferred', scan: current });
    void this.flush();
    return current ?? scan;
  }

  /**
   * The signed-in user (undefined while nobody is): only their scans are sent, and only theirs are
   * counted as pending. The scans left by the one before wait, deferred, for that user to return.
   */
  setUser(user: ScanOwner | undefined): Promise<void> {
    if (user?.id === this.user?.id && user?.name === this.user?.name) return this.flush();
    this.user = user;
    const away = this.scans.filter((s) => !s.refusal && !s.deferred && !this.isMine(s));
    this.scans = this.scans.map((s) => (away.includes(s) ? { ...s, deferred: true } : s));
    this.changed();
    void Promise.all(this.scans.filter((s) => away.some((a) => a.scanId === s.scanId)).map((s) => this.deps.store.put(s))).catch(
      () => undefined,
    );
    return this.resume();
  }

  /** Try now: the network is back, the page loaded, or the user signed in again. */
  resume(): Promise<void> {
    this.failures = 0;
    this.cancelRetry?.();
    this.cancelRetry = undefined;
    if (this.block !== 'none') {
      this.block = 'none';
      this.changed();
    }
    return this.flush();
  }

  /** The operator has seen a refusal: forget it. */
  async acknowledge(scanId: string): Promise<void> {
    this.scans = this.scans.filter((s) => s.scanId !== scanId);
    this.changed();
    await this.deps.store.remove(scanId);
  }

  /** Sends until the queue is empty or blocked. Concurrent calls share one run. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      await this.loaded;
      do {
        this.again = false;
        await this.sendAll();
      } while (this.again && this.block === 'none');
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Sent and shown under the signed-in user: theirs, or a scan stored before scans named their maker. */
  private isMine(scan: QueuedScan): boolean {
    return !scan.owner || scan.owner.id === this.user?.id;
  }

  private nextPending(): QueuedScan | undefined {
    return this.scans.find((s) => !s.refusal && this.isMine(s));
  }

  private async sendAll(): Promise<void> {
    for (let next = this.nextPending(); next; next = this.nextPending()) {
      // A scan not yet written stops the run (its write flushes again): order is kept, nothing is sent unkept.
      if (this.unwritten.has(next.scanId)) return;
      if (!this.deps.isOnline()) return this.wait('offline');
      const result = await this.deps.send(next.request, next.area ?? 'RDC').catch(() => ({ kind: 'retry' }) as const);
      if (result.kind === 'retry') return this.wait('retrying');
      if (result.kind === 'signed-out') return this.wait('signed-out');
      this.failures = 0;
      if (this.block !== 'none') this.block = 'none';
      if (result.kind === 'answered') {
        await this.forget(next);
        this.emit({ type: 'answered', scan: next, answer: result.answer });
      } else {
        const refusal: Refusal = { code: result.code, message: result.message, at: new Date(this.deps.now()).toISOString() };
        if (next.deferred) {
          const kept = { ...next, refusal };
          this.scans = this.scans.map((s) => (s.scanId === next.scanId ? kept : s));
          this.changed();
          await this.deps.store.put(kept);
        } else {
          await this.forget(next);
        }
        this.emit({ type: 'refused', scan: next, refusal, listed: next.deferred });
      }
    }
    if (this.block !== 'none') {
      this.block = 'none';
      this.changed();
    }
  }

  private async forget(scan: QueuedScan): Promise<void> {
    this.scans = this.scans.filter((s) => s.scanId !== scan.scanId);
    this.changed();
    await this.deps.store.remove(scan.scanId);
  }

  /** Blocked: every waiting scan becomes deferred; retry later unless a login or the network must come first. */
  private async wait(block: Exclude<QueueBlock, 'none'>): Promise<void> {
    this.block = block;
    const newlyDeferred = this.scans.filter((s) => !s.refusal && !s.deferred);
    this.scans = this.scans.map((s) => (!s.refusal && !s.deferred ? { ...s, deferred: true } : s));
    this.changed();
    // A scan still being written is announced by its own write (enqueue), once it is kept.
    for (const scan of newlyDeferred)
      if (!this.unwritten.has(scan.scanId)) this.emit({ type: 'deferred', scan: { ...scan, deferred: true } });
    await Promise.all(this.scans.filter((s) => newlyDeferred.some((n) => n.scanId === s.scanId)).map((s) => this.deps.store.put(s)));
    if (block === 'signed-out') return;
    this.failures += 1;
    this.cancelRetry?.();
    this.cancelRetry = this.deps.schedule(() => {
      this.cancelRetry = undefined;
      void this.flush();
    }, backoffMs(this.failures));
  }

  private changed(ready = this.snapshot.ready): void {
    const others = new Map<string, { owner: ScanOwner; count: number }>();
    for (const { owner, refusal } of this.scans.filter((s) => !this.isMine(s)))
      if (owner && !refusal) others.set(owner.id, { owner, count: (others.get(owner.id)?.count ?? 0) + 1 });
    this.snapshot = {
      ready,
      pending: this.scans.filter((s) => !s.refusal && this.isMine(s)),
      refused: this.scans.filter((s) => s.refusal && this.isMine(s)),
      others: [...others.values()],
      block: this.block,
    };
    this.listeners.forEach((listener) => listener());
  }

  private emit(event: QueueEvent): void {
    this.eventListeners.forEach((listener) => listener(event));
  }
}

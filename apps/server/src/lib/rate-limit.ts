/**
 * In-memory limits for sign-in and registration. The server is one process (decision 0001); a restart
 * forgets, which errs on the side of letting staff back in. Several instances would each keep their own.
 */

/** Counts events per key in a fixed window: registration attempts per address. */
export class FailureLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const w = this.windows.get(key);
    const now = this.now();
    if (!w || w.resetAt <= now) return 0;
    return w.count >= this.max ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  /** How many events the key has in its current window. */
  count(key: string): number {
    const w = this.windows.get(key);
    return w && w.resetAt > this.now() ? w.count : 0;
  }

  fail(key: string): void {
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    else w.count += 1;
    if (this.windows.size > 100_000) this.prune(now);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

export interface BackoffPolicy {
  /** Failures allowed before any wait. */
  free: number;
  /** The first wait; each failure after doubles it. */
  baseMs: number;
  /** The longest wait. */
  capMs: number;
  /** A key with no failure for this long starts again. */
  forgetMs: number;
}

/**
 * Exponential backoff per key: after `free` failures each further one makes the key wait
 * base, 2 × base, 4 × base … up to the cap, counted from its last failure. A hold, never a lock.
 */
export class Backoff {
  private readonly keys = new Map<string, { failures: number; last: number }>();

  constructor(
    private readonly policy: BackoffPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const entry = this.live(key);
    if (!entry || entry.failures < this.policy.free) return 0;
    const wait = Math.min(this.policy.baseMs * 2 ** (entry.failures - this.policy.free), this.policy.capMs);
    return Math.max(0, Math.ceil((entry.last + wait - this.now()) / 1000));
  }

  /** Failures the key has had, until it is forgotten. */
  failures(key: string): number {
    return this.live(key)?.failures ?? 0;
  }

  fail(key: string): void {
    const now = this.now();
    const entry = this.live(key);
    this.keys.set(key, { failures: (entry?.failures ?? 0) + 1, last: now });
    if (this.keys.size > 100_000) {
      for (const [k, e] of this.keys) if (now - e.last > this.policy.forgetMs) this.keys.delete(k);
    }
  }

  reset(key: string): void {
    this.keys.delete(key);
  }

  private live(key: string) {
    const entry = this.keys.get(key);
    if (entry && this.now() - entry.last > this.policy.forgetMs) {
      this.keys.delete(key);
      return undefined;
    }
    return entry;
  }
}

import type { Db } from '../db/database.ts';
import * as repo from '../db/limits.repository.ts';
import { every } from './every.ts';

/**
 * Limits for sign-in and registration, counted in the database so that every app instance on one
 * database counts the same failures (decision 0045; the limits themselves: decision 0023).
 */

/**
 * Exponential backoff per key: after `free` failures each further one makes the key wait
 * base, 2 × base, 4 × base … up to the cap, counted from its last failure. A hold, never a lock.
 */
export interface BackoffPolicy {
  kind: 'backoff';
  /** Failures allowed before any wait. */
  free: number;
  /** The first wait; each failure after doubles it. */
  baseMs: number;
  /** The longest wait. */
  capMs: number;
  /** A key with no failure for this long starts again. */
  forgetMs: number;
}

/** A fixed window per key: `max` events in `windowMs` from the first, then the key waits for the window's end. */
export interface WindowPolicy {
  kind: 'window';
  max: number;
  windowMs: number;
}

export type LimitPolicy = BackoffPolicy | WindowPolicy;

/** A key's count as the database keeps it. Times in ms since the epoch. */
export interface LimitState {
  failures: number;
  startedAt: number;
  lastAt: number;
}

/** Seconds the key must wait at `now` under the policy, or 0 when it may try now. */
export function waitSeconds(policy: LimitPolicy, state: LimitState | undefined, now: number): number {
  if (!state) return 0;
  if (policy.kind === 'backoff') {
    if (state.failures < policy.free || now - state.lastAt > policy.forgetMs) return 0;
    const wait = Math.min(policy.baseMs * 2 ** (state.failures - policy.free), policy.capMs);
    return Math.max(0, Math.ceil((state.lastAt + wait - now) / 1000));
  }
  const end = state.startedAt + policy.windowMs;
  if (end <= now || state.failures < policy.max) return 0;
  return Math.ceil((end - now) / 1000);
}

/** When a key that fails at `now` is forgotten: its backoff a while after this failure, its window when it ends. */
function forgetAt(policy: LimitPolicy, now: number): number {
  return now + (policy.kind === 'backoff' ? policy.forgetMs : policy.windowMs);
}

/** The counts of keys, kept in the database. */
export class Limits {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** The live counts of the keys at this moment, and that moment. */
  async read(keys: readonly string[]): Promise<{ now: number; states: Map<string, LimitState> }> {
    const now = this.now();
    const rows = await repo.liveLimits(this.db, keys, new Date(now).toISOString());
    const states = new Map(
      rows.map((r) => [r.key, { failures: Number(r.failures), startedAt: Date.parse(r.started_at), lastAt: Date.parse(r.last_at) }]),
    );
    return { now, states };
  }

  /** Counts one failure for each key, under its policy. */
  fail(keys: readonly (readonly [key: string, policy: LimitPolicy])[]): Promise<void> {
    const now = this.now();
    return repo.countFailures(
      this.db,
      keys.map(([key, policy]) => ({
        key,
        sliding: policy.kind === 'backoff' ? 1 : 0,
        forgetAt: new Date(forgetAt(policy, now)).toISOString(),
      })),
      new Date(now).toISOString(),
    );
  }

  clear(keys: readonly string[]): Promise<void> {
    return repo.clearLimits(this.db, keys);
  }
}

/** Deletes counts that are forgotten: the clean-up every instance runs now and then (decision 0045). */
export function forgetOldLimits(db: Db, now = Date.now()): Promise<number> {
  return repo.deleteForgottenLimits(db, new Date(now).toISOString());
}

/**
 * Runs the clean-up every `intervalMs` (10 minutes) until stopped. Every instance runs it: a delete of
 * rows already forgotten is the same whoever runs it, and two at once only find less to delete.
 */
export function startLimitCleanup(db: Db, onError: (error: unknown) => void, intervalMs = 10 * 60_000): { stop(): Promise<void> } {
  return every(intervalMs, () => forgetOldLimits(db), onError);
}

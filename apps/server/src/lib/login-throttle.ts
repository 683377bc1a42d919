import type { Db } from '../db/database.ts';
import { Limits, waitSeconds, type BackoffPolicy, type LimitState, type WindowPolicy } from './rate-limit.ts';

const MINUTE = 60_000;

/** Per account and address: 5 free failures, then 30 s doubling to 15 min. */
const PAIR: BackoffPolicy = { kind: 'backoff', free: 5, baseMs: 30_000, capMs: 15 * MINUTE, forgetMs: 60 * MINUTE };
/** Per account from any address: 10 free failures, then 1 s doubling to 1 min. */
const ACCOUNT: BackoffPolicy = { kind: 'backoff', free: 10, baseMs: 1_000, capMs: MINUTE, forgetMs: 15 * MINUTE };
/** Per address over all accounts (the guesser): 10 free failures, then 1 s doubling to 15 min. */
const ADDRESS: BackoffPolicy = { kind: 'backoff', free: 10, baseMs: 1_000, capMs: 15 * MINUTE, forgetMs: 15 * MINUTE };
/** An account with fewer failures of its own than this is never held for its address's failures. */
const OWN_FEW = 5;
/** Past 500 failures in 15 minutes (a flood, not people typing) the address waits out its window. */
const FLOOD: WindowPolicy = { kind: 'window', max: 500, windowMs: 15 * MINUTE };

/**
 * Sign-in limits that slow the guesser without locking out colleagues behind the same address
 * (decision 0058, which replaced 0023's per-address rule), counted in the database so every app
 * instance sees every failure (decision 0045):
 *
 * - per account and address: 5 free failures, then 30 s doubling to 15 min. One guesser at one
 *   account holds back only themselves.
 * - per account, from any address: 10 free failures, then 1 s doubling to 1 min. Guessing spread over
 *   many addresses slows to one try a minute; the owner waits at most that, never a lockout.
 * - per address, over all accounts: 10 free failures, then 1 s doubling to 15 min, for every account
 *   tried from there except one with fewer than 5 failures of its own: those are answered by their
 *   password, so a colleague behind the same NAT signs in whatever the guesser beside them did.
 * - past 500 failures in 15 minutes an address waits out its window, everyone behind it (a flood:
 *   each check costs a password hash).
 */
export class LoginThrottle {
  private readonly limits: Limits;

  constructor(db: Db, now?: () => number) {
    this.limits = new Limits(db, now);
  }

  /** Seconds the attempt must wait before its password is checked, or 0. */
  async retryAfter(email: string, address: string): Promise<number> {
    const keys = keysOf(email, address);
    const { now, states } = await this.limits.read([keys.pair, keys.account, keys.address, keys.flood]);
    return signInWait(
      { pair: states.get(keys.pair), account: states.get(keys.account), address: states.get(keys.address), flood: states.get(keys.flood) },
      now,
    );
  }

  failed(email: string, address: string): Promise<void> {
    const keys = keysOf(email, address);
    return this.limits.fail([
      [keys.pair, PAIR],
      [keys.account, ACCOUNT],
      [keys.address, ADDRESS],
      [keys.flood, FLOOD],
    ]);
  }

  /** A success clears its account's and its pair's failures; its address's stay (the guesser beside it is still slowed). */
  succeeded(email: string, address: string): Promise<void> {
    const keys = keysOf(email, address);
    return this.limits.clear([keys.pair, keys.account]);
  }
}

/** The counts an attempt is judged by: its account's from its address and from anywhere, and its address's. */
export interface SignInCounts {
  pair?: LimitState;
  account?: LimitState;
  address?: LimitState;
  flood?: LimitState;
}

/**
 * Seconds an attempt must wait at `now`, or 0. The address's backoff holds only accounts with a few
 * failures of their own or more: a correct password from an account that has failed less is never
 * refused for what others did from the same address.
 */
export function signInWait(counts: SignInCounts, now: number): number {
  const ownFailures = counts.account?.failures ?? 0;
  return Math.max(
    waitSeconds(PAIR, counts.pair, now),
    waitSeconds(ACCOUNT, counts.account, now),
    ownFailures >= OWN_FEW ? waitSeconds(ADDRESS, counts.address, now) : 0,
    waitSeconds(FLOOD, counts.flood, now),
  );
}

function keysOf(email: string, address: string) {
  return { pair: `pair:${email} ${address}`, account: `account:${email}`, address: `address:${address}`, flood: `flood:${address}` };
}

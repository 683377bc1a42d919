import type { Db } from '../db/database.ts';
import { Limits, waitSeconds, type BackoffPolicy, type WindowPolicy } from './rate-limit.ts';

const MINUTE = 60_000;

/** Per account and address: 5 free failures, then 30 s doubling to 15 min. */
const PAIR: BackoffPolicy = { kind: 'backoff', free: 5, baseMs: 30_000, capMs: 15 * MINUTE, forgetMs: 60 * MINUTE };
/** Per account from any address: 10 free failures, then 1 s doubling to 1 min. */
const ACCOUNT: BackoffPolicy = { kind: 'backoff', free: 10, baseMs: 1_000, capMs: MINUTE, forgetMs: 15 * MINUTE };
/** Per address over all accounts, 15-minute windows: past 50 only accounts that have not failed from there may try. */
const CROWDED: WindowPolicy = { kind: 'window', max: 50, windowMs: 15 * MINUTE };
/** Past 500 (a flood) the address waits out its window. */
const FLOOD: WindowPolicy = { kind: 'window', max: 500, windowMs: 15 * MINUTE };

/**
 * Sign-in limits that keep brute force out without letting anyone lock the site (decision 0023),
 * counted in the database so every app instance sees every failure (decision 0045):
 *
 * - per account and address: 5 free failures, then 30 s doubling to 15 min. One guesser at one
 *   account holds back only themselves.
 * - per account, from any address: 10 free failures, then 1 s doubling to 1 min. Guessing spread over
 *   many addresses slows to one try a minute; the owner waits at most that, never a lockout.
 * - per address, over all accounts: past 50 failures in 15 min only accounts that have not failed
 *   from there may try (a colleague behind the same NAT signs in); past 500, a flood, the address
 *   waits out its window.
 */
export class LoginThrottle {
  private readonly limits: Limits;

  constructor(db: Db, now?: () => number) {
    this.limits = new Limits(db, now);
  }

  /** Seconds the attempt must wait, or 0. */
  async retryAfter(email: string, address: string): Promise<number> {
    const keys = keysOf(email, address);
    const { now, states } = await this.limits.read([keys.pair, keys.account, keys.address]);
    const pair = states.get(keys.pair);
    const fromAddress = states.get(keys.address);
    const crowded = (pair?.failures ?? 0) > 0 ? waitSeconds(CROWDED, fromAddress, now) : 0;
    return Math.max(
      waitSeconds(PAIR, pair, now),
      waitSeconds(ACCOUNT, states.get(keys.account), now),
      crowded,
      waitSeconds(FLOOD, fromAddress, now),
    );
  }

  failed(email: string, address: string): Promise<void> {
    const keys = keysOf(email, address);
    return this.limits.fail([
      [keys.pair, PAIR],
      [keys.account, ACCOUNT],
      [keys.address, CROWDED],
    ]);
  }

  succeeded(email: string, address: string): Promise<void> {
    const keys = keysOf(email, address);
    return this.limits.clear([keys.pair, keys.account]);
  }
}

function keysOf(email: string, address: string) {
  return { pair: `pair:${email} ${address}`, account: `account:${email}`, address: `address:${address}` };
}

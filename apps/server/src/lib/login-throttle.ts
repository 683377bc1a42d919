import { Backoff, FailureLimiter } from './rate-limit.ts';

const MINUTE = 60_000;

/**
 * Sign-in limits that keep brute force out without letting anyone lock the site (decision 0023):
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
  private readonly pair = new Backoff({ free: 5, baseMs: 30_000, capMs: 15 * MINUTE, forgetMs: 60 * MINUTE });
  private readonly account = new Backoff({ free: 10, baseMs: 1_000, capMs: MINUTE, forgetMs: 15 * MINUTE });
  private readonly address = new FailureLimiter(SOFT_ADDRESS_LIMIT, 15 * MINUTE);
  private readonly flood = new FailureLimiter(HARD_ADDRESS_LIMIT, 15 * MINUTE);

  /** Seconds the attempt must wait, or 0. */
  retryAfter(email: string, address: string): number {
    const pair = pairKey(email, address);
    const crowded = this.address.count(address) >= SOFT_ADDRESS_LIMIT && this.pair.failures(pair) > 0;
    return Math.max(
      this.pair.retryAfter(pair),
      this.account.retryAfter(email),
      crowded ? this.address.retryAfter(address) : 0,
      this.flood.retryAfter(address),
    );
  }

  failed(email: string, address: string): void {
    this.pair.fail(pairKey(email, address));
    this.account.fail(email);
    this.address.fail(address);
    this.flood.fail(address);
  }

  succeeded(email: string, address: string): void {
    this.pair.reset(pairKey(email, address));
    this.account.reset(email);
  }
}

const SOFT_ADDRESS_LIMIT = 50;
const HARD_ADDRESS_LIMIT = 500;

function pairKey(email: string, address: string): string {
  return `${email}\u0000${address}`;
}

import { describe, expect, it } from 'vitest';
import { signInWait } from './login-throttle.ts';

const at = (failures: number, lastAt = 0) => ({ failures, startedAt: 0, lastAt });

describe('signInWait', () => {
  it('a noisy address holds accounts with failures of their own, rising 1 s, 2 s, 4 s … to 15 minutes', () => {
    const held = (addressFailures: number) => signInWait({ account: at(5), address: at(addressFailures) }, 0);
    expect([9, 10, 11, 12, 13].map(held)).toEqual([0, 1, 2, 4, 8]);
    expect(held(60)).toBe(15 * 60);
  });

  it('never holds an account with fewer than 5 failures of its own for what others did from its address', () => {
    for (const own of [0, 1, 4]) {
      expect(signInWait({ account: own ? at(own) : undefined, pair: own ? at(own) : undefined, address: at(60) }, 0)).toBe(0);
    }
  });

  it("keeps the account's own limits: its pair after 5 failures, the account after 10 (at most a minute)", () => {
    expect(signInWait({ pair: at(5), account: at(5) }, 0)).toBe(30);
    expect(signInWait({ account: at(30) }, 0)).toBe(60);
    // An account guessed at from many addresses is held at a quiet address too, for its own failures.
    expect(signInWait({ account: at(12), address: undefined }, 0)).toBe(4);
  });

  it('forgets an address 15 minutes after its last failure', () => {
    expect(signInWait({ account: at(5), address: at(60) }, 15 * 60_000 + 1)).toBe(0);
  });

  it('a flood (500 failures in 15 minutes) holds the address for everyone until its window ends', () => {
    expect(signInWait({ flood: at(499) }, 1_000)).toBe(0);
    expect(signInWait({ flood: at(500) }, 60_000)).toBe(14 * 60);
  });
});

import { describe, expect, it } from 'vitest';
import { waitSeconds, type BackoffPolicy, type WindowPolicy } from './rate-limit.ts';

describe('waitSeconds', () => {
  it('a backoff holds a key after its free failures, doubling the wait up to the cap, and forgets it later', () => {
    const policy: BackoffPolicy = { kind: 'backoff', free: 2, baseMs: 10_000, capMs: 40_000, forgetMs: 600_000 };
    const waits = [1, 2, 3, 4, 5, 6].map((failures) => waitSeconds(policy, { failures, startedAt: 0, lastAt: 0 }, 0));
    expect(waits).toEqual([0, 10, 20, 40, 40, 40]);
    // Counted from the last failure.
    expect(waitSeconds(policy, { failures: 4, startedAt: 0, lastAt: 0 }, 39_500)).toBe(1);
    expect(waitSeconds(policy, { failures: 4, startedAt: 0, lastAt: 0 }, 40_000)).toBe(0);
    expect(waitSeconds(policy, { failures: 40, startedAt: 0, lastAt: 0 }, 600_001)).toBe(0);
  });

  it('a window lets `max` events through, then the key waits for the window to end', () => {
    const policy: WindowPolicy = { kind: 'window', max: 3, windowMs: 60_000 };
    expect(waitSeconds(policy, { failures: 2, startedAt: 0, lastAt: 10_000 }, 10_000)).toBe(0);
    expect(waitSeconds(policy, { failures: 3, startedAt: 0, lastAt: 10_000 }, 10_000)).toBe(50);
    expect(waitSeconds(policy, { failures: 30, startedAt: 0, lastAt: 10_000 }, 60_000)).toBe(0);
  });
});

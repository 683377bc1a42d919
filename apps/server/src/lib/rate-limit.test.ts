import { describe, expect, it } from 'vitest';
import { Backoff } from './rate-limit.ts';

describe('Backoff', () => {
  it('holds a key after its free failures, doubling the wait up to the cap, and forgets it later', () => {
    let now = 0;
    const backoff = new Backoff({ free: 2, baseMs: 10_000, capMs: 40_000, forgetMs: 600_000 }, () => now);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      backoff.fail('k');
      waits.push(backoff.retryAfter('k'));
    }
    expect(waits).toEqual([0, 10, 20, 40, 40, 40]);
    now += 40_000;
    expect(backoff.retryAfter('k')).toBe(0);
    now += 600_001;
    expect(backoff.failures('k')).toBe(0);
  });
});

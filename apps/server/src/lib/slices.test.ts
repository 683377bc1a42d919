import { describe, expect, it } from 'vitest';
import { byCodeUnits, mapInSlices, Slices, sortInSlices } from './slices.ts';

/** Text of 1 to 12 characters from a small alphabet, so that many repeat. */
function words(count: number, seed = 7): string[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
  return Array.from({ length: count }, () => Array.from({ length: 1 + (next() % 12) }, () => 'aAb0-.~%'[next() % 8]).join(''));
}

describe('sortInSlices', () => {
  it('sorts as Array.prototype.sort does: text by code units, runs merged past one run and past a power of two', async () => {
    for (const count of [0, 1, 1023, 1024, 1025, 5000, 12_345]) {
      const values = words(count);
      expect(await sortInSlices(values, byCodeUnits, new Slices())).toEqual([...values].sort());
    }
  });

  it('is stable: equal items keep their order', async () => {
    const items = words(6000).map((key, i) => ({ key: key.length, i }));
    const sorted = await sortInSlices(items, (a, b) => a.key - b.key, new Slices());
    expect(sorted).toEqual([...items].sort((a, b) => a.key - b.key));
    expect(sorted.every((x, k) => k === 0 || sorted[k - 1]!.key < x.key || sorted[k - 1]!.i < x.i)).toBe(true);
  });

  it('lets the event loop run while it works: a timer set before it fires before it ends', async () => {
    const values = words(300_000);
    let fired = 0;
    const timer = setInterval(() => (fired += 1), 1);
    try {
      const sorted = await sortInSlices(values, byCodeUnits, new Slices());
      expect(sorted).toHaveLength(values.length);
      expect(fired).toBeGreaterThan(0);
    } finally {
      clearInterval(timer);
    }
  });

  it('two works at once take turns: each goes on while the other waits', async () => {
    const order: string[] = [];
    const work = async (name: string) => {
      const slices = new Slices();
      for (let i = 0; i < 3; i++) {
        order.push(name);
        await slices.pause();
      }
    };
    await Promise.all([work('a'), work('b')]);
    expect(order).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
  });
});

describe('mapInSlices', () => {
  it('maps every item in order', async () => {
    expect(await mapInSlices([1, 2, 3], (n) => n * 2, new Slices())).toEqual([2, 4, 6]);
  });
});

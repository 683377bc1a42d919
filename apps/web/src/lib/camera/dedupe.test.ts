import { describe, expect, it } from 'vitest';
import { createDeduper } from './dedupe.ts';

describe('createDeduper', () => {
  it('reports a code once while it stays in view, again after 1.5 s', () => {
    const d = createDeduper();
    expect(d.frame(['A'], 0)).toEqual(['A']);
    for (let t = 125; t < 1500; t += 125) expect(d.frame(['A'], t)).toEqual([]);
    expect(d.frame(['A'], 1500)).toEqual(['A']);
    expect(d.frame(['A'], 1625)).toEqual([]);
  });

  it('reports it again once it has left the view; a missed frame or two is not leaving', () => {
    const d = createDeduper();
    expect(d.frame(['A'], 0)).toEqual(['A']);
    expect(d.frame([], 125)).toEqual([]);
    expect(d.frame(['A'], 250)).toEqual([]);
    expect(d.frame([], 500)).toEqual([]);
    expect(d.frame(['A'], 700)).toEqual(['A']);
  });

  it('reports two codes apart, each once, and a repeat within one frame once', () => {
    const d = createDeduper();
    expect(d.frame(['A', 'B', 'A'], 0)).toEqual(['A', 'B']);
    expect(d.frame(['B', 'C'], 100)).toEqual(['C']);
  });
});

import { describe, expect, it } from 'vitest';
import { BurstTracker, keyAction } from './keyboard-wedge.ts';

const typed = (tracker: BurstTracker, text: string, gaps: (i: number) => number, start = 1000) => {
  let t = start;
  for (let i = 0; i < text.length; i++) {
    t += i === 0 ? 0 : gaps(i);
    tracker.add(t);
  }
  return t;
};

describe('burst tracker', () => {
  it('takes a code typed a few milliseconds per key as a scan', () => {
    const tracker = new BurstTracker();
    const last = typed(tracker, '0100312345678906211234', () => 6);
    expect(tracker.isBurst()).toBe(true);
    expect(tracker.inBurst(last + 20)).toBe(true);
    expect(tracker.inBurst(last + 1000)).toBe(false);
  });

  it('waits 80 ms after a fast burst, longer (up to 200 ms) when keys come more slowly', () => {
    const fast = new BurstTracker();
    typed(fast, '0100312345678906211234', () => 4);
    expect(fast.quietMs).toBe(80);
    const busy = new BurstTracker();
    typed(busy, '0100312345678906211234', () => 30);
    expect(busy.quietMs).toBe(120);
    const slow = new BurstTracker();
    typed(slow, '0100312345678906211234', () => 70);
    expect(slow.quietMs).toBe(200);
  });

  it('waits longer once the scanner has shown it sends a terminator', () => {
    const tracker = new BurstTracker();
    typed(tracker, 'abc', () => 120);
    tracker.noteTerminator();
    tracker.reset();
    typed(tracker, '0100312345678906211234', () => 4);
    expect(tracker.quietMs).toBe(80);
    tracker.noteTerminator();
    tracker.reset();
    typed(tracker, '0100312345678906211234', () => 4);
    expect(tracker.quietMs).toBe(600);
  });

  it('tolerates one hiccup in a long burst', () => {
    const tracker = new BurstTracker();
    typed(tracker, '00312345678901234567', (i) => (i === 10 ? 60 : 8));
    expect(tracker.isBurst()).toBe(true);
  });

  it('does not take a person typing (120 ms per key) for a scanner', () => {
    const tracker = new BurstTracker();
    typed(tracker, '00312345678901234567', () => 120);
    expect(tracker.isBurst()).toBe(false);
  });

  it('needs a few characters, and forgets a burst that was edited by hand', () => {
    const tracker = new BurstTracker();
    typed(tracker, 'abcd', () => 5);
    expect(tracker.isBurst()).toBe(false);
    typed(tracker, 'efgh', () => 5, 1020);
    expect(tracker.isBurst()).toBe(true);
    tracker.markManual();
    expect(tracker.isBurst()).toBe(false);
    tracker.reset();
    tracker.add(5000, 30);
    expect(tracker.isBurst()).toBe(true);
  });
});

describe('keyAction', () => {
  it('reads Ctrl+] and the Unidentified key as the group separator', () => {
    expect(keyAction({ key: ']', code: 'BracketRight', ctrlKey: true }, true)).toBe('gs');
    expect(keyAction({ key: '5', code: 'BracketRight', ctrlKey: true }, false)).toBe('gs');
    expect(keyAction({ key: 'Unidentified', ctrlKey: false, keyCode: 0 }, true)).toBe('gs');
  });

  it('leaves an on-screen keyboard composing alone', () => {
    expect(keyAction({ key: 'Unidentified', ctrlKey: false, keyCode: 229 }, false)).toBe('pass');
    expect(keyAction({ key: 'Unidentified', ctrlKey: false, isComposing: true }, false)).toBe('pass');
  });

  it('commits on Enter always and on Tab only at the end of a burst', () => {
    expect(keyAction({ key: 'Enter', ctrlKey: false }, false)).toBe('commit');
    expect(keyAction({ key: 'Tab', ctrlKey: false }, true)).toBe('commit');
    expect(keyAction({ key: 'Tab', ctrlKey: false }, false)).toBe('pass');
    expect(keyAction({ key: 'a', ctrlKey: false }, true)).toBe('pass');
  });
});

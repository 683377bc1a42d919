import { performance } from 'node:perf_hooks';

/**
 * Work over a whole batch (100,000 packs and more: its units read, counted, listed in its EPCIS events or
 * its whereabouts) cut into slices, so that scans go on meanwhile (decision 0070). On SQLite every
 * statement runs on the event loop's thread and on the one connection, so work that never lets go keeps
 * every scan waiting; a statement answered through Kysely resolves in a microtask, which lets nothing
 * else run. A slice lets go once it has lasted SLICE_MS, and the next slice waits for the event loop's
 * next turn (`setImmediate`: after the I/O that arrived meanwhile, other requests and their statements).
 * However many such works run at once (a hold's count, the last change's events, a whereabouts), one
 * slice of them all runs per turn, each in turn: a scan waits for one slice, not one of each.
 */
export const SLICE_MS = 5;

/** Items between two looks at the clock in a loop over a batch's units. */
const CHECK_EVERY = 64;

/** The works waiting for their next slice, first come first served; one goes on per turn of the event loop. */
const waiting: (() => void)[] = [];
let turning = false;

function turn(): void {
  waiting.shift()?.();
  if (waiting.length > 0) setImmediate(turn);
  else turning = false;
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!turning) {
      turning = true;
      setImmediate(turn);
    }
  });
}

export class Slices {
  private started = performance.now();
  private calls = 0;

  /**
   * `yields` false: work that runs where nothing waits for the event loop (the batch worker's thread,
   * decision 0076), whose slices never end; sorts are then the engine's own, and reads may be larger.
   */
  constructor(readonly yields = true) {}

  /** Whether this slice has lasted SLICE_MS (the clock is read every CHECK_EVERY calls): then `pause`. */
  spent(): boolean {
    if (!this.yields || ++this.calls % CHECK_EVERY !== 0) return false;
    return performance.now() - this.started >= SLICE_MS;
  }

  /** Lets the event loop run what is waiting, then starts a new slice when this work's turn comes. */
  async pause(): Promise<void> {
    await nextTurn();
    this.started = performance.now();
    this.calls = 0;
  }

  /** After a statement: lets go when the slice has lasted SLICE_MS (a statement counts as a look at the clock). */
  async breathe(): Promise<void> {
    if (this.yields && performance.now() - this.started >= SLICE_MS) await this.pause();
  }
}

/** Items sorted whole before merging: a few hundred microseconds of work each. */
const RUN = 1024;

/**
 * `values` in the order `compare` gives (stable, as Array.prototype.sort), in slices: runs of RUN sorted
 * whole, then merged pairwise; 100,000 strings take 50 to 100 ms, too long to hold the event loop.
 */
export async function sortInSlices<T>(values: readonly T[], compare: (a: T, b: T) => number, slices: Slices): Promise<T[]> {
  // The engine's own sort; text in code unit order is its default order, compared without a call per pair.
  if (!slices.yields) return compare === (byCodeUnits as unknown) ? values.slice().sort() : values.slice().sort(compare);
  let from = values.slice();
  for (let lo = 0; lo < from.length; lo += RUN) {
    const run = from.slice(lo, lo + RUN).sort(compare);
    for (let k = 0; k < run.length; k++) from[lo + k] = run[k]!;
    await slices.breathe();
  }
  let to = new Array<T>(from.length);
  for (let width = RUN; width < from.length; width *= 2) {
    for (let lo = 0; lo < from.length; lo += 2 * width) {
      const mid = Math.min(lo + width, from.length);
      const hi = Math.min(lo + 2 * width, from.length);
      for (let i = lo, j = mid, k = lo; k < hi; k++) {
        to[k] = j >= hi || (i < mid && compare(from[i]!, from[j]!) <= 0) ? from[i++]! : from[j++]!;
        if (slices.spent()) await slices.pause();
      }
    }
    [from, to] = [to, from];
  }
  return from;
}

/** Text in UTF-16 code unit order: what `[].sort()` gives, and the same as code point order for the ASCII of EPCs. */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `values.map(f)`, in slices. */
export async function mapInSlices<T, U>(values: readonly T[], f: (value: T) => U, slices: Slices): Promise<U[]> {
  const out = new Array<U>(values.length);
  for (let i = 0; i < values.length; i++) {
    out[i] = f(values[i]!);
    if (slices.spent()) await slices.pause();
  }
  return out;
}

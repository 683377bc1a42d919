/**
 * Telling a hardware scanner (keyboard wedge) from a person typing, by timing (decision 0010).
 * A scanner types a whole code as a burst, a few milliseconds between keys; it may end with
 * Enter, Tab or nothing. A person types 100 ms or more between keys. So: a value typed as a
 * burst is one scan, committed on Enter, on Tab, or after a quiet gap with no terminator.
 */
export interface WedgeOptions {
  /** A gap at most this long is scanner speed (scanners: under ~30 ms; a busy handheld delivers them later; people: 100 ms and more). */
  fastGapMs: number;
  /** No key for this long ends a burst (no terminator)... */
  quietMs: number;
  /** ...or for this many times the burst's slowest usual gap, when the device types slower (up to maxQuietMs). */
  quietFactor: number;
  maxQuietMs: number;
  /**
   * Once this field has seen a burst end with Enter or Tab, the scanner sends a terminator: a
   * pause then only ends a burst after this long, so a scan delivered with a hiccup is not cut
   * in two (a scanner without terminator never sees this).
   */
  terminatedQuietMs: number;
  /** Shorter bursts are not scans (a person can double-tap a key). */
  minChars: number;
  /** Share of the gaps that must be fast: tolerates one hiccup in a long code. */
  fastShare: number;
}

export const WEDGE_DEFAULTS: WedgeOptions = {
  fastGapMs: 50,
  quietMs: 80,
  quietFactor: 4,
  maxQuietMs: 200,
  terminatedQuietMs: 600,
  minChars: 6,
  fastShare: 0.8,
};

/** The arrival times of the characters of the field's current value. */
export class BurstTracker {
  private arrivals: number[] = [];
  private manual = false;
  private terminatorSeen = false;
  private readonly options: WedgeOptions;

  constructor(options: Partial<WedgeOptions> = {}) {
    this.options = { ...WEDGE_DEFAULTS, ...options };
  }

  /**
   * How long a pause ends this burst: the base gap, longer when this device delivers keys more
   * slowly (a busy handheld): four times the 80th-percentile gap, at most maxQuietMs.
   */
  get quietMs(): number {
    const { quietMs, quietFactor, maxQuietMs, terminatedQuietMs } = this.options;
    if (this.terminatorSeen) return terminatedQuietMs;
    const gaps: number[] = [];
    for (let i = 1; i < this.arrivals.length; i++) gaps.push((this.arrivals[i] ?? 0) - (this.arrivals[i - 1] ?? 0));
    if (gaps.length === 0) return quietMs;
    gaps.sort((a, b) => a - b);
    const usual = gaps[Math.floor((gaps.length - 1) * 0.8)] ?? 0;
    return Math.min(maxQuietMs, Math.max(quietMs, usual * quietFactor));
  }

  /** `count` characters arrived at `time` (a scanner that commits a whole string sends them at once). */
  add(time: number, count = 1): void {
    for (let i = 0; i < count; i++) this.arrivals.push(time);
  }

  /** Deleting, pasting or editing in the middle: whatever is in the field is not one burst. */
  markManual(): void {
    this.manual = true;
  }

  /** A burst just ended with Enter or Tab: this scanner sends a terminator. */
  noteTerminator(): void {
    if (this.isBurst()) this.terminatorSeen = true;
  }

  reset(): void {
    this.arrivals = [];
    this.manual = false;
  }

  /** The value so far was typed at scanner speed. */
  isBurst(): boolean {
    const { arrivals, options } = this;
    if (this.manual || arrivals.length < options.minChars) return false;
    let fast = 0;
    for (let i = 1; i < arrivals.length; i++) if ((arrivals[i] ?? 0) - (arrivals[i - 1] ?? 0) <= options.fastGapMs) fast++;
    return fast / (arrivals.length - 1) >= options.fastShare;
  }

  /** A burst whose last character came less than a quiet gap ago: the scanner is still typing or just ended. */
  inBurst(now: number): boolean {
    const last = this.arrivals.at(-1);
    return last !== undefined && now - last < this.quietMs * 2 && this.isBurst();
  }
}

export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  /** 229 while an on-screen keyboard composes: its keys say 'Unidentified' and are not separators. */
  keyCode?: number;
  isComposing?: boolean;
}

/**
 * What a key does in the scan field: insert a group separator (Ctrl+], the keyboard form of
 * ASCII 29, or the 'Unidentified' key Chromium reports for a control character from a
 * hardware keyboard), commit the scan (Enter; Tab only at the end of a burst), or nothing
 * special (the browser types it).
 */
export function keyAction(key: KeyLike, inBurst: boolean): 'gs' | 'commit' | 'pass' {
  if (key.ctrlKey && !key.altKey && !key.metaKey && (key.key === ']' || key.code === 'BracketRight' || key.key === '\x1d')) return 'gs';
  if (key.key === 'Unidentified' && key.keyCode !== 229 && !key.isComposing) return 'gs';
  if (key.key === 'Enter') return 'commit';
  if (key.key === 'Tab' && inBurst) return 'commit';
  return 'pass';
}

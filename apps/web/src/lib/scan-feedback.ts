/** What the operator hears and feels after a scan (issue 7): within 100 ms, without looking. */
export type FeedbackKind = 'accepted' | 'refused' | 'duplicate' | 'queued';

interface Tone {
  /** Frequencies in Hz, one beep each. */
  beeps: number[];
  ms: number;
  vibrate: number[];
}

/** High single beep for ok, low double buzz for refused, middle for already scanned, two short for kept offline. */
export const TONES: Readonly<Record<FeedbackKind, Tone>> = {
  accepted: { beeps: [1760], ms: 90, vibrate: [40] },
  refused: { beeps: [220, 220], ms: 180, vibrate: [120, 60, 120] },
  duplicate: { beeps: [660], ms: 160, vibrate: [80] },
  queued: { beeps: [1320, 1320], ms: 60, vibrate: [30, 40, 30] },
};

let audio: AudioContext | undefined;

function context(): AudioContext | undefined {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    return audio;
  } catch {
    return undefined;
  }
}

/** Beeps (WebAudio) and vibrates (where the device allows) for one scan outcome. Never throws. */
export function scanFeedback(kind: FeedbackKind): void {
  const tone = TONES[kind];
  try {
    navigator.vibrate?.(tone.vibrate);
  } catch {
    // Vibration is a nicety: some browsers refuse it without a user gesture.
  }
  const ctx = context();
  if (!ctx) return;
  tone.beeps.forEach((frequency, i) => {
    const start = ctx.currentTime + (i * (tone.ms + 60)) / 1000;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = kind === 'refused' ? 'square' : 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.2, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + tone.ms / 1000);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(start + tone.ms / 1000);
  });
}

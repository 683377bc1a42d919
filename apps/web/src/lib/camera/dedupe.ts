/** How long a code held in view stays silent after it was reported. */
export const REPEAT_AFTER_MS = 1500;
/** A code unseen for this long has left the view (single frames often miss a code still there). */
export const GONE_AFTER_MS = 400;

/**
 * One detection per code: a code is reported when first seen, then again only once it has left
 * the view or REPEAT_AFTER_MS have passed since it was reported. Times are passed in (ms).
 */
export function createDeduper(repeatAfterMs = REPEAT_AFTER_MS, goneAfterMs = GONE_AFTER_MS) {
  const codes = new Map<string, { reportedAt: number; seenAt: number }>();
  return {
    /** Called with the codes of one frame; answers those to report, in frame order. */
    frame(texts: readonly string[], now: number): string[] {
      for (const [text, state] of codes) if (now - state.seenAt >= goneAfterMs) codes.delete(text);
      const fresh: string[] = [];
      for (const text of texts) {
        const state = codes.get(text);
        if (state === undefined || now - state.reportedAt >= repeatAfterMs) {
          codes.set(text, { reportedAt: now, seenAt: now });
          if (!fresh.includes(text)) fresh.push(text);
        } else {
          state.seenAt = now;
        }
      }
      return fresh;
    },
  };
}

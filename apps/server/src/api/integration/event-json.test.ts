import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventKey, eventText } from './event-json.ts';

/**
 * An event's text and key written a slice at a time (decision 0082) are those of `JSON.stringify` and
 * its SHA-256 (decision 0043): an event received before this change keeps its key.
 */
const event = (epcs: number, extra: Record<string, unknown> = {}) => ({
  type: 'ObjectEvent',
  eventTime: '2026-11-01T08:00:00.000Z',
  epcList: Array.from({ length: epcs }, (_, i) => `urn:epc:id:sgtin:8881234.012345.S${i}`),
  action: 'ADD',
  ilmd: { 'cbvmda:lotNumber': 'L1', note: 'a "quoted" \u2028 value' },
  ...extra,
});
const sha256 = (text: string) => 'sha256:' + createHash('sha256').update(text).digest('hex');

describe('the JSON text and key of an EPCIS event', () => {
  it.each([0, 1, 20_000, 20_001, 45_123])('of %i EPCs are those of JSON.stringify', async (epcs) => {
    const e = event(epcs);
    expect(await eventText(e)).toBe(JSON.stringify(e));
    expect(await eventKey(e)).toBe(sha256(JSON.stringify(e)));
  });

  it('keep the list where the event has it, and the keys after it', async () => {
    const e = {
      childEPCs: Array.from({ length: 50_000 }, (_, i) => `urn:epc:id:sscc:8881234.${i}`),
      parentID: 'p',
      type: 'AggregationEvent',
    };
    expect(await eventText(e)).toBe(JSON.stringify(e));
  });

  it('an event with an eventID is received by it', async () => {
    expect(await eventKey(event(30_000, { eventID: 'urn:uuid:1' }))).toBe('urn:uuid:1');
  });

  it('a large list is written in several turns of the event loop', async () => {
    let turns = 0;
    const counting = setInterval(() => (turns += 1), 1);
    await eventText(event(200_000));
    clearInterval(counting);
    // One JSON.stringify would have let the timer fire at most once, after it.
    expect(turns).toBeGreaterThan(2);
  });
});

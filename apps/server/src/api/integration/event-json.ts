import { createHash, randomUUID } from 'node:crypto';
import { longList, yieldToOthers, type Event } from './work-items.ts';

/**
 * The JSON text an event is kept by (`epcis_events.body_json`) and the key it is received by, the
 * SHA-256 of that text when it has no eventID (decision 0043). Written as `JSON.stringify` writes them,
 * but an event of many EPCs a slice of its list at a time, yielding between slices (decision 0082): the
 * text of a million EPCs is some 50 MB, 100 to 300 ms of `JSON.stringify` and 70 ms of hashing in one go.
 */

/** EPCs written out between two turns of the event loop. */
const SLICE = 20_000;

async function* eventJson(whole: Event): AsyncGenerator<string> {
  const key = longList(whole, SLICE);
  if (!key) {
    yield JSON.stringify(whole);
    return;
  }
  // The list's place in the text, kept where the event has it: a value no document holds stands in for it.
  const stand = randomUUID();
  const [head, tail] = JSON.stringify({ ...whole, [key]: stand }).split(`"${stand}"`) as [string, string];
  const list = whole[key] as unknown[];
  yield `${head}[`;
  for (let from = 0; from < list.length; from += SLICE) {
    await yieldToOthers();
    yield (
      (from > 0 ? ',' : '') +
      list
        .slice(from, from + SLICE)
        .map((value) => JSON.stringify(value))
        .join(',')
    );
  }
  yield `]${tail}`;
}

/** The key an event is received by: its eventID, else the SHA-256 of its JSON text. */
export async function eventKey(whole: Event): Promise<string> {
  if (typeof whole.eventID === 'string') return whole.eventID;
  const hash = createHash('sha256');
  for await (const piece of eventJson(whole)) hash.update(piece);
  return 'sha256:' + hash.digest('hex');
}

/** The event's JSON text, the same as `JSON.stringify(whole)`. */
export async function eventText(whole: Event): Promise<string> {
  let text = '';
  for await (const piece of eventJson(whole)) text += piece;
  return text;
}

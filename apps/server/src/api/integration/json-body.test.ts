import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from './json-body.ts';

/** A body as the request stream gives it: in chunks of `size` bytes. */
const streamOf = (text: string, size = 16 * 1024) => {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
};
const LIMIT = 50 * 1024 * 1024;
/** About `mb` megabytes of an EPCIS-like document: many small events, strings with escapes and non-ASCII. */
const largeDocument = (mb: number) => ({
  '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
  type: 'EPCISDocument',
  epcisBody: {
    eventList: Array.from({ length: Math.round((mb * 1e6) / 200) }, (_, i) => ({
      type: 'AggregationEvent',
      parentID: `urn:epc:id:sscc:8881234.${String(i).padStart(10, '0')}`,
      childEPCs: [`urn:epc:id:sgtin:8881234.000001.S${i}`, 'ünïcödé "quoted" \\ back'],
      n: i / 7,
      ok: i % 2 === 0,
      none: null,
    })),
  },
});

describe('parseJsonBody', () => {
  it('gives what JSON.parse gives, for a small body and for a large one read in pieces', async () => {
    const small = { a: [1, 2.5, -3e-7, 'x"y', null, true, { '': {} }], b: '€ and 😀' };
    expect(await parseJsonBody(streamOf(JSON.stringify(small), 3), { limit: LIMIT })).toEqual(small);
    const text = JSON.stringify(largeDocument(3));
    expect(await parseJsonBody(streamOf(text), { limit: LIMIT })).toEqual(JSON.parse(text));
    // A multi-byte character split across pieces is put back together.
    const split = JSON.stringify({ s: 'é'.repeat(40_000) });
    expect(await parseJsonBody(streamOf(split, 7), { limit: LIMIT, wholeBytes: 10, pieceBytes: 5 })).toEqual(JSON.parse(split));
  });

  it('keeps a "__proto__" key an own property, as JSON.parse does', async () => {
    const text = '{"__proto__":{"polluted":true},"a":1}';
    const parsed = (await parseJsonBody(streamOf(text, 4), { limit: LIMIT, wholeBytes: 8, pieceBytes: 4 })) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body cut short, one with more after its value, an empty one and one over the limit', async () => {
    const text = JSON.stringify(largeDocument(2));
    const refused = (body: string, options = {}) => parseJsonBody(streamOf(body), { limit: LIMIT, ...options });
    await expect(refused(text.slice(0, -1))).rejects.toMatchObject({ statusCode: 400 });
    await expect(refused(`${text} {}`)).rejects.toMatchObject({ statusCode: 400 });
    await expect(refused('{"a": 1,}')).rejects.toMatchObject({ statusCode: 400 });
    await expect(refused('')).rejects.toMatchObject({ statusCode: 400 });
    await expect(refused(text, { limit: 1024 * 1024 })).rejects.toMatchObject({ statusCode: 413 });
  });

  it('hands the event loop back between pieces of a large body: other work runs all through the parse', async () => {
    const text = JSON.stringify(largeDocument(12));
    const pieceBytes = 16 * 1024;
    // Other work waiting on the event loop: a chain of callbacks, each queueing the next. Counted, not
    // timed (the machines are shared): a parse that held the loop would let one run, not hundreds.
    let turns = 0;
    let running = true;
    const other = () => {
      turns += 1;
      if (running) setImmediate(other);
    };
    setImmediate(other);
    // Given in one chunk, as an in-process request gives it: the pieces are the parser's own.
    const value = await parseJsonBody(Readable.from([Buffer.from(text)]), { limit: LIMIT, pieceBytes });
    running = false;
    expect(value).toEqual(JSON.parse(text));
    const pieces = Math.ceil(Buffer.byteLength(text) / pieceBytes);
    expect(pieces).toBeGreaterThan(500);
    expect(turns).toBeGreaterThanOrEqual(pieces - 1);
  });
});

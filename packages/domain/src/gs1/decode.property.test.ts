/**
 * Properties: random valid AI sets encoded as element strings and as Digital Link URIs decode back to
 * the same fields; random input never throws, it only returns an error with a catalogue code.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { aiSpec } from './ai-index.ts';
import { withCheckDigit } from './check-digit.ts';
import { decodeCode, decodeScan } from './decode.ts';

const today = '2026-11-22';
const GS = '\x1d';
const CSET82 = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const cset82 = (max: number) => fc.string({ unit: fc.constantFrom(...CSET82), minLength: 1, maxLength: max });
const two = (min: number, max: number) => fc.integer({ min, max }).map((n) => String(n).padStart(2, '0'));
/** YYMMDD with a day that exists in every year (00 = end of month where allowed). */
const date = (dayZero: boolean) => fc.tuple(two(0, 99), two(1, 12), two(dayZero ? 0 : 1, 28)).map((p) => p.join(''));

const VALUES: Record<string, fc.Arbitrary<string>> = {
  '00': digits(17, 17).map(withCheckDigit),
  '01': digits(13, 13).map(withCheckDigit),
  '10': cset82(20),
  '11': date(true),
  '15': date(true),
  '17': date(true),
  '21': cset82(20),
  '22': cset82(20),
  '240': cset82(30),
  '30': digits(1, 8),
  '3103': digits(6, 6),
  '400': cset82(30),
  '710': cset82(20),
  '711': cset82(20),
  '712': cset82(20),
  '713': cset82(20),
  '714': cset82(20),
  '715': cset82(20),
  '7003': fc.tuple(date(false), two(0, 23), two(0, 59)).map((p) => p.join('')),
  '8200': cset82(70),
};

/**
 * A random set of distinct AIs with valid values, in random order. It always holds the GTIN (01): every
 * other AI here needs a trade item key with it (GenSpecs 4.14.2, the dictionary's `req`).
 */
const aiSet = fc
  .tuple(fc.uniqueArray(fc.constantFrom(...Object.keys(VALUES).filter((ai) => ai !== '01')), { maxLength: 7 }), fc.nat())
  .map(([ais, at]) => [...ais.slice(0, at % (ais.length + 1)), '01', ...ais.slice(at % (ais.length + 1))])
  .chain((ais) => fc.tuple(...ais.map((ai) => (VALUES[ai] as fc.Arbitrary<string>).map((v) => [ai, v] as const))));

function toElementString(pairs: readonly (readonly [string, string])[], symbology: string): string {
  let out = symbology;
  pairs.forEach(([ai, value], i) => {
    out += ai + value;
    if (!aiSpec(ai)?.predefined && i < pairs.length - 1) out += GS;
  });
  return out;
}

const enc = encodeURIComponent;

function toDigitalLink(pairs: readonly (readonly [string, string])[]): string {
  const map = new Map(pairs);
  const key = map.has('01') ? '01' : map.has('00') ? '00' : null;
  let path = key === null ? '/01/09506000134352' : `/${key}/${enc(map.get(key) as string)}`;
  if (key === '01') for (const q of ['22', '10', '21']) if (map.has(q)) path += `/${q}/${enc(map.get(q) as string)}`;
  const inPath = new Set(key === '01' ? ['01', '22', '10', '21'] : [key]);
  const query = pairs.filter(([ai]) => !inPath.has(ai)).map(([ai, v]) => `${ai}=${enc(v)}`);
  return `https://example.com/some/prefix${path}${query.length > 0 ? '?linkType=all&' + query.join('&') : ''}`;
}

describe('properties', () => {
  it('element strings round-trip: same AIs, same values, same order', () => {
    fc.assert(
      fc.property(aiSet, fc.constantFrom('', ']d2', ']C1', ']Q3'), (pairs, symbology) => {
        // Textual separators off: random set-82 values may contain '<GS>' (see separators.ts).
        const r = decodeCode(toElementString(pairs, symbology), { today, separators: [] });
        expect(r.ok).toBe(true);
        if (r.ok) expect(r.elements.map((e) => [e.id, e.value])).toEqual(pairs.map(([a, v]) => [a, v]));
      }),
      { numRuns: 500 },
    );
  });

  it('Digital Link URIs decode to the same fields as the element string', () => {
    fc.assert(
      fc.property(aiSet, (pairs) => {
        // (8200) is no Digital Link data attribute (the dictionary's '?' flag).
        fc.pre(pairs.every(([ai]) => ai !== '8200'));
        const element = decodeCode(toElementString(pairs, ''), { today, separators: [] });
        const link = decodeCode(toDigitalLink(pairs), { today });
        expect(element.ok && link.ok).toBe(true);
        if (!element.ok || !link.ok) return;
        const expected = { ...element.ai };
        if (!('00' in expected) && !('01' in expected)) expected['01'] = '09506000134352';
        expect(link.ai).toEqual(expected);
        if ('01' in element.ai || '00' in element.ai) {
          for (const key of ['gtin', 'sscc', 'batch', 'serial', 'expiry'] as const) expect(link[key]).toBe(element[key]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the human-readable form decodes to the same elements', () => {
    fc.assert(
      fc.property(aiSet, (pairs) => {
        fc.pre(pairs.every(([, v]) => !v.includes('(')));
        const r = decodeCode(pairs.map(([a, v]) => `(${a})${v}`).join(''), { today, separators: [] });
        expect(r.ok && r.elements.map((e) => [e.id, e.value])).toEqual(pairs.map(([a, v]) => [a, v]));
      }),
      { numRuns: 300 },
    );
  });

  it('element strings with any textual separator variant decode the same, when values hold no < > characters', () => {
    const variants = ['<GS>', '{GS}', '[GS]', '<FNC1>', '^]', '\u241d', '~1', '\\x1d', '\\u001d'];
    fc.assert(
      fc.property(aiSet, fc.constantFrom(...variants), (pairs, separator) => {
        fc.pre(pairs.every(([, v]) => !/[<>]/.test(v)));
        const raw = toElementString(pairs, ']d2').replaceAll(GS, separator);
        const r = decodeCode(raw, { today });
        expect(r.ok && r.elements.map((e) => [e.id, e.value])).toEqual(pairs.map(([a, v]) => [a, v]));
      }),
      { numRuns: 500 },
    );
  });

  it('a real GS in the scan makes <GS> inside a value data, every other variant still a separator (README "Separators")', () => {
    const variants = ['{GS}', '[GS]', '^]', '\u241d', '~1', '\\x1d', '\\u001d'];
    fc.assert(
      fc.property(aiSet, fc.constantFrom(...variants), (pairs, separator) => {
        fc.pre(pairs.every(([, v]) => !/[<>]/.test(v)));
        // The batch holds the text <GS>; the scan holds one real GS (after the batch) and otherwise the variant.
        const withBatch = [...pairs.filter(([ai]) => ai !== '10'), ['10', 'A<GS>B'] as const];
        const raw = toElementString(withBatch, ']d2').replaceAll(GS, separator) + GS + '91X';
        const r = decodeCode(raw, { today });
        expect(r.ok && r.batch).toBe('A<GS>B');
      }),
      { numRuns: 300 },
    );
  });

  it('one changed character is never accepted as a different code inside a check-digit key (GenSpecs 7.9.1)', () => {
    const CHANGES = [...'0123456789AZaz-/', GS, '(', '%'];
    fc.assert(
      fc.property(aiSet, fc.nat(), fc.constantFrom(...CHANGES), (pairs, at, change) => {
        const raw = toElementString(pairs, '');
        const i = at % raw.length;
        fc.pre(raw.charAt(i) !== change);
        const mutated = raw.slice(0, i) + change + raw.slice(i + 1);
        const r = decodeCode(mutated, { today, separators: [] });
        if (!r.ok) return;
        const original = decodeCode(raw, { today, separators: [] });
        if (!original.ok || JSON.stringify(r.elements) === JSON.stringify(original.elements)) return;
        // Accepted and different: allowed only where the standard protects nothing, so never inside
        // the value of a key with a check digit (00, 01: the mod-10 check detects every single change).
        let offset = 0;
        pairs.forEach(([ai, value], k) => {
          const start = offset + ai.length;
          const inside = i >= start && i < start + value.length;
          if (ai === '00' || ai === '01') expect(inside, `changed ${ai} at ${i}: ${mutated}`).toBe(false);
          offset = start + value.length + (!aiSpec(ai)?.predefined && k < pairs.length - 1 ? 1 : 0);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('a Digital Link URI: one changed digit of its GTIN or SSCC key is never accepted (GenSpecs 7.9.1, Digital Link 1.x)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(['01', 13] as const, ['00', 17] as const),
        digits(17, 17),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        ([ai, n], body, at, delta) => {
          const key = withCheckDigit(body.slice(0, n));
          const i = at % key.length;
          const bad = key.slice(0, i) + String((Number(key.charAt(i)) + delta) % 10) + key.slice(i + 1);
          expect(decodeCode(`https://id.gs1.org/${ai}/${key}`, { today }).ok).toBe(true);
          expect(decodeCode(`https://id.gs1.org/${ai}/${bad}`, { today }).ok).toBe(false);
        },
      ),
    );
  });

  it('the bare GTIN of EAN/UPC: one changed digit is never accepted (GenSpecs 7.9.1)', () => {
    fc.assert(
      fc.property(digits(12, 12), fc.nat(12), fc.integer({ min: 1, max: 9 }), (body, i, delta) => {
        const good = withCheckDigit(body);
        const bad = good.slice(0, i) + String((Number(good.charAt(i)) + delta) % 10) + good.slice(i + 1);
        expect(decodeCode(`]E0${good}`, { today }).ok).toBe(true);
        expect(decodeCode(`]E0${bad}`, { today }).ok).toBe(false);
      }),
    );
  });

  const noisy = fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.string({
      unit: fc.constantFrom(
        '0',
        '1',
        '7',
        '9',
        GS,
        '<GS>',
        '^]',
        '(',
        ')',
        ']d2',
        'https://',
        '%',
        '/',
        '?',
        '=',
        '[)>',
        '\x1e',
        '\x04',
        '9N',
        'S',
        'D',
      ),
    }),
  );

  it('random input never throws: it answers ok or a catalogue error', () => {
    fc.assert(
      fc.property(
        noisy,
        fc.constantFrom('EA', 'CTN', 'PLT', 'BUN', undefined),
        fc.constantFrom('GS1', 'NON_GS1') as fc.Arbitrary<'GS1' | 'NON_GS1'>,
        fc.boolean(),
        (raw, unit, idType, strip00) => {
          const r = decodeScan(raw, { today, ...(unit ? { unit } : {}), idType, strip00, purpose: strip00 ? 'batch' : 'item' });
          if (!r.ok) {
            expect(Object.keys(MESSAGES)).toContain(r.code);
            expect(r.message.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('a corrupted check digit is never accepted', () => {
    fc.assert(
      fc.property(digits(13, 13), fc.integer({ min: 1, max: 9 }), (body, delta) => {
        const good = withCheckDigit(body);
        const bad = body + String((Number(good.slice(-1)) + delta) % 10);
        expect(decodeCode('01' + bad, { today })).toMatchObject({ ok: false, code: 'GS1_BAD_CHECK_DIGIT' });
      }),
    );
  });
});

/**
 * The AI table against the GS1 Barcode Syntax Dictionary as published (release of 2026-01-27 and the
 * change after it, "Data relationships for (03) updated per WR 25-306"; decision 0078). The dictionary
 * is vendored beside this test, as GS1 ships it (syntax-dictionary/gs1-syntax-dictionary.txt, with its
 * CHANGES and its Apache 2.0 LICENSE), and read here line by line: every AI of the dictionary must be in
 * ai-table.ts with the same flags ('*' predefined length, '?' Digital Link data attribute), the same
 * specification (components and linters, in order) and the same attributes (each `req=`, `ex=` and
 * `dlpkey`), and the table may hold no AI the dictionary does not. A failure names the AI, the
 * dictionary line and both rows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AI_ROWS } from './ai-table.ts';

const DICTIONARY = new URL('./syntax-dictionary/gs1-syntax-dictionary.txt', import.meta.url);
const TABLE_SOURCE = new URL('./ai-table.ts', import.meta.url);

/** One AI as a row of either side: flags, specification and attributes normalised to one text. */
interface Entry {
  readonly line: number;
  readonly row: string;
  readonly title: string;
}

function expand(ais: string): string[] {
  const [from = '', to] = ais.split('-');
  if (to === undefined) return [from];
  const out: string[] = [];
  for (let n = Number(from); n <= Number(to); n++) out.push(String(n).padStart(from.length, '0'));
  return out;
}

/** Flags as a sorted set, the components single-spaced, the attributes sorted (their order means nothing). */
function normalise(flags: string, spec: readonly string[], attributes: readonly string[]): string {
  return [[...flags].sort().join(''), spec.join(' '), [...attributes].sort().join(' ')].join(' | ');
}

/**
 * The dictionary's own syntax (its header, lines 31-87): `AIs [Flags] Specification [Attributes...] [# Title]`;
 * flags are characters of its allocated set, attributes start with req=, ex= or dlpkey.
 */
function readDictionary(): Map<string, Entry> {
  const out = new Map<string, Entry>();
  readFileSync(DICTIONARY, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      if (text.trim() === '' || text.startsWith('#')) return;
      const hash = text.indexOf('#');
      const body = hash < 0 ? text : text.slice(0, hash);
      const title = hash < 0 ? '' : text.slice(hash + 1).trim();
      const [ais = '', ...tokens] = body.trim().split(/\s+/);
      const flags = /^[*!?"$%&'()+,\-./:;<=>@[\\\]^_`{|}~]+$/.test(tokens[0] ?? '') ? (tokens.shift() as string) : '';
      const first = tokens.findIndex((t) => /^(req|ex|dlpkey)(=|$)/.test(t));
      const spec = first < 0 ? tokens : tokens.slice(0, first);
      const attributes = first < 0 ? [] : tokens.slice(first);
      for (const ai of expand(ais)) out.set(ai, { line: index + 1, row: normalise(flags, spec, attributes), title });
    });
  return out;
}

/** The data titles ai-table.ts carries, as the comment after each literal row (`['01', ...], // GTIN`). */
function tableTitles(): Map<string, string> {
  const titles = new Map<string, string>();
  for (const m of readFileSync(TABLE_SOURCE, 'utf8').matchAll(/^ {2}\['([\d-]+)',.*\], \/\/ (.+)$/gm)) {
    // A comment in brackets is a note where the dictionary gives no title (8110, 8112).
    titles.set(m[1] as string, (m[2] as string).startsWith('(the dictionary gives no title') ? '' : (m[2] as string).trim());
  }
  return titles;
}

function readTable(): Map<string, Entry> {
  const out = new Map<string, Entry>();
  AI_ROWS.forEach(([ais, flags, spec, attributes], index) => {
    const row = normalise(
      flags,
      spec.split(/\s+/),
      attributes.split(' ').filter((a) => a !== ''),
    );
    for (const ai of expand(ais)) out.set(ai, { line: index + 1, row, title: '' });
  });
  return out;
}

/** The AIs whose rows differ, each with both rows: [] when the table is the dictionary. */
function differences(): string[] {
  const dictionary = readDictionary();
  const table = readTable();
  const out: string[] = [];
  for (const [ai, entry] of dictionary) {
    const ours = table.get(ai);
    if (ours === undefined) out.push(`(${ai}) dictionary line ${entry.line}: missing from ai-table.ts`);
    else if (ours.row !== entry.row) out.push(`(${ai}) dictionary line ${entry.line}: ${entry.row}\n      ai-table.ts: ${ours.row}`);
  }
  for (const ai of table.keys()) if (!dictionary.has(ai)) out.push(`(${ai}) is in ai-table.ts but not in the dictionary`);
  return out;
}

describe('the AI table is the GS1 Barcode Syntax Dictionary, row by row (release 2026-01-27 and WR 25-306)', () => {
  it('reads the whole dictionary: its AIs from (00) to (99), the five of 2026 among them', () => {
    const ais = [...readDictionary().keys()];
    expect(ais.length).toBeGreaterThan(500);
    expect(ais).toEqual(expect.arrayContaining(['00', '717', '8040', '8041', '8042', '8043', '99']));
  });

  it('has every AI of the dictionary with its flags, format, linters, req=, ex= and dlpkey, and no other AI', () => {
    const found = differences();
    expect(found, `${found.length} AIs differ:\n${found.join('\n')}`).toEqual([]);
  });

  it('carries the dictionary data title of every AI it titles (a range: the title of each AI in it)', () => {
    const dictionary = readDictionary();
    const titles = tableTitles();
    expect(titles.size).toBeGreaterThan(150);
    const mismatched: string[] = [];
    for (const [ais, title] of titles) {
      for (const ai of expand(ais)) {
        // A range such as 7030-7039 (PROCESSOR # 0 ... # 9) is titled once, its number written 's'.
        const expected = (dictionary.get(ai)?.title ?? '').replace(/# \d+$/, ais.includes('-') ? '# s' : '$&');
        mismatched.push(...(title === expected ? [] : [`(${ai}) ai-table.ts: ${title}, dictionary: ${expected}`]));
      }
    }
    expect(mismatched).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { AI_LENGTH_BY_PREFIX, aiSpec, dlKeyToAi, knownAis } from './ai-index.ts';
import { AI_ROWS } from './ai-table.ts';

/** GenSpecs Figure 7.8.5-2: AI prefixes of predefined length, which need no separator. */
const PREDEFINED_PREFIXES = [
  '00',
  '01',
  '02',
  '03',
  '04',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '41',
];

describe('AI table (GS1 Barcode Syntax Dictionary / GenSpecs 3)', () => {
  it('holds the full table, not only the five AIs of the spec', () => {
    const ais = knownAis();
    expect(ais.length).toBeGreaterThan(400);
    for (const ai of [
      '00',
      '01',
      '10',
      '11',
      '15',
      '17',
      '21',
      '240',
      '30',
      '37',
      '400',
      '710',
      '711',
      '712',
      '713',
      '714',
      '715',
      '7003',
      '8200',
    ]) {
      expect(aiSpec(ai), ai).toBeDefined();
    }
  });

  it('marks exactly the predefined-length prefixes as needing no separator (Figure 7.8.5-2)', () => {
    for (const ai of knownAis()) {
      const spec = aiSpec(ai);
      expect(spec?.predefined, ai).toBe(PREDEFINED_PREFIXES.includes(ai.slice(0, 2)));
    }
  });

  it('has one AI length per two-digit prefix', () => {
    for (const ai of knownAis()) expect(AI_LENGTH_BY_PREFIX[Number(ai.slice(0, 2))], ai).toBe(ai.length);
  });

  it('compiles lengths and formats', () => {
    expect(aiSpec('00')).toMatchObject({ fixed: true, min: 18, max: 18 });
    expect(aiSpec('10')).toMatchObject({ fixed: false, min: 1, max: 20, simpleCset82: true });
    expect(aiSpec('3103')).toMatchObject({ fixed: true, max: 6, simpleNumeric: true });
    expect(aiSpec('7003')).toMatchObject({ fixed: true, max: 10, predefined: false });
    expect(aiSpec('253')).toMatchObject({ fixed: false, min: 13, max: 30 });
    expect(aiSpec('8010')?.parts[0]?.cset).toBe('Y');
    expect(aiSpec('8030')?.parts[0]?.cset).toBe('Z');
    expect(aiSpec('3106')).toBeUndefined();
    expect(aiSpec('23')).toBeUndefined();
  });

  it('maps Digital Link 1.x short names to AIs', () => {
    expect(dlKeyToAi('gtin')).toBe('01');
    expect(dlKeyToAi('ser')).toBe('21');
    expect(dlKeyToAi('17')).toBe('17');
    expect(dlKeyToAi('toString')).toBeUndefined();
    expect(dlKeyToAi('linkType')).toBeUndefined();
  });
});

describe('the linters the table names (GS1 Barcode Syntax Dictionary)', () => {
  /** The linters this package applies (ai-index.ts Check, less the internal cset64). */
  const APPLIED = new Set(
    (
      'csum csumalpha gcppos1 gcppos2 yymmd0 yymmdd yyyymmdd yyyymmd0 hhmi hh mi ss pieceoftotal zero nonzero winding yesno ' +
      'hyphen nozeroprefix hasnondigit iso5218 latitude longitude pcenc mediatype importeridx posinseqslash ' +
      'iso3166 iso3166999 iso3166alpha2 iso4217 iban packagetype couponcode couponposoffer'
    ).split(' '),
  );

  it('names only linters this package applies (an unknown one would be skipped silently)', () => {
    for (const [ais, , spec] of AI_ROWS) {
      for (const part of spec.split(' ')) {
        for (const linter of part.split(',').slice(1)) expect(APPLIED.has(linter), `${ais}: ${linter}`).toBe(true);
      }
    }
  });

  it('names every linter of the dictionary edition it follows (decision 0044): 7041, 8110 and 8112 are linted too', () => {
    const linted = (ai: string) =>
      AI_ROWS.find(([ais]) => ais === ai)?.[2]
        .split(',')
        .slice(1);
    expect(linted('7041')).toEqual(['packagetype']);
    expect(linted('8110')).toEqual(['couponcode']);
    expect(linted('8112')).toEqual(['couponposoffer']);
  });

  it('keeps the fast paths: GTIN and SSCC have the check digit only, batch and serial nothing', () => {
    expect(aiSpec('01')?.numericWithCheckDigit).toBe(true);
    expect(aiSpec('00')?.numericWithCheckDigit).toBe(true);
    expect(aiSpec('10')?.simpleCset82).toBe(true);
    expect(aiSpec('21')?.simpleCset82).toBe(true);
  });
});

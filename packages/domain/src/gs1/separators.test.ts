import { describe, expect, it } from 'vitest';
import { decodeCode } from './decode.ts';
import { normaliseSeparators, separatorLength, separatorMask, SEPARATOR_VARIANTS } from './separators.ts';

const GS = '\x1d';

describe('group separator variants', () => {
  it.each([
    ['\x1d', 'the control character (ASCII 29)'],
    ['<GS>', 'Honeywell / Zebra data formatting'],
    ['<gs>', 'lower case'],
    ['{GS}', 'curly'],
    ['[GS]', 'square'],
    ['<FNC1>', 'FNC1 tag'],
    ['{FNC1}', 'FNC1 tag, curly'],
    ['[FNC1]', 'FNC1 tag, square'],
    ['^]', 'caret notation of Ctrl+]'],
    ['\u241d', 'U+241D SYMBOL FOR GROUP SEPARATOR'],
    ['~1', 'tilde escape'],
    ['\\x1d', 'hex escape typed as text'],
    ['\\x1D', 'hex escape, upper case'],
    ['\\u001d', 'unicode escape typed as text'],
    ['\\u001D', 'unicode escape, upper case'],
  ])('normalises %j (%s) to GS', (variant) => {
    expect(normaliseSeparators(`10ABC${variant}21XYZ`)).toBe(`10ABC${GS}21XYZ`);
  });

  it('never treats # or other set-82 text as a separator', () => {
    expect(normaliseSeparators('10A#B<G>C[x]^~2')).toBe('10A#B<G>C[x]^~2');
  });

  it('keeps the control character when every textual variant is off', () => {
    expect(normaliseSeparators(`10A<GS>B${GS}21X`, [])).toBe(`10A<GS>B${GS}21X`);
  });

  it('turns each variant off on its own', () => {
    expect(normaliseSeparators('1<GS>2{GS}3', ['CURLY_GS'])).toBe(`1<GS>2${GS}3`);
    expect(separatorLength('<GS>', 0, separatorMask(['CURLY_GS']))).toBe(0);
    expect(separatorLength('<GS>', 0, separatorMask(['ANGLE_GS']))).toBe(4);
  });

  it('ignores unknown variant names and has one bit per variant', () => {
    expect(separatorMask(['NOPE'])).toBe(0);
    const bits = SEPARATOR_VARIANTS.map((v) => separatorMask([v]));
    expect(new Set(bits).size).toBe(SEPARATOR_VARIANTS.length);
  });

  it('answers 0 at the end of the string', () => {
    expect(separatorLength('<G', 0, separatorMask())).toBe(0);
    expect(separatorLength('', 0, separatorMask())).toBe(0);
  });
});

describe('<GS> and <FNC1> beside a real group separator (README "Separators")', () => {
  const today = '2026-11-22';
  const GTIN = '09506000134352';

  it('reads <GS> as data when the scan holds a real GS: < G S > are all GS1 character set 82 (GenSpecs 7.11)', () => {
    const r = decodeCode(`]d201${GTIN}10A<GS>B${GS}21X`, { today });
    expect(r).toMatchObject({ ok: true, batch: 'A<GS>B', serial: 'X' });
    expect(decodeCode(`]d201${GTIN}10A<FNC1>B${GS}21X`, { today })).toMatchObject({ ok: true, batch: 'A<FNC1>B' });
  });

  it('normalises the same way', () => {
    expect(normaliseSeparators(`10A<GS>B${GS}21X{GS}91Y`)).toBe(`10A<GS>B${GS}21X${GS}91Y`);
  });

  it('reads <GS> as a separator when the scan holds no real GS', () => {
    expect(decodeCode(`]d201${GTIN}10A<GS>21X`, { today })).toMatchObject({ ok: true, batch: 'A', serial: 'X' });
  });

  it('keeps reading {GS}, [GS], ^] and ␝ beside a real GS: they hold characters outside set 82', () => {
    for (const variant of ['{GS}', '[GS]', '^]', '\u241d']) {
      expect(decodeCode(`]d201${GTIN}10A${variant}17271231${GS}21X`, { today }), variant).toMatchObject({ ok: true, batch: 'A' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { csvDocument, csvField } from './csv.ts';
import { Slices } from './slices.ts';

describe('csvField', () => {
  it('writes plain text as it is, null as empty', () => {
    expect(csvField('ABC123')).toBe('ABC123');
    expect(csvField(42)).toBe('42');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes a field holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('guards every formula start with an apostrophe: = + - @ tab CR', () => {
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(csvField('-2-3')).toBe("'-2-3");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    // Only the first character matters.
    expect(csvField('A=1')).toBe('A=1');
  });

  it('writes a number as it is, a negative one too: a number is never a formula; text that looks like one is still guarded', () => {
    expect(csvField(-2)).toBe('-2');
    expect(csvField(-0.5)).toBe('-0.5');
    expect(csvField(1e21)).toBe('1e+21');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField('-2')).toBe("'-2");
  });
});

describe('csvDocument', () => {
  const text = async (pieces: AsyncIterable<Buffer>) => {
    const all: Buffer[] = [];
    for await (const piece of pieces) all.push(piece);
    return { pieces: all.length, text: Buffer.concat(all).toString('utf8') };
  };

  it('writes the header then each row, CRLF after each line', async () => {
    expect(
      await text(
        csvDocument(
          ['a', 'b'],
          [
            ['1', null],
            ['x,y', '=z'],
          ],
          new Slices(),
        ),
      ),
    ).toEqual({ pieces: 1, text: `a,b\r\n1,\r\n"x,y",'=z\r\n` });
  });

  it('in pieces of 1,000 lines, UTF-8, the same text whole', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => [`é${i}`]);
    const written = await text(csvDocument(['h'], rows, new Slices()));
    expect(written.pieces).toBe(3);
    expect(written.text).toBe(`h\r\n${rows.map(([v]) => `${v}\r\n`).join('')}`);
  });
});

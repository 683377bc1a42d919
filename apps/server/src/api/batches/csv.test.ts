import { describe, expect, it } from 'vitest';
import { csvDocument, csvField } from './csv.ts';

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
});

describe('csvDocument', () => {
  it('writes the header then each row, CRLF after each line', () => {
    expect(
      csvDocument(
        ['a', 'b'],
        [
          ['1', null],
          ['x,y', '=z'],
        ],
      ),
    ).toBe(`a,b\r\n1,\r\n"x,y",'=z\r\n`);
  });
});

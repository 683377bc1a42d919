import { describe, expect, it } from 'vitest';
import { message, MESSAGES } from './messages.ts';

describe('message', () => {
  it("fills ICU plurals with the words that fit the number: '1 pack', '2 packs' (issues 14, 33)", () => {
    expect(message('LITE_HAS_SCANS', { number: 'LD0001', count: 1 })).toBe(
      'LD0001 has 1 scanned pack: delete it before removing the document.',
    );
    expect(message('LITE_HAS_SCANS', { number: 'LD0001', count: 3 })).toBe(
      'LD0001 has 3 scanned packs: delete them before removing the document.',
    );
    expect(message('LITE_QUANTITY_BELOW_SCANNED', { scanned: 1 })).toBe(
      '1 pack is already scanned on this line: the quantity cannot be less.',
    );
    expect(message('TOO_MANY_REQUESTS', { seconds: '1' })).toBe('Too many attempts. Please wait 1 second and try again.');
    expect(message('TOO_MANY_REQUESTS', { seconds: 0 })).toBe('Too many attempts. Please wait 0 seconds and try again.');
  });

  it('leaves a placeholder whose value is not given visible, and its plural words at their other form', () => {
    expect(message('LITE_HAS_SCANS', { number: 'LD0001' })).toBe(
      'LD0001 has {count} scanned packs: delete them before removing the document.',
    );
  });

  it('puts values in as they are: no number formatting, no escapes read, no ICU syntax read in them', () => {
    expect(message('TOO_MANY_REQUESTS', { seconds: 1000 })).toBe('Too many attempts. Please wait 1000 seconds and try again.');
    expect(message('SCAN_EMPTY')).toBe('Nothing was scanned. Please scan again.');
    expect(message('EPCIS_INVALID', { detail: "\\x1D '{x}' \\u0041 #" })).toBe("The EPCIS document is not valid: \\x1D '{x}' \\u0041 #");
    // An apostrophe before a placeholder is written twice in the catalogue; the text shows it once.
    expect(message('CONTROL_CHARACTER', { field: 'body.code' })).toBe("The field 'body.code' contains a control character.");
  });

  it('writes no count before a plural noun without the singular beside it', () => {
    const nouns = 'packs|seconds|documents|scans|units|events|cartons|pallets|items|lines|minutes';
    // {type} and {source} name a document type ('IBD documents'), not a number.
    const bare = new RegExp(`\\{(?!type\\}|source\\})\\w+\\} (?:scanned )?(?:${nouns})\\b`);
    expect(Object.entries(MESSAGES).filter(([, text]) => bare.test(text))).toEqual([]);
  });
});

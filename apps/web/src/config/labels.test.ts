import { describe, expect, it } from 'vitest';
import * as labels from './labels.ts';
import { DOCUMENT_UI, fillLabel, REDRESS_UI } from './labels.ts';

describe('fillLabel', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(fillLabel('{a} and {b}', { a: 'x' })).toBe('x and {b}');
  });

  it('says 1 document, 0 documents, 2 documents', () => {
    expect(fillLabel(DOCUMENT_UI.documentsFound, { total: '1' })).toBe('1 document');
    expect(fillLabel(DOCUMENT_UI.documentsFound, { total: '0' })).toBe('0 documents');
    expect(fillLabel(DOCUMENT_UI.documentsFound, { total: '2' })).toBe('2 documents');
  });

  it('says 1 pack counted, 12 packs counted', () => {
    expect(fillLabel(DOCUMENT_UI.accepted, { unit: 'Pack', id: 'X', packs: '1' })).toBe('Pack X accepted: 1 pack counted.');
    expect(fillLabel(DOCUMENT_UI.accepted, { unit: 'Carton', id: 'C', packs: '12' })).toBe('Carton C accepted: 12 packs counted.');
  });

  it("says 1 of 1 pack on a redress carton (issue 14: no '1 packs')", () => {
    expect(fillLabel(REDRESS_UI.cartonProgress, { held: '0', qty: '1' })).toBe('0 of 1 pack');
    expect(fillLabel(REDRESS_UI.cartonProgress, { held: '1', qty: '6' })).toBe('1 of 6 packs');
  });

  it('writes no count before a plural noun without the singular beside it', () => {
    const nouns = 'packs|seconds|documents|scans|units|events|cartons|pallets|items|lines|minutes';
    const bare = new RegExp(`\\{\\w+\\} (?:scanned )?(?:${nouns})\\b`);
    const texts = Object.values(labels).flatMap((group) =>
      group && typeof group === 'object' ? Object.entries(group as Record<string, unknown>) : [],
    );
    // A waiting-scans notice picks its own sentence for one scan and for several.
    const counted = texts.filter(([name, text]) => typeof text === 'string' && bare.test(text) && name !== 'othersWaiting');
    expect(counted).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { DOCUMENT_UI, fillLabel } from './labels.ts';

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
});

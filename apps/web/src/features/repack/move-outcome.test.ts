import { describe, expect, it } from 'vitest';
import { movedText } from './move-outcome.ts';

describe('movedText', () => {
  it('names the unit moved and the packs it carried, with the right plural', () => {
    expect(movedText({ type: 'CTN', id: '088812340000112345', packs: 6 }, false)).toBe('Carton 088812340000112345 added: 6 packs.');
    expect(movedText({ type: 'EA', id: '(01)09506000134352(21)ABC', packs: 1 }, false)).toBe(
      'Pack (01)09506000134352(21)ABC added: 1 pack.',
    );
    expect(movedText({ type: 'EA', id: '(01)09506000134352(21)ABC', packs: 1 }, true)).toBe(
      'Pack (01)09506000134352(21)ABC taken off: 1 pack.',
    );
  });
});

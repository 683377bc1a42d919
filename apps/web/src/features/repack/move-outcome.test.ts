import { describe, expect, it } from 'vitest';
import { REPACK_STATES } from '@pharma/domain/contract/repack';
import { ApiError } from '../../lib/api-client.ts';
import { movedOutcome, movedText, refusedOutcome, repackStateText } from './move-outcome.ts';

describe('movedText', () => {
  it('names the unit moved and the packs it carried, with the right plural', () => {
    expect(movedText({ type: 'CTN', id: '088812340000112345', packs: 6 }, false)).toBe('Carton 088812340000112345 added: 6 packs.');
    expect(movedText({ type: 'EA', id: '09506000134352/ABC', packs: 1 }, false)).toBe('Pack 09506000134352/ABC added: 1 pack.');
    expect(movedText({ type: 'EA', id: '09506000134352/ABC', packs: 1 }, true)).toBe('Pack 09506000134352/ABC taken off: 1 pack.');
  });
});

describe('movedOutcome (issue 27)', () => {
  const moved = {
    id: '09506000134352/ABC',
    type: 'EA',
    materialNo: null,
    materialName: null,
    batchNo: null,
    expiry: null,
    packs: 1,
    parent: null,
  } as const;
  it('adds the sentence naming the carton the unit was taken out of', () => {
    const takenFrom = {
      id: '088812340000112345',
      type: 'CTN',
      packs: 2,
      message: 'Taken out of carton 088812340000112345: 2 packs left in it.',
    } as const;
    expect(movedOutcome({ moved, takenFrom }, false)).toEqual({
      kind: 'added',
      text: 'Pack 09506000134352/ABC added: 1 pack.',
      notice: 'Taken out of carton 088812340000112345: 2 packs left in it.',
    });
    expect(movedOutcome({ moved, takenFrom: null }, true)).toEqual({
      kind: 'removed',
      text: 'Pack 09506000134352/ABC taken off: 1 pack.',
    });
  });
});

describe('refusedOutcome', () => {
  it("shows the server's sentence, and never a code or a parser's dump", () => {
    const refusal = new ApiError(
      422,
      'REPACK_NOT_SALEABLE',
      'This item cannot be repacked: it is DAMAGED / REDRESSED, not in saleable stock.',
    );
    expect(refusedOutcome(refusal)).toEqual({ kind: 'refused', text: refusal.message });
    expect(refusedOutcome(new Error('[{"code":"invalid_type","path":["takenFrom"]}]')).text).toBe('Something went wrong...');
  });
});

describe('repackStateText', () => {
  it('says each state in words, never its code', () => {
    expect(REPACK_STATES.map(repackStateText)).toEqual(['In Progress', 'Completed']);
  });
});

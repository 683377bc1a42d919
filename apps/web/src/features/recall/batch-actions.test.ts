import { describe, expect, it } from 'vitest';
import type { Need } from '@pharma/domain';
import { offeredChanges, reasonProblem } from './batch-actions.ts';

const everything = () => true;
const targets = (changes: { to: string }[]) => changes.map((c) => c.to);

describe('offeredChanges', () => {
  it('offers hold and recall for a released batch, release and recall for a held one, nothing for a recalled one', () => {
    expect(targets(offeredChanges('RELEASED', everything))).toEqual(['ON_HOLD', 'RECALLED']);
    expect(targets(offeredChanges('ON_HOLD', everything))).toEqual(['RELEASED', 'RECALLED']);
    expect(targets(offeredChanges('RECALLED', everything))).toEqual([]);
  });

  it('offers only what the grants allow', () => {
    const holdOnly = (need: Need) => need.action === 'SetHold';
    expect(targets(offeredChanges('RELEASED', holdOnly))).toEqual(['ON_HOLD']);
    expect(targets(offeredChanges('ON_HOLD', holdOnly))).toEqual([]);
    expect(targets(offeredChanges('RELEASED', () => false))).toEqual([]);
  });
});

describe('reasonProblem', () => {
  it('wants at least 5 characters besides spaces, naming the batch', () => {
    expect(reasonProblem('  abc  ', 'B1')).toBe('Give the reason for this change of batch B1 (at least 5 characters).');
    expect(reasonProblem('', 'B1')).toContain('at least 5 characters');
    expect(reasonProblem('Quality check', 'B1')).toBeUndefined();
  });
});

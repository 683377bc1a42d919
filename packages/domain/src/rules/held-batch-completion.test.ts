import { describe, expect, it } from 'vitest';
import { message } from '../messages.ts';
import { heldBatchCompletion, type HeldOnDocument } from './held-batch-completion.ts';

/** A document's completion and the packs on it of a held or recalled batch (issue 30, decision 0071). */
describe('heldBatchCompletion', () => {
  const held: HeldOnDocument[] = [
    { materialNo: '10000002', batchNo: 'A1', status: 'RECALLED', packs: 1 },
    { materialNo: '10000001', batchNo: 'B7', status: 'ON_HOLD', packs: 3 },
  ];

  it('nothing held, or a family that accepts held stock: completed as usual', () => {
    for (const family of ['refuse', 'quarantine', 'accept'] as const) {
      expect(heldBatchCompletion(family, [])).toEqual({ ok: true, quarantine: [] });
    }
    expect(heldBatchCompletion('accept', held)).toEqual({ ok: true, quarantine: [] });
  });

  it('a refusing family is refused naming the first batch by material, its status and its packs on the document', () => {
    const answer = heldBatchCompletion('refuse', held);
    expect(answer).toEqual({
      ok: false,
      refusal: {
        status: 422,
        code: 'BATCH_HELD_ON_DOCUMENT',
        params: { materialNo: '10000001', batchNo: 'B7', status: 'on hold', count: '3' },
      },
    });
    if (answer.ok) throw new Error('completed');
    expect(message(answer.refusal.code, answer.refusal.params)).toBe(
      'This document cannot be completed: batch B7 of material 10000001 is on hold. Delete its 3 packs from the document first.',
    );
    const one = heldBatchCompletion('refuse', [held[0]!]);
    if (one.ok) throw new Error('completed');
    expect(message(one.refusal.code, one.refusal.params)).toBe(
      'This document cannot be completed: batch A1 of material 10000002 is recalled. Delete its 1 pack from the document first.',
    );
  });

  it("receiving puts each held batch's packs into quarantine with the reason 'ON HOLD' or 'RECALLED'", () => {
    expect(heldBatchCompletion('quarantine', held)).toEqual({
      ok: true,
      quarantine: [
        { materialNo: '10000001', batchNo: 'B7', status: 'ON_HOLD', state: { status: 'QUARANTINE', reason: 'ON HOLD' } },
        { materialNo: '10000002', batchNo: 'A1', status: 'RECALLED', state: { status: 'QUARANTINE', reason: 'RECALLED' } },
      ],
    });
  });
});

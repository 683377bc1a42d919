import { describe, expect, it } from 'vitest';
import { completeButton, completeButtonEnabled, editableStatuses, isLocked, statusAfterRemoval } from './item-status.ts';

describe('editableStatuses (spec point 4 table)', () => {
  const offer = (reasons: (string | null)[], statuses: string[]) => editableStatuses({ reasons, statuses } as never);
  it.each([
    ['dispatched', ['DISPATCHED'], ['ACTIVE'], []],
    ['destroyed', ['OTHER'], ['DESTROYED'], []],
    ['pending goods receipt', ['PENDING GR'], ['TRANSIT'], []],
    ['redressed', ['REDRESSED'], ['ACTIVE'], ['ACTIVE', 'DAMAGED', 'QUARANTINE', 'RETAINED']],
    [
      'warehouse received, some pending',
      ['WAREHOUSE RECEIVED'],
      ['ACTIVE', 'PENDING'],
      ['ACTIVE', 'DAMAGED', 'QUARANTINE', 'SHORTAGE', 'RETAINED'],
    ],
    [
      'warehouse received, none pending',
      ['WAREHOUSE RECEIVED'],
      ['ACTIVE'],
      ['ACTIVE', 'DAMAGED', 'QUARANTINE', 'SHORTAGE', 'EXPIRED', 'RETAINED'],
    ],
    ['returned, some pending', ['RETURNED'], ['PENDING'], ['ACTIVE', 'DAMAGED', 'QUARANTINE', 'EXPIRED', 'RETAINED']],
    ['returned, none pending', ['RETURNED'], ['ACTIVE'], ['ACTIVE', 'DAMAGED', 'QUARANTINE', 'SHORTAGE', 'EXPIRED', 'RETAINED']],
    ['other', ['OTHER'], ['QUARANTINE'], ['ACTIVE', 'DAMAGED', 'QUARANTINE', 'SHORTAGE', 'EXPIRED', 'RETAINED']],
    [
      'mixed, none pending',
      ['RETURNED', 'WAREHOUSE RECEIVED'],
      ['ACTIVE'],
      ['ACTIVE', 'DAMAGED', 'QUARANTINE', 'SHORTAGE', 'EXPIRED', 'RETAINED'],
    ],
    ['mixed, some pending', ['RETURNED', 'WAREHOUSE RECEIVED'], ['ACTIVE', 'PENDING'], []],
    ['anything else (no reason)', [null], ['ACTIVE'], []],
    // A return held for its national verification (issue 28): only the system's answer moves it.
    ['pending verification', ['PENDING VERIFICATION'], ['QUARANTINE'], []],
    ['verification failed', ['VERIFICATION FAILED'], ['QUARANTINE'], []],
  ])('%s', (_name, reasons, statuses, expected) => {
    expect(offer(reasons, statuses)).toEqual(expected);
  });
});

describe('isLocked (spec point 4 lock check)', () => {
  it.each([
    ['ACTIVE', 'DISPATCHED', true],
    ['INACTIVE', 'OTHER', true],
    ['ACTIVE', 'PENDING GR', true],
    ['DESTROYED', 'OTHER', true],
    ['ACTIVE', 'WAREHOUSE RECEIVED', false],
    ['DESTROYED', 'RETURNED', false],
    ['PENDING', 'PENDING GR', false],
  ])('%s with %s: %s', (status, reason, locked) => {
    expect(isLocked(status as never, reason as never)).toBe(locked);
  });
});

describe('completeButton (spec point 4, issue 27)', () => {
  it('follows the rule, except that a Completed document keeps the button disabled with its reason', () => {
    expect(completeButton('Completed', 'complete', 0)).toEqual({ enabled: false, reason: 'DOCUMENT_COMPLETED' });
    expect(completeButton('Completed', 'complete', 3)).toEqual({ enabled: false, reason: 'DOCUMENT_COMPLETED' });
    expect(completeButton('Open', 'add', 0)).toEqual({ enabled: true });
    expect(completeButton('Open', 'add', 3).enabled).toBe(false);
    expect(completeButton('In Progress', 'complete', 3)).toEqual({ enabled: true });
    expect(completeButton('In Progress', 'complete', 0)).toEqual({ enabled: false, reason: 'NOTHING_TO_COMPLETE' });
    expect(completeButton('Open', 'complete', 0)).toEqual({ enabled: false, reason: 'NOTHING_TO_COMPLETE' });
  });

  it('completeButtonEnabled answers the same', () => {
    for (const status of ['Open', 'In Progress', 'Completed'])
      for (const action of ['add', 'complete'] as const)
        for (const count of [0, 1, 7])
          expect(completeButtonEnabled(status, action, count)).toBe(completeButton(status, action, count).enabled);
  });
});

describe('statusAfterRemoval (spec point 4, issue 27)', () => {
  it('puts a document with nothing left on it back to Open, as before its first scan', () => {
    expect(statusAfterRemoval('In Progress', 0)).toBe('Open');
    expect(statusAfterRemoval('In Progress', 1)).toBe('In Progress');
    expect(statusAfterRemoval('Open', 0)).toBe('Open');
    expect(statusAfterRemoval('Completed', 0)).toBe('Completed');
  });
});

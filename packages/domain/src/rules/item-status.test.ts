import { describe, expect, it } from 'vitest';
import { completeButtonEnabled, editableStatuses, isLocked } from './item-status.ts';

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

describe('completeButtonEnabled (spec point 4)', () => {
  it('follows the rule word for word', () => {
    expect(completeButtonEnabled('Completed', 'complete', 0)).toBe(true);
    expect(completeButtonEnabled('Open', 'add', 0)).toBe(true);
    expect(completeButtonEnabled('Open', 'add', 3)).toBe(false);
    expect(completeButtonEnabled('In Progress', 'complete', 3)).toBe(true);
    expect(completeButtonEnabled('In Progress', 'complete', 0)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateTime, localDay } from './local-day.ts';
import { newScanId } from './scan-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newScanId', () => {
  it('uses randomUUID when the context has it', () => {
    expect(newScanId({ randomUUID: () => '11111111-2222-4333-8444-555555555555', getRandomValues: (a) => a })).toBe(
      '11111111-2222-4333-8444-555555555555',
    );
  });

  it('builds a v4 UUID from random bytes on plain http', () => {
    const source = {
      getRandomValues: <T extends ArrayBufferView | null>(a: T) => {
        if (a instanceof Uint8Array) a.fill(0xff);
        return a;
      },
    };
    const id = newScanId(source as Pick<Crypto, 'getRandomValues'>);
    expect(id).toMatch(UUID);
    expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('gives different ids each time', () => {
    expect(newScanId()).not.toBe(newScanId());
    expect(newScanId()).toMatch(UUID);
  });
});

describe('localDay', () => {
  it('formats the local day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('formats a timestamp to the minute and keeps garbage as is', () => {
    expect(formatDateTime(new Date(2026, 10, 22, 9, 7).toISOString())).toBe('2026-11-22 09:07');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

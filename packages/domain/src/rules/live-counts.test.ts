import { describe, expect, it } from 'vitest';
import { liveCounts, type CountRow } from './live-counts.ts';

const row = (id: string, at: string, over: Partial<CountRow> = {}): CountRow => ({
  id,
  kind: 'scan',
  lineNo: 10,
  materialNo: 'M1',
  batchNo: 'B1',
  reverses: null,
  at,
  ...over,
});

describe('liveCounts', () => {
  it('keeps every scan no reverse took off', () => {
    const rows = [row('s1', '2026-11-26T08:00:00.000Z'), row('s2', '2026-11-26T08:01:00.000Z', { lineNo: 20 })];
    expect(liveCounts(rows).map((r) => r.id)).toEqual(['s1', 's2']);
  });

  it('takes off the scan a removal names, whatever its place', () => {
    const rows = [
      row('s1', '2026-11-26T08:00:00.000Z'),
      row('s2', '2026-11-26T08:01:00.000Z'),
      row('r1', '2026-11-26T08:02:00.000Z', { kind: 'reverse', reverses: 's1' }),
    ];
    expect(liveCounts(rows).map((r) => r.id)).toEqual(['s2']);
  });

  it('takes off the last scan of its line, material and batch for a reverse by code, in time order', () => {
    const rows = [
      row('s1', '2026-11-26T08:00:00.000Z'),
      row('s2', '2026-11-26T08:01:00.000Z'),
      row('x', '2026-11-26T08:01:30.000Z', { batchNo: 'B2' }),
      row('r1', '2026-11-26T08:02:00.000Z', { kind: 'reverse' }),
      row('s3', '2026-11-26T08:03:00.000Z'),
    ];
    expect(liveCounts(rows).map((r) => r.id)).toEqual(['s1', 'x', 's3']);
    // Read in another order, the answer is the same; a scan comes before a reverse of the same instant.
    expect(liveCounts([...rows].reverse()).map((r) => r.id)).toEqual(['s1', 'x', 's3']);
    const same = [row('r', '2026-11-26T08:00:00.000Z', { kind: 'reverse' }), row('s', '2026-11-26T08:00:00.000Z')];
    expect(liveCounts(same)).toEqual([]);
  });

  it('counts as many live scans per line as scans less reverses', () => {
    const rows = [
      row('a', '2026-11-26T08:00:00.000Z'),
      row('b', '2026-11-26T08:00:01.000Z'),
      row('c', '2026-11-26T08:00:02.000Z'),
      row('r1', '2026-11-26T08:00:03.000Z', { kind: 'reverse', reverses: 'b' }),
      row('r2', '2026-11-26T08:00:04.000Z', { kind: 'reverse' }),
    ];
    expect(liveCounts(rows).map((r) => r.id)).toEqual(['a']);
  });
});

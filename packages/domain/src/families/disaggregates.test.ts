import { describe, expect, it } from 'vitest';
import { FAMILIES, LITE_FAMILIES } from './registry.ts';

/** Decision 0063: which families take a unit scanned without its parent out of that parent at completion. */
describe('families that take units out of their parents', () => {
  it('are those whose completion sends stock where its parent does not go: dispatch, return, scrapping, transfer, RTP', () => {
    expect(FAMILIES.filter((f) => f.disaggregates).map((f) => f.type)).toEqual(['OBD', 'RMA', 'DECOMM', 'STO', 'RTP']);
  });

  it('receiving keeps the notice’s aggregation; redress, ScanLite, repack and the stock take move parents their own way or not at all', () => {
    expect(FAMILIES.filter((f) => !f.disaggregates).map((f) => f.type)).toEqual(['IBD', 'RRD', 'SCANLITE', 'REPACK', 'COUNT']);
  });

  it('the lite families do as their full family', () => {
    expect(LITE_FAMILIES.filter((l) => l.family.disaggregates).map((l) => l.name)).toEqual([
      'Dispatch+',
      'Return+',
      'Decomm+',
      'RTP+',
      'Transfer+',
    ]);
  });
});

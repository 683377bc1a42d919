import { describe, expect, it } from 'vitest';
import { redressPath } from './redress-paths.ts';

describe('redress page paths (spec point 2, decision 0036)', () => {
  it('names the PO in ?docNo= and the BPR No. in the scan path (new before there is one)', () => {
    expect(redressPath('LDC', 'redressScan', '5000000201')).toBe('/ldc/rrdScanOperation/rrdDocTagging/new?docNo=5000000201');
    expect(redressPath('LDC', 'redressScan', '5000000201', { bprNo: 'BPR-2026/17' })).toBe(
      '/ldc/rrdScanOperation/rrdDocTagging/BPR-2026%2F17?docNo=5000000201',
    );
    expect(redressPath('LDC', 'redressCartonLabel', '5000000201')).toBe('/ldc/rrdScanOperation/rrdDocTagging/scanCarton?docNo=5000000201');
    expect(redressPath('LDC', 'redressSeries', '5000000201', { carton: '088812340004005485' })).toBe(
      '/ldc/rrdScanOperation/SeriesAndNonSeriesScanner?docNo=5000000201&carton=088812340004005485',
    );
    expect(redressPath('LDC', 'redressReplace', '5000000201')).toBe('/ldc/rrdScanOperation/replaceItemScan?docNo=5000000201');
  });

  it('has no redress pages in the regional area', () => {
    expect(redressPath('RDC', 'redressScan', '5000000201')).toBe('');
  });
});

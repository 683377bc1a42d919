import { describe, expect, it } from 'vitest';
import { FAMILIES } from '@pharma/domain';
import type { StockTakeLine } from '@pharma/domain/contract/stock-takes';
import { countedPacks, lineDifference, linesAskingReason, reasonsToSend, scopeOf, scopeText, signed } from './variance.ts';

const line = (over: Partial<StockTakeLine>): StockTakeLine => ({
  materialNo: '10000001',
  materialName: null,
  batchNo: 'B1',
  counted: 0,
  round: 0,
  reason: null,
  ...over,
});

/** Any other family's type: the document that moved a unit while the count ran. */
const dispatchType = FAMILIES[1]!.type;

describe('the stock take variance as the pages show it', () => {
  it('signs a difference, and has none in a blind view', () => {
    expect(lineDifference({ expected: 7, counted: 6 })).toBe(-1);
    expect(lineDifference({ expected: 2, counted: 3 })).toBe(1);
    expect(lineDifference({ counted: 3 })).toBeUndefined();
    expect([signed(2), signed(-3), signed(0)]).toEqual(['+2', '\u22123', '0']);
  });

  it('asks a reason for lines with missing or found packs in the full view, for every line in a blind one', () => {
    const even = line({ batchNo: 'E', expected: 2, counted: 2, missing: [], found: [] });
    const short = line({ batchNo: 'S', expected: 2, counted: 1, missing: ['0888/X'], found: [] });
    const over = line({
      batchNo: 'O',
      expected: 0,
      counted: 1,
      missing: [],
      found: [{ id: '0888/Y', expectedWarehouseNo: 'W3010', expectedStatus: 'ACTIVE' }],
    });
    // Moved during the count: neither missing nor found, so no reason (issue 31).
    const moved = line({
      batchNo: 'M',
      expected: 1,
      counted: 1,
      missing: [],
      found: [],
      movedDuringCount: [{ id: '0888/Z', docType: dispatchType, docNo: '1' }],
    });
    expect(linesAskingReason({ view: 'full', lines: [even, short, over, moved] }).map((l) => l.batchNo)).toEqual(['S', 'O']);
    const blind = [line({ batchNo: 'A', counted: 3 }), line({ batchNo: 'B', counted: 1 })];
    expect(linesAskingReason({ view: 'blind', lines: blind })).toEqual(blind);
  });

  it('sends only the reasons picked, Other with its text, batch blanks as none', () => {
    expect(
      reasonsToSend([
        { materialNo: '10000001', batchNo: 'B1', reason: 'DAMAGED', text: 'ignored' },
        { materialNo: '10000001', batchNo: 'B2', reason: '', text: '' },
        { materialNo: ' 10000008 ', batchNo: ' ', reason: 'OTHER', text: '  fell behind the rack ' },
        { materialNo: ' ', batchNo: 'B9', reason: 'THEFT_SUSPECTED', text: '' },
      ]),
    ).toEqual([
      { materialNo: '10000001', batchNo: 'B1', reason: 'DAMAGED' },
      { materialNo: '10000008', batchNo: null, reason: 'OTHER', text: 'fell behind the rack' },
    ]);
  });

  it('writes the scope in words and builds it from the form without blanks', () => {
    expect(scopeText({})).toBe('The whole warehouse');
    expect(scopeText({ materialNo: '10000001', batchNo: 'B1' })).toBe('Material 10000001, batch B1');
    expect(scopeText({ sscc: '088812340000152954' })).toBe('Under 088812340000152954');
    expect(scopeOf({ materialNo: ' 10000001 ', batchNo: '', sscc: '  ' })).toEqual({ materialNo: '10000001' });
  });

  it('adds up the packs counted', () => {
    expect(countedPacks([line({ counted: 4 }), line({ counted: 2 })])).toBe(6);
    expect(countedPacks([])).toBe(0);
  });
});

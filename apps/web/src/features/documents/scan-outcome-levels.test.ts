import { describe, expect, it } from 'vitest';
import { checkScan, waitingOutcome } from './scan-outcome.ts';

const TODAY = '2026-11-22';
const PACK = '0108881234100009172712311022A0B1<GS>21X7Z9';
const SSCC = ']C100088812340000000019';

describe('checkScan with no unit type picked (issue 27, decision 0065)', () => {
  it('takes a pack code and an SSCC alike, for the server to find the level', () => {
    expect(checkScan(PACK, undefined, 'GS1', TODAY)).toEqual({ ok: true, id: '08881234100009/X7Z9' });
    expect(checkScan(SSCC, undefined, 'GS1', TODAY)).toEqual({ ok: true, id: '088812340000000019' });
  });

  it('refuses here what names no unit, as the server would', () => {
    expect(checkScan('0108881234100009', undefined, 'GS1', TODAY)).toMatchObject({
      ok: false,
      outcome: { kind: 'refused', local: true, code: 'SERIAL_NOT_RECOGNIZED' },
    });
    expect(checkScan('00088812340000000018', undefined, 'GS1', TODAY)).toMatchObject({
      ok: false,
      outcome: { code: 'GS1_BAD_CHECK_DIGIT' },
    });
  });

  it('leaves a bare SSCC to the server, which holds the reader settings', () => {
    expect(checkScan('088812340000000019', undefined, 'GS1', TODAY)).toEqual({ ok: true, id: '088812340000000019' });
  });

  it('refuses a pack code on a page that offers pallets and cartons only', () => {
    expect(checkScan(PACK, undefined, 'GS1', TODAY, false, undefined, ['PLT', 'CTN'])).toMatchObject({
      ok: false,
      outcome: { code: 'PACK_CODE_NOT_HANDLING_UNIT', text: 'This is a pack code: scan the SSCC label of a pallet or carton here.' },
    });
    expect(checkScan(SSCC, undefined, 'GS1', TODAY, false, undefined, ['PLT', 'CTN'])).toMatchObject({ ok: true });
  });

  it('names a unit on its way as an item until the server names its type', () => {
    expect(waitingOutcome('sending', undefined, '088812340000000019').text).toBe('Item 088812340000000019 read: sending…');
  });
});

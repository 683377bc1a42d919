import { describe, expect, test } from 'vitest';
import { isNmvsSuccess, NMVS_RETURN_CODES, nmvsReturnCode, raisesNmvsAlert } from './return-codes.ts';
import { buildNmvsAnswer, parseNmvsAnswer } from './wire.ts';

describe('the return code catalogue (0081 "Return codes named in the issue")', () => {
  test.each([
    ['NMVS_SUCCESS', false],
    ['NMVS_NC_PC_01', false],
    ['NMVS_NC_PC_02', true],
    ['NMVS_FE_LOT_03', true],
    ['NMVS_FE_LOT_12', true],
    ['NMVS_FE_LOT_13', true],
    ['NMVS_NC_PCK_06', true],
    ['NMVS_NC_PCK_19', false],
    ['NMVS_NC_PCK_20', true],
    ['NMVS_NC_PCK_21', true],
    ['NMVS_NC_PCK_22', true],
    ['NMVS_TE_TX_01', false],
    ['NMVS_FE_TX_02', false],
    ['NMVS_TE_XM_01', false],
    ['NMVS_TE_XM_02', false],
    ['NMVS_FE_AU_01', false],
    ['NMVS_ERROR', false],
  ])('%s: alert %s', (code, alert) => {
    expect(nmvsReturnCode(code)?.alert).toBe(alert);
    expect(NMVS_RETURN_CODES[code]?.desc).toMatch(/^[A-Z].+\.$/);
  });

  test('each description travels in ReturnCode@desc and comes back', () => {
    for (const [code, { desc }] of Object.entries(NMVS_RETURN_CODES)) {
      const answer = {
        code: 'G110',
        clientTrxId: 'trx-1',
        nmvsTrxId: 'A'.repeat(32),
        timestamp: '2026-03-02T09:15:00Z',
        packs: [],
        returnCode: code,
        returnDesc: desc,
      };
      expect(parseNmvsAnswer(buildNmvsAnswer(answer))).toStrictEqual(answer);
    }
  });

  test('a code not in the catalogue reads as undefined, even a name Object.prototype has', () => {
    expect(nmvsReturnCode('NMVS_NC_PCK_99')).toBeUndefined();
    expect(nmvsReturnCode('constructor')).toBeUndefined();
    expect(NMVS_RETURN_CODES['toString']).toBeUndefined();
  });

  test('only NMVS_SUCCESS is a success', () => {
    expect(isNmvsSuccess('NMVS_SUCCESS')).toBe(true);
    expect(isNmvsSuccess('NMVS_TE_TX_01')).toBe(false);
    expect(isNmvsSuccess('NMVS_NC_PCK_22')).toBe(false);
    expect(isNmvsSuccess('nmvs_success')).toBe(false);
  });
});

describe('raisesNmvsAlert', () => {
  test('follows the catalogue', () => {
    expect(raisesNmvsAlert('NMVS_NC_PC_02')).toBe(true);
    expect(raisesNmvsAlert('NMVS_NC_PC_01')).toBe(false);
    expect(raisesNmvsAlert('NMVS_SUCCESS')).toBe(false);
    expect(raisesNmvsAlert('NMVS_NOT_A_CODE')).toBe(false);
  });

  test('NMVS_NC_PCK_22 raises none for a pack inactive as EXPIRED, RECALLED or WITHDRAWN (S9)', () => {
    expect(raisesNmvsAlert('NMVS_NC_PCK_22', ['SUPPLIED'])).toBe(true);
    expect(raisesNmvsAlert('NMVS_NC_PCK_22', ['DESTROYED', 'EXPIRED'])).toBe(false);
    expect(raisesNmvsAlert('NMVS_NC_PCK_22', ['RECALLED'])).toBe(false);
    expect(raisesNmvsAlert('NMVS_NC_PCK_22', ['WITHDRAWN'])).toBe(false);
  });
});

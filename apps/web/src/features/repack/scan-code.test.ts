import { describe, expect, it } from 'vitest';
import { decodeCode } from '@pharma/domain';
import { codeOfUnit, repackCode, unitNameOf } from './scan-code.ts';

const today = { today: '2026-11-24' };

describe('repackCode', () => {
  it('sends an SSCC typed as 18 digits as its element string, which decodes to that SSCC', () => {
    const code = repackCode(' 506141410000000017 ');
    expect(code).toBe('(00)506141410000000017');
    const decoded = decodeCode(code, today);
    expect(decoded.ok && decoded.sscc).toBe('506141410000000017');
  });

  it('sends a scan as it was read, group separators kept', () => {
    const pack = ']d20109506000134352172812311012345\x1d21ABC';
    expect(repackCode(pack)).toBe(pack);
    expect(repackCode(']C100506141410000000017')).toBe(']C100506141410000000017');
  });

  it('leaves 18 digits with a wrong check digit alone: the server refuses them', () => {
    expect(repackCode('506141410000000018')).toBe('506141410000000018');
  });
});

describe('codeOfUnit', () => {
  it("names a pallet or carton by (00) and a pack by its GTIN and serial, from the API's 'GTIN/serial', both decodable", () => {
    const carton = decodeCode(codeOfUnit({ id: '506141410000000017', type: 'CTN' }), today);
    expect(carton.ok && carton.sscc).toBe('506141410000000017');
    for (const type of ['EA', 'BUN'] as const) {
      const pack = decodeCode(codeOfUnit({ id: '09506000134352/ABC', type }), today);
      expect(pack.ok && [pack.gtin, pack.serial]).toEqual(['09506000134352', 'ABC']);
    }
  });
});

describe('unitNameOf (issue 27: a pack is written GTIN/serial, never as scanned)', () => {
  it('names a scanned carton by its SSCC and a scanned pack as the contents list and every message do', () => {
    expect(unitNameOf(']C100506141410000000017', '2026-11-24')).toBe('506141410000000017');
    expect(unitNameOf(']d20109506000134352172812311012345\x1d21ABC', '2026-11-24')).toBe('09506000134352/ABC');
    expect(unitNameOf('(01)09506000134352(21)ABC', '2026-11-24')).toBe('09506000134352/ABC');
  });

  it('gives a code it cannot read as typed, its group separators as spaces, never (01) or <GS>', () => {
    expect(unitNameOf(' 123 ', '2026-11-24')).toBe('123');
    for (const raw of ['0109506000134352\x1d99X', '0109506000134352<GS>99X']) {
      const name = unitNameOf(raw, '2026-11-24');
      expect(name).not.toMatch(/\x1d|<GS>|\(01\)/);
    }
  });
});

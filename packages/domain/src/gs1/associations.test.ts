/**
 * Mandatory associations and invalid pairs: GS1 General Specifications 4.14.1 (invalid pairs of
 * element strings) and 4.14.2 (mandatory associations), as the `req` / `ex` attributes of the GS1
 * Barcode Syntax Dictionary state them.
 */
import { describe, expect, it } from 'vitest';
import { aiSpec, knownAis } from './ai-index.ts';
import { checkAssociations } from './associations.ts';
import { withCheckDigit } from './check-digit.ts';
import { decodeCode } from './decode.ts';

const GS = '\x1d';
const today = '2026-11-22';
const GTIN = '09506000134352';
const SSCC = '106141412345678908';
const ITIP = '0950600013435203' + '04'; // 8006 / 8026: GTIN 09506000134352 piece 03 of 04
const at = (ai: string) => ({ id: ai, value: '' });

describe('mandatory associations (GenSpecs 4.14.2, dictionary req=)', () => {
  it('refuses a serial (21) without 01, 03 or 8006', () => {
    expect(decodeCode('21ABC', { today })).toMatchObject({ ok: false, code: 'GS1_REQUIRED_AI_MISSING', params: { ai: '21' } });
    expect(decodeCode(`01${GTIN}21ABC`, { today }).ok).toBe(true);
    expect(decodeCode(`03${GTIN}21ABC`, { today }).ok).toBe(true);
    expect(decodeCode(`8006${ITIP}${GS}21ABC`, { today }).ok).toBe(true);
  });

  it('refuses a batch (10) or an expiry (17) without a trade item key', () => {
    expect(decodeCode('10ABC', { today })).toMatchObject({ code: 'GS1_REQUIRED_AI_MISSING', params: { ai: '10' } });
    expect(decodeCode('17271231', { today })).toMatchObject({ code: 'GS1_REQUIRED_AI_MISSING', params: { ai: '17' } });
    expect(decodeCode('(10)ABC', { today })).toMatchObject({
      message: '(10) needs one of these AIs in the same code: (01) (02) (03) (8006) (8026).',
    });
  });

  it('refuses a count (37) without the SSCC (00) and without 02 or 8026 (dictionary line 199: req=00+02,00+8026)', () => {
    expect(decodeCode(`02${GTIN}375`, { today })).toMatchObject({
      code: 'GS1_REQUIRED_AI_MISSING',
      params: { ai: '37', required: '(00)+(02) (00)+(8026)' },
    });
    expect(decodeCode(`00${SSCC}375`, { today })).toMatchObject({ params: { ai: '37', required: '(00)+(02) (00)+(8026)' } });
    expect(decodeCode(`00${SSCC}02${GTIN}375`, { today }).ok).toBe(true);
    expect(decodeCode(`00${SSCC}8026${ITIP}${GS}375`, { today }).ok).toBe(true);
  });

  it('reads each alternative of a req= as a whole: 250 needs 01, 03 or 8006 with 21 (dictionary line 140)', () => {
    expect(decodeCode(`01${GTIN}250X`, { today })).toMatchObject({ params: { ai: '250', required: '(01)+(21) (03)+(21) (8006)+(21)' } });
    expect(decodeCode(`01${GTIN}21S${GS}250X`, { today }).ok).toBe(true);
  });

  it('reads a + group as all of its AIs: 8030 (DigSig) needs 01 with 21', () => {
    expect(decodeCode(`01${GTIN}8030AB-_`, { today })).toMatchObject({
      params: { ai: '8030', required: expect.stringContaining('(01)+(21)') },
    });
    expect(decodeCode(`01${GTIN}21S${GS}8030AB-_`, { today }).ok).toBe(true);
  });

  it('holds for every AI with a req= rule: alone, it is refused', () => {
    for (const ai of knownAis()) {
      if ((aiSpec(ai)?.req.length ?? 0) === 0) continue;
      expect(checkAssociations([at(ai)]), ai).toMatchObject({ code: 'GS1_REQUIRED_AI_MISSING', params: { ai } });
    }
  });

  it('checks a Digital Link URI over the path and the query together', () => {
    expect(decodeCode(`https://id.gs1.org/00/${SSCC}?37=5`, { today })).toMatchObject({ code: 'GS1_REQUIRED_AI_MISSING' });
    expect(decodeCode(`https://id.gs1.org/00/${SSCC}?02=${GTIN}&37=5`, { today }).ok).toBe(true);
  });
});

describe('invalid pairs (GenSpecs 4.14.1, dictionary ex=)', () => {
  it('refuses 01 with 02, 01 with 255 and 01 with 37', () => {
    expect(decodeCode(`01${GTIN}02${GTIN}`, { today })).toMatchObject({ code: 'GS1_INVALID_AI_PAIR', params: { ai: '02', other: '01' } });
    expect(decodeCode(`01${GTIN}255${withCheckDigit('095060001343')}`, { today })).toMatchObject({ code: 'GS1_INVALID_AI_PAIR' });
    expect(decodeCode(`00${SSCC}01${GTIN}375`, { today })).toMatchObject({ code: 'GS1_INVALID_AI_PAIR' });
  });

  it('refuses two units of one measure (ex=310n) but not the AI with itself', () => {
    expect(decodeCode(`01${GTIN}31030015003102001500`, { today })).toMatchObject({ params: { ai: '3103', other: '3102' } });
    expect(decodeCode(`01${GTIN}3103001500${GS}3103001500`, { today }).ok).toBe(true);
  });

  it('refuses a serial (21) with a TPX (235), and 8006 with 01', () => {
    expect(decodeCode(`01${GTIN}21S${GS}235T`, { today })).toMatchObject({ code: 'GS1_INVALID_AI_PAIR' });
    expect(decodeCode(`01${GTIN}8006${ITIP}`, { today })).toMatchObject({ params: { ai: '8006', other: '01' } });
  });

  it('holds for every ex= rule of the table', () => {
    for (const ai of knownAis()) {
      for (const pattern of aiSpec(ai)?.ex ?? []) {
        const other = knownAis().find(
          (o) => o !== ai && o.length === pattern.length && [...pattern].every((c, i) => c === 'n' || c === o[i]),
        );
        if (other === undefined) continue;
        expect(checkAssociations([at(ai), at(other)]), `${ai} with ${other}`).toMatchObject({ code: 'GS1_INVALID_AI_PAIR' });
      }
    }
  });
});

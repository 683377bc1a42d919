/**
 * What the GS1 Barcode Syntax Dictionary release of 2026-01-27 and the change after it (WR 25-306)
 * bring, decoded end to end (decision 0078). "line N" is the line of
 * syntax-dictionary/gs1-syntax-dictionary.txt that states the rule; "CHANGES" its change log.
 */
import { describe, expect, it } from 'vitest';
import { aiSpec } from './ai-index.ts';
import { withCheckDigit } from './check-digit.ts';
import { decodeCode } from './decode.ts';
import { lint } from './linters.ts';

const GS = '\x1d';
const today = '2026-11-22';
const GTIN = '09506000134352';
const SSCC = '106141412345678908';
const ITIP = GTIN + '0304'; // piece 03 of 04
const IMEI = '490154203237518';
const PACK = `01${GTIN}21S1${GS}`;
const decode = (raw: string) => decodeCode(raw, { today });
const refusal = (raw: string) => {
  const r = decode(raw);
  return r.ok ? 'ok' : { code: r.code, ...r.params };
};

describe('the AIs of 2026 (CHANGES 2026-01-27: GSCN 25-047, 25-199, 25-388)', () => {
  it('(8040) IMEI, N15, needs (01) with (21) (line 335)', () => {
    expect(decode(`${PACK}8040${IMEI}`)).toMatchObject({ ok: true, ai: { '8040': IMEI } });
    expect(refusal(`01${GTIN}8040${IMEI}`)).toEqual({ code: 'GS1_REQUIRED_AI_MISSING', ai: '8040', required: '(01)+(21)' });
    expect(refusal(`${PACK}8040${IMEI.slice(1)}`)).toMatchObject({ code: 'GS1_VALUE_TOO_SHORT', ai: '8040' });
  });

  it('(8041) IMEI2, N15, needs (01), (21) and (8040) (line 336)', () => {
    expect(decode(`${PACK}8040${IMEI}${GS}8041${IMEI}`)).toMatchObject({ ok: true, ai: { '8041': IMEI } });
    expect(refusal(`${PACK}8041${IMEI}`)).toEqual({ code: 'GS1_REQUIRED_AI_MISSING', ai: '8041', required: '(01)+(21)+(8040)' });
  });

  it('(8042) ESIM, N32, needs (01), (21) and (8040) (line 337)', () => {
    const eid = '89049032000001000000012345678901';
    expect(decode(`${PACK}8040${IMEI}${GS}8042${eid}`)).toMatchObject({ ok: true, ai: { '8042': eid } });
    expect(refusal(`${PACK}8042${eid}`)).toMatchObject({ code: 'GS1_REQUIRED_AI_MISSING', ai: '8042' });
    expect(refusal(`${PACK}8040${IMEI}${GS}8042${eid.slice(1)}`)).toMatchObject({ code: 'GS1_VALUE_TOO_SHORT', ai: '8042' });
  });

  it('(8043) PSIM, N18 and an optional N..2, needs (01), (21) and (8040) (line 338)', () => {
    const iccid = '894900000000123456';
    expect(decode(`${PACK}8040${IMEI}${GS}8043${iccid}`)).toMatchObject({ ok: true, ai: { '8043': iccid } });
    expect(decode(`${PACK}8040${IMEI}${GS}8043${iccid}78`)).toMatchObject({ ok: true, ai: { '8043': `${iccid}78` } });
    expect(refusal(`${PACK}8040${IMEI}${GS}8043${iccid}789`)).toMatchObject({ code: 'GS1_VALUE_TOO_LONG', ai: '8043' });
    expect(refusal(`${PACK}8043${iccid}`)).toMatchObject({ code: 'GS1_REQUIRED_AI_MISSING', ai: '8043' });
  });

  it('8040-8043 need a separator and are no Digital Link data attributes (no flags, lines 335-338)', () => {
    for (const ai of ['8040', '8041', '8042', '8043']) expect(aiSpec(ai), ai).toMatchObject({ predefined: false, dlAttribute: false });
    expect(decode(`https://id.gs1.org/01/${GTIN}/21/S1?8040=${IMEI}`)).toMatchObject({ code: 'GS1_DL_NOT_ATTRIBUTE' });
  });

  it('(717) NHRN SRN, X..20, needs (01) and may be a Digital Link data attribute (line 291)', () => {
    expect(decode(`01${GTIN}717SRN-0042`)).toMatchObject({ ok: true, ai: { '717': 'SRN-0042' } });
    expect(refusal('717SRN-0042')).toEqual({ code: 'GS1_REQUIRED_AI_MISSING', ai: '717', required: '(01)' });
    expect(decode(`https://id.gs1.org/01/${GTIN}?717=SRN-0042`)).toMatchObject({ ok: true, ai: { '717': 'SRN-0042' } });
  });
});

describe('the changed associations (CHANGES 2026-01-27: GSCN 24-020; XXXX-XX-XX: WR 25-306)', () => {
  const MTO = `03${GTIN}`;

  it('(03) may not appear with (235) (line 124), nor with (8006), (8026) or (7240) (lines 320, 333, 302)', () => {
    expect(refusal(`${MTO}235TPX1`)).toMatchObject({ code: 'GS1_INVALID_AI_PAIR', ai: '03', other: '235' });
    expect(refusal(`${MTO}8006${ITIP}`)).toMatchObject({ code: 'GS1_INVALID_AI_PAIR' });
    expect(refusal(`00${SSCC}${MTO}8026${ITIP}${GS}375`)).toMatchObject({ code: 'GS1_INVALID_AI_PAIR' });
    expect(refusal(`${MTO}7240PROTO`)).toMatchObject({ code: 'GS1_INVALID_AI_PAIR', ai: '7240', other: '03' });
  });

  it('(03) now stands as the key of 20, 240, 241, 243, 250, 251, 422-427, 7003, 7004, 7010, 7011, 7020-7022, 8008, 8009, 8012 (lines 132-270, 322-326)', () => {
    for (const tail of [
      '2001',
      '240ADD',
      '241CPN',
      '243PCN',
      `21S${GS}250SEC`,
      '251REF',
      '422276',
      '423276',
      '424276',
      '425276',
      '426276',
      `422276${GS}427BY`,
      '70032712311200',
      `10L1${GS}7004150`,
      '7010AQ',
      '7011271231',
      `4169506000134352${'7020'}LOT`,
      '7021OK',
      `7021OK${GS}7022REV`,
      '80082712311200',
      '8009SENS',
      '8012V1',
    ]) {
      expect(refusal(`${MTO}${tail}`), tail).toBe('ok');
    }
  });

  it('(242) MTO VARIANT needs 01, 02, 8006 or 8026, not 03 (line 138)', () => {
    expect(refusal(`${MTO}242123`)).toEqual({ code: 'GS1_REQUIRED_AI_MISSING', ai: '242', required: '(01) (02) (8006) (8026)' });
    expect(refusal(`01${GTIN}242123`)).toBe('ok');
  });

  it('(7022) REV STAT needs a key with (7021) (line 270), not (7021) alone', () => {
    expect(refusal(`01${GTIN}7022REV`)).toMatchObject({ code: 'GS1_REQUIRED_AI_MISSING', ai: '7022' });
    expect(refusal(`01${GTIN}7021OK${GS}7022REV`)).toBe('ok');
  });

  it('(8030) DigSig: (03) with (21) is one of its keys (line 334)', () => {
    expect(refusal(`${MTO}21S1${GS}8030AB-_`)).toBe('ok');
    expect(refusal(`${MTO}8030AB-_`)).toMatchObject({ code: 'GS1_REQUIRED_AI_MISSING', ai: '8030' });
  });
});

describe('(8030) DigSig needs the serial component of a key that makes it optional (CHANGES 2023-12-11; GS1 Syntax Engine)', () => {
  const GDTI = withCheckDigit('950600013435');
  const GRAI = '0' + GDTI;

  it.each([
    ['253', `253${GDTI}`, `253${GDTI}DOC7`],
    ['255', `255${GDTI}`, `255${GDTI}42`],
    ['8003', `8003${GRAI}`, `8003${GRAI}ASSET9`],
  ])('(%s) with (8030) is refused without its serial, accepted with it', (ai, bare, serialised) => {
    expect(refusal(`${bare}${GS}8030AB-_`)).toEqual({ code: 'GS1_DIGSIG_NEEDS_SERIAL', ai });
    expect(decode(`${bare}${GS}8030AB-_`)).toMatchObject({
      message: `With a digital signature (8030), (${ai}) must carry its serial component.`,
    });
    expect(refusal(`${serialised}${GS}8030AB-_`)).toBe('ok');
    expect(refusal(bare)).toBe('ok'); // without a signature the serial stays optional
  });

  it('checks the values each time, not only which AIs are present (the association cache reads AIs)', () => {
    expect(refusal(`253${GDTI}DOC7${GS}8030AB-_`)).toBe('ok');
    expect(refusal(`253${GDTI}${GS}8030AB-_`)).toMatchObject({ code: 'GS1_DIGSIG_NEEDS_SERIAL' });
  });

  it('applies to exactly the keys with an optional serial component: 253, 255 and 8003', () => {
    const keys = ['00', '01', '253', '255', '401', '402', '414', '415', '417', '8003', '8004', '8006', '8010', '8013', '8017', '8018'];
    expect(keys.filter((ai) => aiSpec(ai)?.parts.some((p) => p.optional))).toEqual(['253', '255', '8003']);
  });

  it('also over a Digital Link URI', () => {
    expect(refusal(`https://id.gs1.org/253/${GDTI}?8030=AB-_`)).toMatchObject({ code: 'GS1_DIGSIG_NEEDS_SERIAL', ai: '253' });
    expect(refusal(`https://id.gs1.org/253/${GDTI}DOC7?8030=AB-_`)).toBe('ok');
  });
});

describe('the renamed linters (CHANGES 2026-01-27: key -> gcppos1, keyoff1 -> gcppos2)', () => {
  it('runs gcppos1 / gcppos2 where a key can hold a non-digit, not on all-digit keys (lines 121-124, 271, 317-333)', () => {
    const linters = (ai: string) => aiSpec(ai)?.parts.flatMap((p) => p.checks) ?? [];
    // All-digit components always start with digits: the check costs nothing there and is not run.
    for (const ai of ['00', '01', '02', '03', '8006', '8026', '253', '414', '8017']) expect(linters(ai), ai).not.toContain('gcppos2');
    expect(linters('8004')).toContain('gcppos1');
    expect(linters('8013')).toEqual(['csumalpha', 'gcppos1']);
    expect(lint('gcppos1', 'A950', 0, 4)).toBe('GS1_BAD_COMPANY_PREFIX');
    expect(lint('gcppos2', '09506', 0, 5)).toBeNull();
    expect(lint('gcppos2', '0A506', 0, 5)).toBe('GS1_BAD_COMPANY_PREFIX');
  });
});

describe('ISO 4217 currency codes (CHANGES 2026-01-27; the dictionary linter lint_iso4217.c)', () => {
  it('adds XAD (396) and VED (926), withdraws HRK (191), SLL (694), CUC (931) and ZWL (932)', () => {
    for (const v of ['396', '926', '924', '978']) expect(lint('iso4217', v, 0, 3), v).toBeNull();
    for (const v of ['179', '191', '694', '931', '932']) expect(lint('iso4217', v, 0, 3), v).toBe('GS1_BAD_CURRENCY');
    expect(decode(`8020REF1${GS}415${withCheckDigit('950600013435')}3911396100`)).toMatchObject({ ok: true });
  });
});

describe('Digital Link refusals (RFC 3986 2.1; GS1 Digital Link URI syntax 1.x, its query string)', () => {
  const KEY = `https://id.gs1.org/01/${GTIN}`;

  it.each([
    [`${KEY}/10/A%%41`, 42],
    [`${KEY}/10/A%`, 42],
    [`${KEY}/10/A%4`, 42],
    [`${KEY}/10/A%G1`, 42],
    [`${KEY}?17=271231&linkType=%%`, 57],
    [`https://example.org/shop%zz/01/${GTIN}`, 25],
    [`${KEY}#top%2`, 41],
  ])('%s: a broken percent-escape anywhere in the URI is refused', (raw, position) => {
    expect(refusal(raw)).toEqual({ code: 'GS1_DL_BAD_ENCODING', position });
  });

  it('accepts well-formed escapes, upper or lower case', () => {
    expect(decode(`${KEY}/10/A%2fB%2D1`)).toMatchObject({ ok: true, batch: 'A/B-1' });
  });

  it("refuses a '+' in a query value (a space there, in no GS1 character set) and accepts %2B", () => {
    expect(refusal(`${KEY}?99=AB+C`)).toEqual({ code: 'GS1_BAD_CHARACTER', ai: '99', char: '"+"', position: 43 });
    expect(refusal(`${KEY}?717=SRN+1`)).toMatchObject({ code: 'GS1_BAD_CHARACTER', ai: '717', char: '"+"' });
    expect(refusal(`${KEY}?17=27+231`)).toMatchObject({ code: 'GS1_BAD_CHARACTER', ai: '17' });
    expect(decode(`${KEY}?99=AB%2BC`)).toMatchObject({ ok: true, ai: { '99': 'AB+C' } });
    expect(decode(`${KEY}/10/AB+C`)).toMatchObject({ ok: true, batch: 'AB+C' }); // a plus sign in the path
  });
});

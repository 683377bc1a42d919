/**
 * Content checks beyond the format: the linters the GS1 Barcode Syntax Dictionary names for each
 * component, and the GS1 General Specifications rules behind them (section cited per test).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from './check-digit.ts';
import { decodeCode } from './decode.ts';
import { hasValidCheckPair, lint } from './linters.ts';

const GS = '\x1d';
const today = '2026-11-22';
const GTIN = '09506000134352';
const SSCC = '106141412345678908';
const code = (raw: string) => {
  const r = decodeCode(raw, { today });
  return r.ok ? 'ok' : r.code;
};

describe('check digits inside composite keys (GenSpecs 7.9.1; dictionary csum)', () => {
  const bad = (digits: string) => digits.slice(0, -1) + String((Number(digits.slice(-1)) + 1) % 10);
  const grai = withCheckDigit('950600013435');
  const gsrn = withCheckDigit('95060001343500000');
  it.each([
    ['8003', `80030${grai}A1`, `80030${bad(grai)}A1`],
    ['8006', `8006${GTIN}0102`, `8006${bad(GTIN)}0102`],
    ['8017', `8017${gsrn}`, `8017${bad(gsrn)}`],
    ['8018', `8018${gsrn}`, `8018${bad(gsrn)}`],
    ['8026', `00${SSCC}8026${GTIN}0102${GS}371`, `00${SSCC}8026${bad(GTIN)}0102${GS}371`],
  ])('(%s) accepts the right check digit and refuses a wrong one', (_ai, good, wrong) => {
    expect(code(good)).toBe('ok');
    expect(code(wrong)).toBe('GS1_BAD_CHECK_DIGIT');
  });
});

describe('check character pair of alphanumeric keys (GenSpecs 7.9.5; dictionary csumalpha)', () => {
  it('accepts the General Specifications example and refuses a changed pair', () => {
    expect(hasValidCheckPair('1987654Ad4X4bL5ttr2310c2K', 0, 25)).toBe(true);
    expect(hasValidCheckPair('1987654Ad4X4bL5ttr2310cXK', 0, 25)).toBe(false);
    expect(hasValidCheckPair('1987654Ad4X4bL5ttr2310c2X', 0, 25)).toBe(false);
  });

  it('checks the GMN (8013) and the MUDI (8014), which also needs a non-digit', () => {
    expect(code('80131987654Ad4X4bL5ttr2310c2K')).toBe('ok');
    expect(code('80131987654Ad4X4bL5ttr2310c2X')).toBe('GS1_BAD_CHECK_PAIR');
    expect(code(`01${GTIN}80141987654Ad4X4bL5ttr2310c2K`)).toBe('ok');
    expect(lint('hasnondigit', '123422', 0, 6)).toBe('GS1_BAD_VALUE');
  });
});

describe('GS1 Company Prefix at the start of alphanumeric keys (GenSpecs 1.4.2, 3.9; dictionary gcppos1)', () => {
  it.each([
    ['8004', '80041234ABC', '8004ABC123'],
    ['401', '4019506ORDER7', '401ORDER7'],
    ['8010', `80109506#A/1`, '8010A9506'],
  ])('(%s) needs at least 4 digits first', (_ai, good, wrong) => {
    expect(code(good)).toBe('ok');
    expect(code(wrong)).toBe('GS1_BAD_COMPANY_PREFIX');
  });
});

describe('piece of total (GenSpecs 3.9, AIs 8006 / 8026; dictionary pieceoftotal)', () => {
  it.each([
    ['0102', 'ok'],
    ['0202', 'ok'],
    ['0302', 'GS1_BAD_PIECE_OF_TOTAL'],
    ['0002', 'GS1_BAD_PIECE_OF_TOTAL'],
    ['0100', 'GS1_BAD_PIECE_OF_TOTAL'],
  ])('8006 piece/total %s -> %s', (pieces, expected) => {
    expect(code(`8006${GTIN}${pieces}`)).toBe(expected);
    expect(code(`00${SSCC}8026${GTIN}${pieces}${GS}371`)).toBe(expected);
  });
});

describe('other component rules of the dictionary', () => {
  it.each([
    ['8003 first digit zero (zero)', `80031${withCheckDigit('950600013435')}`],
    ['8001 slit width not zero (nonzero)', `01${GTIN}800100001000010001`],
    ['8001 winding 0, 1 or 9 (winding)', `01${GTIN}800110001000010051`],
    ['4321 dangerous goods 0 or 1 (yesno)', `00${SSCC}43212`],
    ['4330 sign is a hyphen (hyphen)', `00${SSCC}4330001000+`],
    ['8011 no leading zero (nozeroprefix)', `80109506A${GS}80110123`],
    ['7252 biological sex per ISO/IEC 5218 (iso5218)', `8018${withCheckDigit('95060001343500000')}${GS}72525`],
    ['4309 latitude at most 180 degrees (latitude)', `00${SSCC}430918000000010000000000`],
    ['4300 percent-encoding (pcenc)', `00${SSCC}4300ACME%2`],
    ['7241 AIDC media type 01-10 or 80-99 (mediatype)', `8018${withCheckDigit('95060001343500000')}${GS}724111`],
    ['7040 importer index one of - 0-9 A-Z _ a-z (importeridx)', `7040123.`],
    ['7258 birth sequence pos/end, pos not above end (posinseqslash)', `8018${withCheckDigit('95060001343500000')}${GS}72583/2${GS}7259B`],
  ])('%s', (_rule, raw) => {
    expect(code(raw)).toBe('GS1_BAD_VALUE');
  });

  it('accepts the same AIs with allowed values', () => {
    expect(code(`01${GTIN}800110001000010001`)).toBe('ok');
    expect(code(`00${SSCC}43211${GS}4330001000-${GS}4300ACME%20Ltd`)).toBe('ok');
    expect(code(`80109506A${GS}80111230`)).toBe('ok');
    expect(code(`8018${withCheckDigit('95060001343500000')}${GS}724180${GS}72581/2${GS}7259B`)).toBe('ok');
    expect(code(`7040123_`)).toBe('ok');
  });
});

describe('AI 8030 digital signature: character set 64 and its padding (GenSpecs 3.9, 7.11; dictionary cset64)', () => {
  const KEY = `01${GTIN}21S1${GS}8030`;
  it.each([
    ['AbC-_9', 'ok'],
    ['AB=', 'ok'],
    ['A==', 'ok'],
    ['ABCD=', 'GS1_BAD_VALUE'],
    ['A=B', 'GS1_BAD_VALUE'],
    ['===', 'GS1_BAD_VALUE'],
    ['AB+C', 'GS1_BAD_CHARACTER'],
  ])('%s -> %s', (value, expected) => {
    expect(code(KEY + value)).toBe(expected);
  });
});

describe('ISO code lists (GenSpecs section 3: AIs 391n, 393n, 421-426, 4307, 4317, 7030-7039; dictionary iso3166, iso3166999, iso3166alpha2, iso4217)', () => {
  // The dictionary's lists: 249 ISO 3166-1 num-3 codes, 249 alpha-2 codes, 179 ISO 4217 numeric codes.
  const counts = [249, 249, 179];
  const numeric = (check: string) =>
    Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0')).filter((v) => lint(check, v, 0, 3) === null);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const alpha2 = [...letters].flatMap((a) => [...letters].map((b) => a + b)).filter((v) => lint('iso3166alpha2', v, 0, 2) === null);

  it('holds the whole lists: as many codes as ISO 3166-1 and ISO 4217 define, with well-known ones in and gaps out', () => {
    expect([numeric('iso3166').length, alpha2.length, numeric('iso4217').length]).toEqual(counts);
    expect(numeric('iso3166')).toEqual(expect.arrayContaining(['004', '276', '528', '702', '826', '840', '894']));
    expect(numeric('iso3166')).not.toEqual(expect.arrayContaining(['000']));
    for (const v of ['000', '001', '999', '895']) expect(lint('iso3166', v, 0, 3)).toBe('GS1_BAD_COUNTRY');
    expect(alpha2).toEqual(expect.arrayContaining(['AD', 'DE', 'GB', 'NL', 'SG', 'US', 'ZW']));
    for (const v of ['AA', 'EU', 'UK', 'XK', 'de']) expect(lint('iso3166alpha2', v, 0, 2)).toBe('GS1_BAD_COUNTRY');
    expect(numeric('iso4217')).toEqual(expect.arrayContaining(['036', '702', '756', '826', '840', '924', '926', '978', '999']));
    // Withdrawn: HRK 191, SLL 694, ZWL 932, CUC 931; 179 is no code (the dictionary of 2026-01-27, decision 0078).
    for (const v of ['191', '694', '931', '932', '179', '000', '001']) expect(lint('iso4217', v, 0, 3)).toBe('GS1_BAD_CURRENCY');
    expect(lint('iso3166999', '999', 0, 3)).toBeNull();
    expect(lint('iso3166999', '998', 0, 3)).toBe('GS1_BAD_COUNTRY');
  });

  it.each([
    ['422 origin', `01${GTIN}422276`, `01${GTIN}422999`, 'GS1_BAD_COUNTRY'],
    ['423 up to five countries, each checked', `01${GTIN}423276528040`, `01${GTIN}423276528041`, 'GS1_BAD_COUNTRY'],
    ['426 full process', `01${GTIN}426702`, `01${GTIN}426000`, 'GS1_BAD_COUNTRY'],
    ['421 ship-to postal code with country', `00${SSCC}4212761234`, `00${SSCC}4219991234`, 'GS1_BAD_COUNTRY'],
    ['4307 ship-to country (alpha-2)', `00${SSCC}4307SG`, `00${SSCC}4307EU`, 'GS1_BAD_COUNTRY'],
    ['7030 processor with country (999: several)', `01${GTIN}7030999ABC`, `01${GTIN}7030998ABC`, 'GS1_BAD_COUNTRY'],
    [
      '3911 amount with currency',
      `415${withCheckDigit('950600013435')}3911978100${GS}8020REF1`,
      `415${withCheckDigit('950600013435')}3911191100${GS}8020REF1`,
      'GS1_BAD_CURRENCY',
    ],
  ])('%s: a listed code is accepted, another refused', (_what, good, wrong, failure) => {
    expect(code(good)).toBe('ok');
    expect(code(wrong)).toBe(failure);
  });
});

describe('IBAN (AI 8007, ISO 13616; dictionary iban)', () => {
  const payTo = `415${withCheckDigit('950600013435')}`;
  it.each(['GB82WEST12345698765432', 'DE89370400440532013000', 'NL91ABNA0417164300'])('accepts %s', (iban) => {
    expect(lint('iban', iban, 0, iban.length)).toBeNull();
    expect(code(`${payTo}8007${iban}${GS}8020REF1`)).toBe('ok');
  });
  it.each([
    ['a changed digit', 'GB82WEST12345698765433'],
    ['swapped check digits', 'GB28WEST12345698765432'],
    ['an unknown country', 'XX82WEST12345698765432'],
    ['lower case', 'gb82west12345698765432'],
    ['too short', 'GB82'],
  ])('refuses %s', (_why, iban) => {
    expect(lint('iban', iban, 0, iban.length)).toBe('GS1_BAD_IBAN');
  });
});

describe('IBAN property (ISO 13616 / ISO 7064 MOD 97-10 detects every single-digit substitution)', () => {
  /** An IBAN of the country with the BBAN given: check digits 98 - (BBAN + country + 00 mod 97). */
  const iban = (country: string, bban: string): string => {
    const digits = (bban + country + '00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    let rest = 0;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
    return `${country}${String(98 - rest).padStart(2, '0')}${bban}`;
  };
  const digits = '0123456789';
  it('a valid IBAN is accepted, and changing any one of its digits is refused', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('DE', 'FR', 'GB', 'NL', 'SG', 'CH'),
        fc.array(fc.constantFrom(...digits), { minLength: 8, maxLength: 30 }),
        fc.nat(),
        fc.constantFrom(...digits),
        (country, bban, at, replacement) => {
          const good = iban(country, bban.join(''));
          expect(lint('iban', good, 0, good.length)).toBeNull();
          // A digit: the check digits or the BBAN (a letter stands for two digits, so its change may not show).
          const i = 2 + (at % (good.length - 2));
          if (good.charAt(i) === replacement) return;
          const changed = good.slice(0, i) + replacement + good.slice(i + 1);
          expect(lint('iban', changed, 0, changed.length)).toBe('GS1_BAD_IBAN');
        },
      ),
    );
  });
});

describe('package type of a freight unit (AI 7041, GenSpecs section 3; dictionary packagetype: UN/ECE Recommendation 21 codes as GS1 lists them in PackageTypeCode)', () => {
  const label = (type: string) => `00${SSCC}7041${type}`;

  it.each(['PX', 'CT', 'BX', '1A', '8', '9', '200', '212', 'APE', 'X11', 'X20', 'ZZ'])('accepts the listed code %s', (type) => {
    expect(code(label(type))).toBe('ok');
  });

  it.each(['XX', 'px', '1', '0', '207', 'X13', 'AP-', 'PXE', 'ZZZZ'])('refuses %s, which is not in the list', (type) => {
    const result = decodeCode(label(type), { today });
    expect(result.ok ? 'ok' : result.code).toBe('GS1_BAD_PACKAGE_TYPE');
    expect(result.ok ? '' : result.message).toBe(
      `The value of (7041) is not a package type code (UN/ECE Recommendation 21, as GS1 lists it): ${type}.`,
    );
  });

  it('holds the whole list: 431 codes of one to three characters (2 of one, 381 of two, 48 of three)', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const counts = [0, 0, 0];
    const visit = (prefix: string) => {
      for (const c of alphabet) {
        const candidate = prefix + c;
        if (lint('packagetype', candidate, 0, candidate.length) === null) counts[candidate.length - 1]!++;
        if (candidate.length < 3) visit(candidate);
      }
    };
    visit('');
    expect(counts).toEqual([2, 381, 48]);
  });
});

/**
 * North American coupon codes: AI 8110 (North American Coupon Application Guideline using GS1
 * DataBar Expanded Symbols; dictionary couponcode) and AI 8112 (GS1 AI (8112) Coupon Data
 * Specification, positive offer file; dictionary couponposoffer). All digits; a variable length
 * indicator (VLI) gives the length of the field after it.
 */
describe('coupon codes (AIs 8110 and 8112, GenSpecs section 3; dictionary couponcode, couponposoffer)', () => {
  // 8110: GS1 Company Prefix with VLI 0 (6 digits), offer code, save value (VLI 1: one digit), first
  // purchase requirement (VLI 1: one digit), its code 0 and family code 123.
  const base = ['0', '614141', '123456', '1', '5', '1', '1', '0', '123'].join('');
  const coupon = (value: string) => code(`8110${value}`);

  it('accepts the mandatory fields alone and with each optional field, in order', () => {
    expect(coupon(base)).toBe('ok');
    expect(coupon(base + '1' + '2' + '1' + '3' + '1' + '456' + '0' + '614141')).toBe('ok'); // 1: rules 2, second purchase
    expect(coupon(base + '1' + '0' + '1' + '3' + '9' + '456' + '9')).toBe('ok'); // second purchase with no GS1 Company Prefix (VLI 9)
    expect(coupon(base + '2' + '2' + '10' + '4' + '789' + '1' + '6141411')).toBe('ok'); // 2: third purchase
    expect(coupon(base + '3' + '271231' + '4' + '270101')).toBe('ok'); // 3 expiration, 4 start
    expect(coupon(base + '5' + '3' + '123456789')).toBe('ok'); // 5: serial number, VLI 3 = 9 digits
    expect(coupon(base + '6' + '1' + '6141411')).toBe('ok'); // 6: retailer GS1 Company Prefix, VLI 1 = 7 digits
    expect(coupon(base + '9' + '1' + '2' + '7' + '1')).toBe('ok'); // 9: save value code, applies to item, store flag, do not multiply
    expect(coupon(base + '3' + '271231' + '5' + '0' + '123456' + '9' + '0' + '0' + '0' + '0')).toBe('ok');
  });

  it.each([
    ['a GS1 Company Prefix VLI above 6', '7' + base.slice(1)],
    ['a truncated GS1 Company Prefix', '3614141'],
    ['a missing offer code', '0614141'],
    ['a save value VLI of 0', '0614141123456' + '0' + '1' + '1' + '0' + '123'],
    ['a first purchase requirement code of 5', '0614141123456' + '15' + '11' + '5' + '123'],
    ['a truncated family code', base.slice(0, -1)],
    ['a rules code above 3', base + '1' + '4' + '1' + '3' + '1' + '456' + '0' + '614141'],
    ['a second purchase GS1 Company Prefix VLI of 7', base + '1' + '2' + '1' + '3' + '1' + '456' + '7' + '6141411234567'],
    ['an expiration date that is no real day', base + '3' + '270230'],
    ['a start date after the expiration date', base + '3' + '270101' + '4' + '270102'],
    ['an optional field out of order (3 after 4)', base + '4' + '270101' + '3' + '271231'],
    ['an optional field twice', base + '5' + '0' + '123456' + '5' + '0' + '123456'],
    ['a retailer VLI of 0', base + '6' + '0' + '614141'],
    ['a save value code of 3', base + '9' + '3' + '0' + '0' + '0'],
    ['a do-not-multiply flag of 2', base + '9' + '0' + '0' + '0' + '2'],
    ['an unknown field indicator', base + '7' + '1'],
    ['a letter', base.slice(0, -1) + 'A'],
  ])('8110 refuses %s', (_why, value) => {
    const result = decodeCode(`8110${value}`, { today });
    expect(result.ok ? 'ok' : result.code).toBe('GS1_BAD_COUPON');
    expect(result.ok ? '' : result.message).toBe(`The value of (8110) is not a valid North American coupon code: ${value}.`);
  });

  // 8112: format code 0, funder ID VLI 0 (6 digits), offer code, serial number VLI 0 (6 digits).
  const offer = ['0', '0', '614141', '123456', '0', '123456'].join('');

  it('8112 accepts format 0 or 1, a funder ID of 6 to 12 digits and a serial number of 6 to 15 digits', () => {
    expect(code(`8112${offer}`)).toBe('ok');
    expect(code(`8112${'1' + offer.slice(1)}`)).toBe('ok');
    expect(code(`8112${'06' + '614141123456' + '123456' + '9' + '123456789012345'}`)).toBe('ok');
  });

  it.each([
    ['a format code of 2', '2' + offer.slice(1)],
    ['a funder ID VLI of 7', '07' + offer.slice(2)],
    ['a truncated serial number', offer.slice(0, -1)],
    ['data after the serial number', offer + '7'],
    ['a letter', offer.slice(0, -1) + 'A'],
  ])('8112 refuses %s', (_why, value) => {
    expect(code(`8112${value}`)).toBe('GS1_BAD_COUPON');
  });

  it('property: nothing may follow a complete coupon: any one more digit is refused (8110 and 8112)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.boolean(), (digit, positiveOffer) => {
        const value = (positiveOffer ? offer : base + '3' + '271231') + String(digit);
        expect(lint(positiveOffer ? 'couponposoffer' : 'couponcode', value, 0, value.length)).toBe('GS1_BAD_COUPON');
      }),
    );
  });
});

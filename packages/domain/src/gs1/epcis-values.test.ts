import { describe, expect, it } from 'vitest';
import { message } from '../messages.ts';
import { sgtinUri } from './epc.ts';
import { epcisValueFailure, ilmdExpiry, ilmdLot } from './epcis-values.ts';

const TODAY = '2026-11-22';
const GTIN = '10614141073464';
const objectEvent = (fields: Record<string, unknown>) => ({ type: 'ObjectEvent', action: 'ADD', ...fields });
const lot = (value: unknown) => objectEvent({ ilmd: { 'cbvmda:lotNumber': value } });
const check = (event: unknown, offsets?: Record<string, number>) => epcisValueFailure(event, TODAY, offsets);

/**
 * EPCIS values are GS1 values (decision 0056). The rules are the AI table's (GS1 Barcode Syntax
 * Dictionary: `10 X..20`, `21 X..20`, `17 N6,yymmd0`); X is GS1 character set 82 (GenSpecs 7.11,
 * Figure 7.11-1): A-Z a-z 0-9 and ! " % & ' ( ) * + , - . / : ; < = > ? _ only.
 */
describe('EPCIS event values checked as GS1 values', () => {
  it('takes a lot of 1 to 20 characters of set 82 (AI 10, X..20)', () => {
    expect(check(lot('A'.repeat(20)))).toBeNull();
    expect(check(lot(`!"%&'()*+,-./:;<=>?_Az09`.slice(0, 20)))).toBeNull();
  });

  it('refuses a lot of 21 characters, or of 100,000 with printer commands, naming the field and not echoing the value', () => {
    expect(check(lot('A'.repeat(21)))).toEqual({
      code: 'EPCIS_VALUE_TOO_LONG',
      field: 'ilmd.cbvmda:lotNumber',
      params: { ai: '10', max: 20, length: 21 },
    });
    const attack = ('^XZ^XA' + 'A'.repeat(100_000)).slice(0, 100_000);
    const failure = check(lot(attack))!;
    expect(failure).toMatchObject({ code: 'EPCIS_VALUE_TOO_LONG', params: { length: 100_000 } });
    expect(message(failure.code, { event: '#1', field: failure.field, ...failure.params })).toBe(
      'Event #1 was refused: ilmd.cbvmda:lotNumber is too long for GS1 AI (10): at most 20 characters are allowed, found 100000.',
    );
  });

  it.each([
    ['^', '"^"'],
    [' ', '" "'],
    ['\r', 'U+000D'],
    ['é', 'U+00E9'],
    ['~', '"~"'],
    ['#', '"#"'],
  ])('refuses a lot holding %j, outside set 82', (bad, shown) => {
    expect(check(lot(`LOT${bad}1`))).toEqual({
      code: 'EPCIS_VALUE_BAD_CHARACTER',
      field: 'ilmd.cbvmda:lotNumber',
      params: { ai: '10', char: shown },
    });
  });

  it('refuses an empty lot, and a lot that is not a text; reads the lot by any prefix of the CBV name', () => {
    expect(check(lot(''))).toMatchObject({ code: 'EPCIS_VALUE_EMPTY' });
    expect(check(lot(12345))).toMatchObject({ code: 'EPCIS_VALUE_NOT_TEXT', field: 'ilmd.cbvmda:lotNumber' });
    const full = objectEvent({ ilmd: { 'urn:epcglobal:cbv:mda#lotNumber': 'A^B' } });
    expect(check(full)).toMatchObject({ code: 'EPCIS_VALUE_BAD_CHARACTER', field: 'ilmd.urn:epcglobal:cbv:mda#lotNumber' });
    expect(ilmdLot({ 'urn:epcglobal:cbv:mda#lotNumber': 'L1' })).toBe('L1');
  });

  it.each(['2026-02-30', '2026-13-01', '2026-00-10', '2026-2-28', '20260228', '2026-02-28T00:00:00Z', '', '2100-01-01'])(
    'refuses the expiry %j: not a real xsd:date AI 17 can carry',
    (value) => {
      expect(check(objectEvent({ ilmd: { 'cbvmda:itemExpirationDate': value } }))).toMatchObject({
        code: 'EPCIS_VALUE_BAD_DATE',
        field: 'ilmd.cbvmda:itemExpirationDate',
      });
    },
  );

  it('takes a real expiry, with or without a time zone, and reads it as YYYY-MM-DD', () => {
    for (const value of ['2028-02-29', '2026-02-28Z', '2027-12-31+08:00']) {
      expect(check(objectEvent({ ilmd: { 'cbvmda:itemExpirationDate': value } }))).toBeNull();
    }
    expect(ilmdExpiry({ 'cbvmda:itemExpirationDate': '2027-12-31+08:00' })).toBe('2027-12-31');
  });

  it('checks the percent-decoded serial of an SGTIN EPC URI as AI 21 (EPC Tag Data Standard 6.3.1), naming its place in the list', () => {
    const good = sgtinUri(GTIN, 'AB/12');
    expect(good).toContain('AB%2F12');
    expect(check(objectEvent({ epcList: [good] }))).toBeNull();
    const tilde = objectEvent({ epcList: [good, good, `urn:epc:id:sgtin:0614141.107346.AB~1`] });
    expect(check(tilde)).toEqual({ code: 'EPCIS_VALUE_BAD_CHARACTER', field: 'epcList[2]', params: { ai: '21', char: '"~"' } });
    expect(check(objectEvent({ epcList: ['urn:epc:id:sgtin:0614141.107346.AB%5E1'] }))).toMatchObject({
      params: { char: '"^"' },
    });
    expect(check(objectEvent({ epcList: [sgtinUri(GTIN, 'S'.repeat(21))] }))).toMatchObject({
      code: 'EPCIS_VALUE_TOO_LONG',
      params: { ai: '21', length: 21 },
    });
    expect(check(objectEvent({ epcList: ['urn:epc:id:sgtin:0614141.107346.A%E9'] }))).toMatchObject({
      code: 'EPCIS_VALUE_BAD_ENCODING',
    });
  });

  it('checks Digital Link URIs through the decoder, child EPCs and LGTIN lots alike', () => {
    const aggregation = {
      type: 'AggregationEvent',
      parentID: 'urn:epc:id:sscc:0614141.1234567890',
      childEPCs: [`https://id.gs1.org/01/${GTIN}/21/2017`, `https://id.gs1.org/01/${GTIN}/21/20~17`],
    };
    expect(check(aggregation)).toEqual({ code: 'EPCIS_VALUE_BAD_CHARACTER', field: 'childEPCs[1]', params: { ai: '21', char: '"~"' } });
    // '^' is no URI character (RFC 3986): the value cannot even be read.
    const raw = check(objectEvent({ epcList: [`https://id.gs1.org/01/${GTIN}/21/^XZ^XA`] }))!;
    expect(raw).toMatchObject({ code: 'EPCIS_VALUE_BAD_URI', field: 'epcList[0]' });
    expect(raw.params.problem).toContain('("^")');
    expect(check(objectEvent({ epcList: [`https://id.gs1.org/01/${GTIN}/21/${'S'.repeat(21)}`] }))).toMatchObject({
      code: 'EPCIS_VALUE_TOO_LONG',
      params: { ai: '21', max: 20, length: 21 },
    });
    const quantities = objectEvent({ quantityList: [{ epcClass: 'urn:epc:class:lgtin:0614141.107346.L%20T', quantity: 1 }] });
    expect(check(quantities)).toMatchObject({ field: 'quantityList[0].epcClass', params: { ai: '10', char: '" "' } });
  });

  it('names the place in the whole list when the event is a part of a large one', () => {
    const part = objectEvent({ epcList: [sgtinUri(GTIN, 'OK1'), 'urn:epc:id:sgtin:0614141.107346.A^'] });
    expect(check(part, { epcList: 1200 })).toMatchObject({ field: 'epcList[1201]' });
  });

  it('leaves what is no GS1 value to the intake, and never throws on garbage', () => {
    expect(check(objectEvent({ epcList: ['urn:epc:id:sgln:0614141.00777.0', 'https://example.com/thing/1'] }))).toBeNull();
    for (const garbage of [null, 1, 'x', [], { ilmd: [] }, { epcList: 'x' }, { quantityList: [null, 1] }]) {
      expect(() => check(garbage)).not.toThrow();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseLiteQuantity, validateLiteBatch, validateLiteNumber } from './lite.ts';
import { familyOf, liteFamilyOf } from './create-registry.ts';
import { dispatch, LITE_FAMILIES, receive, scrap } from './registry.ts';

describe('the lite families (spec point 2, Lite families table)', () => {
  it('carry the input label, card header and status header of the spec', () => {
    const table = LITE_FAMILIES.map((l) => [l.name, l.labels.input, l.labels.card, l.labels.status]);
    expect(table).toEqual([
      ['Dispatch+', 'Outbound number', 'Outbound No.', 'Outbound Status'],
      ['Redress+', 'Production order number', 'PO No.', 'Redress Status'],
      ['Receive+', 'Inbound number', 'Inbound No.', 'Inbound Status'],
      ['Return+', 'Return number', 'Return No.', null],
      ['Decomm+', 'Decomm number', 'Decomm No.', null],
      ['RTP+', 'RTP number', 'RTP No.', null],
      ['Transfer+', 'STO number', 'STO No.', null],
    ]);
  });

  it('move units as their full family does, under their own module and document type', () => {
    const plus = liteFamilyOf('dispatch+')!;
    expect(plus.family).toMatchObject({
      type: 'OBD+',
      module: 'DISPATCH+',
      scanned: dispatch.scanned,
      completed: dispatch.completed,
      rules: dispatch.rules,
    });
    expect(familyOf('OBD+')).toBe(plus.family);
    expect(liteFamilyOf('DECOMM+')!.family.completed).toEqual(scrap.completed);
    // Receive+ has no advance shipping notice: its lines are the whole expectation, no shortage state.
    expect(liteFamilyOf('RECEIVE+')!.family).toMatchObject({ scannable: receive.scannable, expected: 'lines' });
    expect(liteFamilyOf('RECEIVE+')!.family.unscanned).toBeUndefined();
    expect(liteFamilyOf('REDRESS+')!.scanUnits).toEqual(['CTN']);
    expect(liteFamilyOf('FOO')).toBeUndefined();
    expect(new Set(LITE_FAMILIES.flatMap((l) => [l.api.list, l.api.scan])).size).toBe(14);
  });

  it('treat a held or recalled batch as their full family does: its heldBatch, carried over, not restated (issue 30)', () => {
    const held = Object.fromEntries(LITE_FAMILIES.map((l) => [l.module, l.family.heldBatch]));
    expect(held).toEqual({
      'DISPATCH+': 'refuse',
      'REDRESS+': 'refuse',
      'RECEIVE+': 'quarantine',
      'RETURN+': 'accept',
      'DECOMM+': 'accept',
      'RTP+': 'accept',
      'TRANSFER+': 'refuse',
    });
    for (const l of LITE_FAMILIES) expect(l.family.heldBatch, l.name).toBe(familyOf(l.family.type.replace('+', ''))!.heldBatch);
  });
});

describe('lite field rules (spec point 5)', () => {
  it('a document number is 5 to 20 alphanumerics', () => {
    expect(validateLiteNumber(' LD2026001 ')).toEqual({ ok: true, value: 'LD2026001' });
    expect(validateLiteNumber('')).toMatchObject({ ok: false, message: 'Field cannot be empty' });
    expect(validateLiteNumber('LD-01')).toMatchObject({ ok: false, message: 'Please enter alphabets and numbers only.' });
    expect(validateLiteNumber('LD01')).toMatchObject({ ok: false, message: 'Please enter at least 5 alphanumeric characters to proceed.' });
    expect(validateLiteNumber('L'.repeat(21))).toMatchObject({
      ok: false,
      message: 'Please enter a maximum of 20 alpha numeric characters only.',
    });
    expect(validateLiteNumber(42)).toMatchObject({ ok: false, code: 'FIELD_EMPTY' });
  });

  it("a batch follows its material's batch type", () => {
    expect(validateLiteBatch('AB/1.2-3', 'GS1')).toMatchObject({ ok: true });
    expect(validateLiteBatch('AB#1', 'GS1')).toMatchObject({ ok: false, message: 'Special characters not allowed, excepts ./-' });
    expect(validateLiteBatch('AB#1', 'NON_GS1')).toMatchObject({ ok: true });
    expect(validateLiteBatch('A'.repeat(13), 'NON_GS1')).toMatchObject({ ok: false });
  });

  it('a quantity has the spec format and counts whole packs', () => {
    expect(parseLiteQuantity('10')).toEqual({ ok: true, value: 10 });
    expect(parseLiteQuantity('10EA')).toEqual({ ok: true, value: 10 });
    expect(parseLiteQuantity(7)).toEqual({ ok: true, value: 7 });
    expect(parseLiteQuantity('4.0')).toEqual({ ok: true, value: 4 });
    expect(parseLiteQuantity('2.5')).toMatchObject({ ok: false, code: 'LITE_WHOLE_PACKS' });
    expect(parseLiteQuantity('0')).toMatchObject({ ok: false, code: 'LITE_WHOLE_PACKS' });
    expect(parseLiteQuantity('ten')).toMatchObject({ ok: false, code: 'INVALID_QUANTITY' });
    expect(parseLiteQuantity(undefined)).toMatchObject({ ok: false, code: 'FIELD_EMPTY' });
  });
});

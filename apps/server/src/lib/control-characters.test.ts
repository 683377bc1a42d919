import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SCAN_SEPARATORS, ScanCode, TEXT_BREAKS } from '@pharma/domain/contract/common';
import { findControlCharacter } from './control-characters.ts';

const found = (schema: z.ZodType, data: unknown) => findControlCharacter(schema, data);

describe('findControlCharacter', () => {
  const Scan = z.object({
    docNo: z.string(),
    code: ScanCode,
    reason: z.string().meta(TEXT_BREAKS).optional(),
    lines: z.array(z.object({ batchNo: z.string(), code: ScanCode.optional() })),
    extra: z.record(z.string(), z.unknown()).optional(),
  });
  const ok = { docNo: 'LD2026001', code: '0109506000134352\x1d10B2026A', lines: [] };

  it('lets a scan code carry GS, RS and EOT, and a free text tabs and line breaks', () => {
    expect(found(Scan, ok)).toBeUndefined();
    expect(found(Scan, { ...ok, code: '[)>\x1e06\x1d1PABC\x1e\x04' })).toBeUndefined();
    expect(found(Scan, { ...ok, reason: 'broken seal\r\n\tsecond line' })).toBeUndefined();
    expect(found(Scan, { ...ok, lines: [{ batchNo: 'B1', code: '01\x1d21' }] })).toBeUndefined();
  });

  it('refuses NUL everywhere, naming the field', () => {
    expect(found(Scan, { ...ok, code: '01\x00' })).toEqual({ problem: 'control-character', path: ['code'] });
    expect(found(Scan, { ...ok, reason: 'a\x00' })?.path).toEqual(['reason']);
    expect(found(Scan, { ...ok, lines: [{ batchNo: 'B1' }, { batchNo: 'B\x00' }] })?.path).toEqual(['lines', 1, 'batchNo']);
    // Where the schema says nothing (z.unknown(), a key no object names) NUL is still refused.
    expect(found(Scan, { ...ok, extra: { deep: [{ x: '\x00' }] } })?.path).toEqual(['extra', 'deep', 0, 'x']);
    expect(found(Scan, { ...ok, stray: '\x00' })?.path).toEqual(['stray']);
    expect(found(z.string(), '\x00')).toEqual({ problem: 'control-character', path: [] });
  });

  it('refuses other control characters and DEL where the field does not take them', () => {
    expect(found(Scan, { ...ok, docNo: 'LD\x1d2026' })?.path).toEqual(['docNo']);
    expect(found(Scan, { ...ok, docNo: 'LD\n' })?.path).toEqual(['docNo']);
    expect(found(Scan, { ...ok, docNo: 'LD\x7f' })?.path).toEqual(['docNo']);
    expect(found(Scan, { ...ok, code: '01\n21' })?.path).toEqual(['code']);
    expect(found(Scan, { ...ok, code: '01\x07' })?.path).toEqual(['code']);
    expect(found(Scan, { ...ok, reason: 'a\x1d' })?.path).toEqual(['reason']);
    // A number or an enum sent as text describes no control character either.
    expect(found(z.object({ page: z.coerce.number() }), { page: '1\x01' })?.path).toEqual(['page']);
    // Undescribed values may hold them: what they mean is for the code that reads them.
    expect(found(Scan, { ...ok, extra: { note: 'a\nb\x1d' } })).toBeUndefined();
  });

  it('refuses a control character in a key', () => {
    expect(found(Scan, { ...ok, extra: { 'a\x01': 'b' } })?.path).toEqual(['extra']);
  });

  it('reads the allowance through wrappers, unions, records, tuples, pipes and lazy schemas', () => {
    expect(found(z.string().meta(SCAN_SEPARATORS).nullable().default(null), '\x1d')).toBeUndefined();
    expect(found(z.string().optional().meta(SCAN_SEPARATORS), '\x1d')).toBeUndefined();
    expect(found(z.union([z.number(), ScanCode]), '\x1d')).toBeUndefined();
    expect(found(z.union([z.number(), z.string()]), '\x1d')).toBeDefined();
    expect(found(z.record(z.string(), ScanCode), { a: '\x1d', b: 'x' })).toBeUndefined();
    expect(found(z.tuple([z.string(), ScanCode]), ['a', '\x1d'])).toBeUndefined();
    expect(found(z.tuple([z.string(), ScanCode]), ['\x1d', 'a'])?.path).toEqual([0]);
    const transformed = ScanCode.transform((s) => s.length);
    const preprocessed = z.preprocess((v) => v, ScanCode);
    expect(found(transformed, '\x1d')).toBeUndefined();
    expect(found(preprocessed, '\x1d')).toBeUndefined();
    const Tree: z.ZodType = z.lazy(() => z.object({ code: ScanCode, children: z.array(Tree) }));
    expect(found(Tree, { code: '\x1d', children: [{ code: '\x1d', children: [] }] })).toBeUndefined();
    expect(found(Tree, { code: '\x1d', children: [{ code: '\x00', children: [] }] })?.path).toEqual(['children', 0, 'code']);
    expect(found(z.object({ a: z.string() }).and(z.object({ b: ScanCode })), { a: 'x', b: '\x1d' })).toBeUndefined();
  });

  it('refuses data nested deeper than any request (a walk that ends)', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(found(z.unknown(), deep)).toMatchObject({ problem: 'too-deep' });
  });

  it('passes numbers, booleans, null and ordinary text through', () => {
    expect(found(z.unknown(), { a: 1, b: true, c: null, d: ['é', '日本', '😀'] })).toBeUndefined();
  });
});

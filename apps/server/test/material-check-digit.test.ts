import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

/** Issue 14: a material's GTIN with a wrong check digit is refused with the digit it should have (GenSpecs 7.9.1). */
describe.each(DATABASES)('material intake check digit on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
  });
  afterAll(() => t?.close());

  const put = (gtin: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/integration/materials/20004401',
      headers: admin,
      payload: { name: 'Check digit probe', gtin, batchType: 'GS1' },
    });

  it.each([
    // The README's example: 0888123419999 calls for 7 (GenSpecs 7.9.1 mod-10, weights 3-1 from the right).
    ['08881234199998', '7', '8'],
    // GTIN-13 padded to 14 digits: 4006381333931 is valid, so ...932 expects 1.
    ['4006381333932', '1', '2'],
  ])('%s is refused: expected %s, found %s', async (gtin, expected, found) => {
    const res = await put(gtin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'GS1_BAD_CHECK_DIGIT',
      message: `The check digit of (01) is wrong: expected ${expected}, found ${found}.`,
    });
    const stored = await t.database.db.selectFrom('materials').select('material_no').where('material_no', '=', '20004401').execute();
    expect(stored).toHaveLength(0);
  });

  it('the corrected GTIN is accepted', async () => {
    expect((await put('08881234199997')).statusCode).toBeLessThan(300);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitRow } from '../src/db/schema.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * What a search costs in round trips on PostgreSQL (issue 34): every statement the server's pool sends
 * is counted by the driver wrapper (`activity` of the database handle). A pack is found with its parent,
 * batch status, material name and trail in one statement, in the caller's area; a pallet or carton adds
 * its tree and its children. Before, a pack took five (the unit, its batch, its ancestors, its material,
 * its trail), each on a connection of its own. The audit sealer may send statements meanwhile, so each
 * figure is the least of three searches: the sealer only adds.
 */
describe.each(DATABASES.filter((k) => k === 'postgres'))('statements a search sends on %s', (kind) => {
  let t: TestApp;
  let rdc: Record<string, string>;
  let admin: Record<string, string>;
  let pack: UnitRow;
  let pallet: UnitRow;

  beforeAll(async () => {
    t = await startTestApp(kind);
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    const inStock = t.database.db
      .selectFrom('handling_units')
      .selectAll()
      .where('warehouse_no', '=', 'W2010')
      .where('status', '=', 'ACTIVE');
    pack = await inStock.where('type', '=', 'EA').where('parent_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    pallet = await inStock.where('type', '=', 'PLT').orderBy('id').executeTakeFirstOrThrow();
    // The first request of each caller reads its session and permissions (cached after).
    await t.app.inject({ method: 'GET', url: `/api/serialSearch/${pack.serial}?area=RDC`, headers: rdc });
    await t.app.inject({ method: 'GET', url: `/api/integration/serialSearch/${pack.serial}`, headers: admin });
  });
  afterAll(() => t?.close());

  const statements = () => (t.database.kind === 'postgres' ? t.database.activity.statements : 0);

  /** The least number of statements one of three identical searches sent, and the last answer. */
  async function leastOf(url: string, headers: Record<string, string>) {
    let least = Infinity;
    let body: { data: { type: string; parent: unknown; history: unknown[]; materialName: string | null }[] } | undefined;
    for (let i = 0; i < 3; i++) {
      const before = statements();
      const res = await t.app.inject({ method: 'GET', url, headers });
      least = Math.min(least, statements() - before);
      expect(res.statusCode).toBe(200);
      body = res.json();
    }
    return { least, data: body!.data };
  }

  it('a pack by serial in the caller area: one statement, its parent, material and trail included', async () => {
    const { least, data } = await leastOf(`/api/serialSearch/${pack.serial}?area=RDC`, rdc);
    expect(least).toBe(1);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ type: 'EA', parent: { type: expect.any(String) } });
    expect(data[0]!.materialName).not.toBeNull();
  });

  it("a pack by its GS1 code, and by serial in every area (the ERP's search): one statement each", async () => {
    expect((await leastOf(`/api/serialSearch/${encodeURIComponent(`]d201${pack.gtin}21${pack.serial}`)}?area=RDC`, rdc)).least).toBe(1);
    expect((await leastOf(`/api/integration/serialSearch/${pack.serial}`, admin)).least).toBe(1);
  });

  it('a pallet by SSCC: the pallet, its tree and its children, three statements', async () => {
    const { least, data } = await leastOf(`/api/searchSSCC/${pallet.sscc}?area=RDC`, rdc);
    expect(least).toBe(3);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ type: 'PLT' });
  });
});

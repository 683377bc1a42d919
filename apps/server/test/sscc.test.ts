import { hasValidCheckDigit } from '@pharma/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, rowCount, secondInstance, type TestApp } from './harness.ts';

/** SSCC allocation (issue 18, decision 0030): GS1 General Specifications 2.2.1 (structure) and 7.9.1 (check digit). */
describe.each(DATABASES)('SSCC allocation on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let ldc: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
  });
  afterAll(() => t?.close());

  const generate = (headers: Record<string, string>, warehouseNo: string, area = 'RDC', app: ZodApp = t.app) =>
    app.inject({ method: 'POST', url: `/api/generateSSCC?area=${area}`, headers, payload: { warehouseNo } });
  const setup = (warehouseNo: string, body: object, headers = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/integration/warehouses/${warehouseNo}`, headers, payload: body });
  const count = (table: 'sscc_issued' | 'audit_log') => rowCount(t, table);

  it("issues 18-digit SSCCs of the demo warehouse's extension digit and GS1's example prefix 0614141, each audited", async () => {
    const first = await generate(rdc, 'W2010');
    const second = await generate(rdc, 'W2010');
    expect(first.statusCode).toBe(200);
    const a = first.json().sscc as string;
    const b = second.json().sscc as string;
    for (const sscc of [a, b]) {
      expect(sscc).toMatch(/^50614141\d{10}$/);
      expect(hasValidCheckDigit(sscc)).toBe(true);
    }
    // Serial references follow one another (positions 9-17 after extension digit and 7-digit prefix).
    expect(Number(b.slice(8, 17)) - Number(a.slice(8, 17))).toBe(1);
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'sscc').where('entity_id', '=', a).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'issue', actor_id: expect.any(String) });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ warehouseNo: 'W2010' });
  });

  it('the local area issues for its own warehouse only: another area’s warehouse is unknown to it', async () => {
    const local = await generate(ldc, 'W3010', 'LDC');
    expect(local.statusCode).toBe(200);
    expect(local.json().sscc).toMatch(/^60614141/);
    const other = await generate(ldc, 'W2010', 'LDC');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'UNKNOWN_WAREHOUSE', message: 'Warehouse W2010 does not exist.' });
    expect((await generate(rdc, 'W3010', 'LDC')).statusCode).toBe(403);
  });

  it('the warehouse setup needs the integration right, checks the prefix and is audited with before and after', async () => {
    const body = { gs1CompanyPrefix: '0614141', extensionDigit: '5', printers: [{ name: 'Dock 1', host: '10.20.30.40', port: 9100 }] };
    expect((await setup('W2010', body, rdc)).statusCode).toBe(403);
    expect((await setup('W2010', { ...body, gs1CompanyPrefix: '061414' })).statusCode).toBe(400);
    expect((await setup('W2010', { ...body, extensionDigit: '10' })).statusCode).toBe(400);
    expect((await setup('W9999', body)).statusCode).toBe(404);
    const ok = await setup('W2010', body);
    expect(ok.statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'warehouse')
      .where('entity_id', '=', 'W2010')
      .where('action', '=', 'label-setup')
      .execute();
    expect(JSON.parse(rows.at(-1)!.before_json!)).toMatchObject({ gs1CompanyPrefix: '0614141', extensionDigit: '5', printers: [] });
    expect(JSON.parse(rows.at(-1)!.after_json!)).toMatchObject({ printers: [{ name: 'Dock 1', port: 9100 }] });
  });

  it('when the serial range of a prefix runs out: a clear error, and nothing issued or audited', async () => {
    // A 10-digit prefix leaves 6 digits of serial reference: 999,999 SSCCs per extension digit.
    expect((await setup('W3010', { gs1CompanyPrefix: '0614141999', extensionDigit: '7', printers: [] })).statusCode).toBe(200);
    const first = await generate(ldc, 'W3010', 'LDC');
    expect(first.json().sscc).toBe('706141419990000001');
    // Move the counter to the range's last serial reference.
    await t.database.db.updateTable('sscc_counters').set({ next_serial: 999_999 }).where('issuer', '=', '70614141999').execute();
    const last = await generate(ldc, 'W3010', 'LDC');
    expect(last.json().sscc).toBe('706141419999999993');
    const [issued, audited] = [await count('sscc_issued'), await count('audit_log')];
    const refused = await generate(ldc, 'W3010', 'LDC');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'SSCC_RANGE_EXHAUSTED',
      message:
        'Every SSCC of company prefix 0614141999 with extension digit 7 has been issued: set another extension digit or prefix for warehouse W3010.',
    });
    expect(await count('sscc_issued')).toBe(issued);
    expect(await count('audit_log')).toBe(audited);
  });

  it('createPallet makes an empty pallet or carton with a new SSCC, REPACK_PENDING, in the warehouse, audited', async () => {
    for (const type of ['PLT', 'CTN'] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/createPallet', headers: rdc, payload: { warehouseNo: 'W2010', type } });
      expect(res.statusCode).toBe(200);
      const { sscc } = res.json() as { sscc: string };
      expect(hasValidCheckDigit(sscc)).toBe(true);
      const unit = await t.database.db.selectFrom('handling_units').selectAll().where('sscc', '=', sscc).executeTakeFirstOrThrow();
      expect(unit).toMatchObject({ type, warehouse_no: 'W2010', parent_id: null, status: 'ACTIVE' });
      const repack = await t.database.db
        .selectFrom('repack_documents')
        .selectAll()
        .where('destination_id', '=', unit.id)
        .executeTakeFirstOrThrow();
      expect(repack.state).toBe('REPACK_PENDING');
      const created = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'unit')
        .where('entity_id', '=', unit.id)
        .execute();
      expect(created.map((r) => r.action)).toEqual(['create']);
      // Search finds it in its area only.
      expect((await t.app.inject({ method: 'GET', url: `/api/searchSSCC/${sscc}`, headers: rdc })).json().data[0]).toMatchObject({
        type,
        sscc,
        packs: 0,
      });
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/createPallet',
      headers: rdc,
      payload: { warehouseNo: 'W2010', type: 'EA' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a warehouse with no prefix says so', async () => {
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('warehouses')
      .values({
        warehouse_no: 'W2099',
        name: 'No prefix DC',
        area: 'RDC',
        plant: '2099',
        sales_org: 'SG10',
        created_at: now,
        gln: null,
        time_zone: null,
      })
      .execute();
    const res = await generate(rdc, 'W2099');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SSCC_ISSUER_MISSING');
  });

  it('a restarted server goes on after the last SSCC issued, never repeating one', async () => {
    const before = (await generate(rdc, 'W2010')).json().sscc as string;
    const second = await secondInstance(t);
    try {
      const headers = (await signIn(second, DEMO_USERS.rdc)).headers;
      const after = (await generate(headers, 'W2010', 'RDC', second)).json().sscc as string;
      expect(Number(after.slice(8, 17))).toBe(Number(before.slice(8, 17)) + 1);
    } finally {
      await second.close();
    }
  });
});

describe.runIf(DATABASES.includes('postgres'))('SSCC allocation by two server instances on one PostgreSQL', () => {
  let t: TestApp;
  let other: ZodApp;

  beforeAll(async () => {
    t = await startTestApp('postgres');
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('each issuing 5,000 in parallel: 10,000 different valid SSCCs', { timeout: 300_000 }, async () => {
    const issueMany = async (app: ZodApp, n: number) => {
      const headers = (await signIn(app, DEMO_USERS.rdc)).headers;
      const out: string[] = [];
      let next = 0;
      // 20 requests in flight per instance, as many handhelds at once.
      const worker = async () => {
        while (next < n) {
          next += 1;
          const res = await app.inject({ method: 'POST', url: '/api/generateSSCC', headers, payload: { warehouseNo: 'W2010' } });
          if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
          out.push(res.json().sscc);
        }
      };
      await Promise.all(Array.from({ length: 20 }, worker));
      return out;
    };
    const [a, b] = await Promise.all([issueMany(t.app, 5000), issueMany(other, 5000)]);
    const all = [...a, ...b];
    expect(a).toHaveLength(5000);
    expect(b).toHaveLength(5000);
    expect(new Set(all).size).toBe(10_000);
    expect(all.every((s) => /^50614141\d{10}$/.test(s) && hasValidCheckDigit(s))).toBe(true);
    const issued = await t.database.db
      .selectFrom('sscc_issued')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(issued.n)).toBe(10_000);
  });
});

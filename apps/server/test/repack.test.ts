import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_DOCUMENTS, DEMO_INVENTORY } from '../src/seed/demo-documents.ts';
import { packScan, ssccScan } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

/** Repacking (issue 18, decision 0032): cartons and packs onto and off a new pallet, then the repack completed. */
describe.each(DATABASES)('repack on %s', (kind) => {
  let t: TestApp;
  let rdc: Record<string, string>;
  let ldc: Record<string, string>;
  let target: string;
  const stock = DEMO_INVENTORY.stock;

  beforeAll(async () => {
    t = await startTestApp(kind);
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    target = (
      await t.app.inject({ method: 'POST', url: '/api/createPallet', headers: rdc, payload: { warehouseNo: 'W2010', type: 'PLT' } })
    ).json().sscc;
  });
  afterAll(() => t?.close());

  const remap = (code: string, to: string | null, headers = rdc, area = 'RDC') =>
    t.app.inject({ method: 'POST', url: `/api/remapHU?area=${area}`, headers, payload: { code, to, scanId: randomUUID() } });
  const parentOf = async (key: { sscc: string } | { serial: string }) => {
    const unit = await t.database.db
      .selectFrom('handling_units')
      .select(['id', 'parent_id'])
      .where(...(('sscc' in key ? ['sscc', '=', key.sscc] : ['serial', '=', key.serial]) as ['sscc', '=', string]))
      .executeTakeFirstOrThrow();
    if (!unit.parent_id) return null;
    return (await t.database.db.selectFrom('handling_units').select('sscc').where('id', '=', unit.parent_id).executeTakeFirstOrThrow())
      .sscc;
  };

  it('a carton moves onto the new pallet with its packs, in one step, audited', async () => {
    const carton = stock.pallet.cartons[0]!;
    const res = await remap(ssccScan(carton.sscc), target);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: carton.sscc, type: 'CTN', parent: target, units: 1 + carton.packs.length });
    expect(await parentOf({ sscc: carton.sscc })).toBe(target);
    expect(await parentOf({ serial: carton.packs[0]!.serial })).toBe(carton.sscc);
    const view = (await t.app.inject({ method: 'GET', url: `/api/searchSSCC/${target}`, headers: rdc })).json().data[0];
    expect(view).toMatchObject({ packs: carton.packs.length, children: [{ type: 'CTN', id: carton.sscc }] });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'before_json', 'after_json'])
      .where('action', '=', 'repack-add')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ parent: stock.pallet.sscc });
  });

  it('a pack moves on its own; the same move again changes nothing', async () => {
    const pack = stock.pallet.cartons[1]!.packs[0]!;
    expect((await remap(packScan(pack), target)).statusCode).toBe(200);
    expect(await parentOf({ serial: pack.serial })).toBe(target);
    const again = await remap(packScan(pack), target);
    expect(again.json()).toMatchObject({ parent: target, units: 1 });
    const rows = await t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'repack-add').execute();
    expect(rows).toHaveLength(2);
  });

  it('refusals change nothing: a pallet onto a pallet, a dispatched (locked) carton, a unit on an open document, another area', async () => {
    const onto = await remap(ssccScan(stock.pallet.sscc), target);
    expect(onto.statusCode).toBe(422);
    expect(onto.json()).toEqual({ code: 'REPACK_NOT_A_TARGET', message: 'A pallet cannot be put on a pallet.' });

    const locked = await remap(ssccScan(stock.returnCarton.sscc), target);
    expect(locked.statusCode).toBe(422);
    expect(locked.json().code).toBe('REPACK_ITEM_LOCKED');
    expect(await parentOf({ sscc: stock.returnCarton.sscc })).toBeNull();

    // The older carton scanned on the open OBD: it stays where it is until that OBD is done with it.
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/scanForOperation',
      headers: rdc,
      payload: {
        docType: 'OBD',
        docNo: DEMO_DOCUMENTS.dispatch,
        code: ssccScan(stock.olderCarton.sscc),
        unit: 'CTN',
        scanId: randomUUID(),
      },
    });
    expect(scan.statusCode).toBe(200);
    const held = await remap(ssccScan(stock.olderCarton.sscc), target);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({
      code: 'REPACK_ON_OPEN_DOCUMENT',
      message: `This item is on OBD ${DEMO_DOCUMENTS.dispatch}, which is not completed: finish it there, or remove it from that document first.`,
    });

    const other = await remap(ssccScan(stock.pallet.cartons[2]!.sscc), target, ldc, 'LDC');
    expect(other.statusCode).toBe(404);
    expect(await parentOf({ sscc: stock.pallet.cartons[2]!.sscc })).toBe(stock.pallet.sscc);
  });

  it('a carton taken off the pallet (to: null) stands on its own', async () => {
    const carton = stock.pallet.cartons[0]!;
    const res = await remap(ssccScan(carton.sscc), null);
    expect(res.json()).toMatchObject({ parent: null });
    expect(await parentOf({ sscc: carton.sscc })).toBeNull();
  });

  it("completeRepack: 'Repacking completed successfully!', then the pallet takes no more changes", async () => {
    const done = await t.app.inject({ method: 'POST', url: '/api/completeRepack', headers: rdc, payload: { sscc: target } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ sscc: target, state: 'REPACK_COMPLETE', message: 'Repacking completed successfully!' });
    const again = await t.app.inject({ method: 'POST', url: '/api/completeRepack', headers: rdc, payload: { sscc: target } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REPACK_NOT_PENDING');
    const late = await remap(ssccScan(stock.pallet.cartons[0]!.sscc), target);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`The repack of ${target} is already completed: it takes no more changes.`);
  });
});

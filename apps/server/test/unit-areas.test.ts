import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitRow } from '../src/db/schema.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * Every read and write of a unit or a document stays within the warehouses of the caller's area
 * (decision 0019): a unit in a warehouse belongs to its warehouse's area; a unit in no warehouse
 * (announced by a supplier's notice) to the area of the documents it, or a unit it is in, is on.
 */
describe.each(DATABASES)('units and documents of the other area on %s', (kind) => {
  let t: TestApp;
  const as: Record<string, Record<string, string>> = {};
  let regionalPack: UnitRow;
  let regionalPallet: UnitRow;
  let announcedRegional: UnitRow;
  let announcedLocal: UnitRow;
  const ibd = { open: '', local: '', inProgress: '' };

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const who of ['rdc', 'ldc', 'admin'] as const) as[who] = (await signIn(t.app, DEMO_USERS[who])).headers;
    const db = t.database.db;
    const inStock = db.selectFrom('handling_units').selectAll().where('warehouse_no', '=', 'W2010').where('status', '=', 'ACTIVE');
    regionalPack = await inStock.where('type', '=', 'EA').where('parent_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    regionalPallet = await inStock.where('type', '=', 'PLT').orderBy('id').executeTakeFirstOrThrow();
    const ibdOf = async (warehouseNo: string, status: string) =>
      (
        await db
          .selectFrom('documents')
          .select('number')
          .where('type', '=', 'IBD')
          .where('warehouse_no', '=', warehouseNo)
          .where('status', '=', status as never)
          .orderBy('number')
          .executeTakeFirstOrThrow()
      ).number;
    ibd.open = await ibdOf('W2010', 'Open');
    ibd.inProgress = await ibdOf('W2010', 'In Progress');
    ibd.local = await ibdOf('W3010', 'Open');
    const announced = (number: string) =>
      db
        .selectFrom('handling_units as h')
        .innerJoin('document_units as du', 'du.unit_id', 'h.id')
        .innerJoin('documents as d', 'd.id', 'du.document_id')
        .selectAll('h')
        .where('d.number', '=', number)
        .where('h.sscc', 'is not', null)
        .where('h.warehouse_no', 'is', null)
        .orderBy('h.id')
        .executeTakeFirstOrThrow();
    announcedRegional = await announced(ibd.open);
    announcedLocal = await announced(ibd.local);
  });
  afterAll(() => t?.close());

  const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: as[who] });
  const post = (who: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: as[who], payload });
  const packCode = (u: UnitRow) => `]d201${u.gtin}21${u.serial}`;
  const found = async (who: string, url: string) => {
    const res = await get(who, url);
    expect(res.statusCode).toBe(200);
    return (res.json().data as { sscc: string | null; serial: string | null }[]).map((u) => u.sscc ?? u.serial);
  };

  it('SSCC search in an area finds only units of its warehouses', async () => {
    expect(await found('ldc', `/api/searchSSCC/${regionalPallet.sscc}?area=LDC`)).toEqual([]);
    expect(await found('admin', `/api/searchSSCC/${regionalPallet.sscc}?area=LDC`)).toEqual([]);
    expect(await found('rdc', `/api/searchSSCC/${regionalPallet.sscc}?area=RDC`)).toEqual([regionalPallet.sscc]);
  });

  it('serial search in an area finds only units of its warehouses, by bare serial and by pack code', async () => {
    expect(await found('ldc', `/api/serialSearch/${regionalPack.serial}?area=LDC`)).toEqual([]);
    expect(await found('ldc', `/api/serialSearch/${encodeURIComponent(packCode(regionalPack))}?area=LDC`)).toEqual([]);
    expect(await found('rdc', `/api/serialSearch/${regionalPack.serial}?area=RDC`)).toEqual([regionalPack.serial]);
    expect(await found('rdc', `/api/serialSearch/${encodeURIComponent(packCode(regionalPack))}`)).toEqual([regionalPack.serial]);
  });

  it('a unit in no warehouse belongs to the area of the notice that announced it', async () => {
    expect(await found('rdc', `/api/searchSSCC/${announcedRegional.sscc}?area=RDC`)).toEqual([announcedRegional.sscc]);
    expect(await found('ldc', `/api/searchSSCC/${announcedRegional.sscc}?area=LDC`)).toEqual([]);
    expect(await found('ldc', `/api/searchSSCC/${announcedLocal.sscc}?area=LDC`)).toEqual([announcedLocal.sscc]);
    expect(await found('rdc', `/api/searchSSCC/${announcedLocal.sscc}?area=RDC`)).toEqual([]);
    // A pack inside an announced pallet: the pallet is on the notice, the pack is in it.
    const inside = await t.database.db
      .selectFrom('handling_units')
      .selectAll()
      .where('parent_id', 'in', t.database.db.selectFrom('handling_units').select('id').where('parent_id', '=', announcedLocal.id))
      .where('type', '=', 'EA')
      .executeTakeFirst();
    if (inside) {
      expect(await found('ldc', `/api/serialSearch/${inside.serial}?area=LDC`)).toEqual([inside.serial]);
      expect(await found('rdc', `/api/serialSearch/${inside.serial}?area=RDC`)).toEqual([]);
    }
  });

  it("a local user cannot change a regional unit's status: not found, and nothing changes", async () => {
    const res = await post('ldc', '/api/itemStatus?area=LDC', { code: packCode(regionalPack), unit: 'EA', status: 'DAMAGED' });
    expect(res.statusCode).toBe(404);
    const after = await get('rdc', `/api/serialSearch/${regionalPack.serial}?area=RDC`);
    expect(after.json().data[0].status).toBe('ACTIVE');
    const pallet = await post('ldc', '/api/itemStatus?area=LDC', { code: `]C100${regionalPallet.sscc}`, unit: 'PLT', status: 'DAMAGED' });
    expect(pallet.statusCode).toBe(404);
    const own = await post('rdc', '/api/itemStatus?area=RDC', { code: packCode(regionalPack), unit: 'EA', status: 'DAMAGED' });
    expect(own.statusCode).toBe(200);
    expect(own.json().status).toBe('DAMAGED');
  });

  it('documents of the other area are not found by any document route', async () => {
    expect((await get('ldc', `/api/ibdNo/${ibd.open}?area=LDC`)).statusCode).toBe(404);
    expect((await get('ldc', '/api/ibdList?area=LDC')).json().data.map((d: { number: string }) => d.number)).not.toContain(ibd.open);
    const scan = await post('ldc', '/api/scanForOperation?area=LDC', {
      docType: 'IBD',
      docNo: ibd.open,
      code: `]C100${announcedRegional.sscc}`,
      unit: announcedRegional.type,
      idType: 'GS1',
      scanId: randomUUID(),
    });
    expect(scan.statusCode).toBe(404);
    expect(scan.json().code).toBe('DOCUMENT_NOT_FOUND');
    const reverse = await post('ldc', '/api/reverseOperation?area=LDC', {
      docType: 'IBD',
      docNo: ibd.open,
      code: `]C100${announcedRegional.sscc}`,
      scanId: randomUUID(),
    });
    expect(reverse.statusCode).toBe(404);
    for (const [url, payload] of [
      ['/api/completeOperation?area=LDC', { docType: 'IBD', docNo: ibd.inProgress }],
      ['/api/completeReceive?area=LDC', { ibdNo: ibd.inProgress }],
    ] as const) {
      const res = await post('ldc', url, payload);
      expect(res.statusCode).toBe(404);
    }
    expect((await get('rdc', `/api/ibdNo/${ibd.inProgress}`)).json().document.status).toBe('In Progress');
  });
});

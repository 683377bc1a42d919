import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartonLabelCode, decodeCode } from '@pharma/domain';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { DEMO_MATERIALS } from '../src/seed/demo-catalogue.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_INVENTORY, DEMO_REDRESS } from '../src/seed/demo-documents.ts';
import { CodeMaker, packScan, type PackSpec } from '../src/seed/epcis-builder.ts';
import { createAdmin } from '../src/seed/first-admin.ts';
import { receiveIbd } from '../src/seed/stock-builder.ts';
import { openDatabaseAt, DATABASES, signIn, startTestApp, stockPacksDrift, type TestApp } from './harness.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';
import { requests, type Area } from './requests.ts';

/** A unit as the search and item-details calls answer it (the fields these tests read). */
interface Found {
  type: string;
  sscc: string | null;
  status: string;
  reason: string | null;
  warehouseNo: string | null;
  materialNo: string | null;
  batchNo: string | null;
  packs: number;
  parent: { type: string; id: string } | null;
  children: { type: string; id: string; status: string }[];
  history: { action: string; by: string | null; before: unknown; after: unknown; reason: string | null }[];
}

const packId = (p: PackSpec) => `${p.gtin}/${p.serial}`;

/**
 * Issue 27, "Redress cartons cannot be found" (decision 0061): a carton labelled in redress is a
 * handling unit, a carton of the PO's warehouse under its SSCC, and the packs scanned into it are its
 * children. Replays the walk through the calls the pages make: the carton label and packs scanned into
 * it (the redress scan pages), the local search and the item details (GET /api/searchSSCC, which
 * /ldc/searchPageLDC and /ldc/itemDetails/{sscc} call), Scan Fill Data's 'Unit on record' (the SSCC it
 * reads from the label, searched the same way), a pack's page (GET /api/serialSearch: its parent),
 * a deleted scan and 'Replace a pack' (the carton's children follow), completion, the demo seed's
 * carton, and the migration that turns an older database's redress cartons into units.
 */
describe.each(DATABASES)('redress cartons are units on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ldc: Record<string, string>;
  let a: Product;
  let packs: PackSpec[];
  const codes = makeCodes(2761);
  const carton = codes.sscc();
  const PO = '5100002761';
  const OTHER_PO = '5100002762';
  const today = new Date().toISOString().slice(0, 10);

  const { get, post } = requests({ app: () => t.app, as: () => ldc, area: 'LDC' });
  /** GET /api/searchSSCC: what the search page, the item details and Scan Fill Data show of an SSCC. */
  const bySscc = async (code: string, area: Area = 'LDC', headers = ldc): Promise<Found[]> => {
    const res = await get(`/api/searchSSCC/${encodeURIComponent(code)}`, headers, area);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  /** GET /api/serialSearch: a pack's page. */
  const pack = async (p: PackSpec): Promise<Found> => {
    const res = await get(`/api/serialSearch/${encodeURIComponent(`01${p.gtin}21${p.serial}`)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toHaveLength(1);
    return res.json().data[0];
  };
  const theCarton = async (): Promise<Found> => {
    const found = await bySscc(carton);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const label = (cartonCode: string, qty: number) => cartonLabelCode({ cartonCode, gtin: a.gtin, batchNo: a.batch, qty });
  const series = (p: PackSpec) =>
    post('/api/scanSeries', { poNo: PO, cartonCode: carton, scanType: 'SERIES', code: packScan(p), scanId: randomUUID() });
  const putRrd = (number: string, quantity: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/RRD/${number}`,
      headers: admin,
      payload: { warehouseNo: 'W3010', date: today, lines: [{ lineNo: 10, materialNo: a.materialNo, batchNo: a.batch, quantity }] },
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    a = (await products(t))[0]!;
    packs = codes.packs(8, a);
    await receiveIbd(apiPort(t.app, admin, 'LDC'), '1700002761', { packs }, await products(t), { warehouseNo: 'W3010' });
    expect((await putRrd(PO, 6)).statusCode).toBe(200);
    expect((await putRrd(OTHER_PO, 4)).statusCode).toBe(200);
    expect((await post('/api/validateBPR', { poNo: PO, bprNo: 'BPR-2761' })).statusCode).toBe(200);
    expect((await post('/api/validateBPR', { poNo: OTHER_PO, bprNo: 'BPR-2762' })).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it("a labelled carton is found by its SSCC in the local search: a carton of the PO's warehouse, its label in its history", async () => {
    const res = await post('/api/validateRRDLabel', { poNo: PO, code: label(carton, 4) });
    expect(res.statusCode, res.body).toBe(200);
    const found = await theCarton();
    expect(found).toMatchObject({
      type: 'CTN',
      sscc: carton,
      status: 'ACTIVE',
      reason: 'REDRESSED',
      warehouseNo: 'W3010',
      materialNo: a.materialNo,
      batchNo: a.batch,
      packs: 0,
      parent: null,
      children: [],
    });
    expect(found.history).toEqual([
      expect.objectContaining({
        action: 'create',
        by: DEMO_USERS.ldc,
        after: expect.objectContaining({ type: 'CTN', sscc: carton, status: 'ACTIVE', reason: 'REDRESSED', warehouseNo: 'W3010' }),
        reason: `carton label on RRD ${PO}`,
      }),
    ]);
    // A unit of the local area: the regional search does not find it (decision 0019).
    expect(await bySscc(carton, 'RDC', admin)).toEqual([]);
    // The same label again answers the carton as recorded and makes no second unit.
    expect((await post('/api/validateRRDLabel', { poNo: PO, code: label(carton, 4) })).json().id).toBe(res.json().id);
    expect(await bySscc(carton)).toHaveLength(1);
  });

  it("packs scanned into it are its children (count, list), and each pack's page names the carton as its parent, the move in its history", async () => {
    for (const p of packs.slice(0, 3)) {
      const res = await series(p);
      expect(res.statusCode, res.body).toBe(200);
    }
    const found = await theCarton();
    expect(found.packs).toBe(3);
    expect(found.children).toEqual(
      expect.arrayContaining(packs.slice(0, 3).map((p) => ({ type: 'EA', id: packId(p), status: 'PENDING' }))),
    );
    expect(found.children).toHaveLength(3);

    const first = await pack(packs[0]!);
    expect(first.parent).toEqual({ type: 'CTN', id: carton });
    expect(first.history.at(-1)).toMatchObject({
      action: 'redress-add',
      by: DEMO_USERS.ldc,
      before: { parent: null },
      after: { parent: carton },
      reason: `put in carton ${carton} on RRD ${PO}`,
    });
    // The carton's list on the PO agrees with the unit's children.
    const [onPo] = (await get(`/api/rrdCartons/${PO}`)).json().data;
    expect(onPo).toMatchObject({ cartonCode: carton, visibleQty: 3 });
    expect([...onPo.packs].sort()).toEqual(found.children.map((c) => c.id).sort());
  });

  it("Scan Fill Data's 'Unit on record': the SSCC read from the carton label names the carton", async () => {
    // The page reads the label in the browser (decodeCode) and searches '00' + the SSCC it carries.
    const code = label(carton, 4);
    const read = decodeCode(code, { today });
    expect(read.ok && read.sscc).toBe(carton);
    const [onRecord] = await bySscc(`00${carton}`);
    expect(onRecord).toMatchObject({ type: 'CTN', sscc: carton, packs: 3, warehouseNo: 'W3010' });
    // The whole label, as scanned, finds it too.
    expect(await bySscc(code)).toEqual([expect.objectContaining({ sscc: carton })]);
  });

  it('a deleted scan takes the pack out of the carton: its children and count follow, the pack stands alone', async () => {
    const res = await post('/api/reverseOperation', {
      docType: 'RRD',
      docNo: PO,
      code: packScan(packs[2]!),
      unit: 'EA',
      scanId: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = await theCarton();
    expect(found.packs).toBe(2);
    expect(found.children.map((c) => c.id)).not.toContain(packId(packs[2]!));
    const out = await pack(packs[2]!);
    expect(out).toMatchObject({ parent: null, status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED' });
    expect(out.history.at(-1)).toMatchObject({
      action: 'redress-remove',
      before: { parent: carton },
      after: { parent: null },
      reason: `taken out of carton ${carton}: off RRD ${PO}`,
    });
  });

  it("'Replace a pack' takes the old pack out of the carton and puts the new one in, both audited", async () => {
    const res = await post('/api/replacePack', { poNo: PO, from: packScan(packs[0]!), to: packScan(packs[5]!), scanId: randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    const found = await theCarton();
    expect(found.packs).toBe(2);
    expect(found.children.map((c) => c.id).sort()).toEqual([packId(packs[1]!), packId(packs[5]!)].sort());
    const replaced = await pack(packs[0]!);
    expect(replaced).toMatchObject({ parent: null, status: 'DAMAGED' });
    expect(replaced.history.map((h) => h.action)).toContain('redress-remove');
    const into = await pack(packs[5]!);
    expect(into.parent).toEqual({ type: 'CTN', id: carton });
    expect(into.history.at(-1)).toMatchObject({ action: 'redress-add', after: { parent: carton } });
  });

  it('completed: the carton holds saleable redressed packs, and the stock bookkeeping agrees', async () => {
    for (const p of [packs[3]!, packs[4]!]) expect((await series(p)).statusCode).toBe(200);
    const done = await post('/api/completeRrd', { poNo: PO });
    expect(done.statusCode, done.body).toBe(200);
    const found = await theCarton();
    expect(found).toMatchObject({ status: 'ACTIVE', reason: 'REDRESSED', packs: 4 });
    expect(found.children.map((c) => c.status)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE']);
    expect((await pack(packs[3]!)).parent).toEqual({ type: 'CTN', id: carton });
    if (kind === 'postgres') expect((await stockPacksDrift(t)).drift).toEqual([]);
  });

  it('a label whose SSCC already names a unit is refused, and nothing is recorded', async () => {
    const res = await post('/api/validateRRDLabel', { poNo: OTHER_PO, code: label(carton, 2) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'CARTON_SSCC_TAKEN',
      message: `SSCC ${carton} already names another pallet or carton: a carton label needs an SSCC of its own. Check the label.`,
    });
    expect((await get(`/api/rrdCartons/${OTHER_PO}`)).json().data).toEqual([]);
    expect((await theCarton()).packs).toBe(4);
  });

  it("the demo seed's redress cartons are units: 088812340004343853 (README) holds its 4 redressed packs", async () => {
    const sscc = DEMO_INVENTORY.redressStock.completedCarton;
    expect(sscc).toBe('088812340004343853');
    const [found] = await bySscc(sscc);
    expect(found).toMatchObject({ type: 'CTN', sscc, status: 'ACTIVE', reason: 'REDRESSED', warehouseNo: 'W3010', packs: 4 });
    expect(found!.children).toHaveLength(4);
    expect(found!.children.every((c) => c.status === 'ACTIVE')).toBe(true);
    const redressed = DEMO_INVENTORY.redressStock.completed[0]!;
    expect((await pack(redressed)).parent).toEqual({ type: 'CTN', id: sscc });
    // The In Progress PO's carton holds the 2 packs scanned so far.
    const [inProgress] = await bySscc(DEMO_INVENTORY.redressStock.inProgressCarton);
    expect(inProgress).toMatchObject({ type: 'CTN', packs: 2 });
    const [onPo] = (await get(`/api/rrdCartons/${DEMO_REDRESS.inProgress}`)).json().data;
    expect(onPo.visibleQty).toBe(2);
  });
});

/**
 * Migration 0023 on a database the previous version left: its redress cartons (records on their POs
 * only) become carton units, with the packs still in them as children.
 */
describe.each(DATABASES)('redress carton units migration on %s', (kind) => {
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  let app: ZodApp;
  let headers: Record<string, string>;
  const material = DEMO_MATERIALS[0]!;
  const product = { gtin: material.gtin, batch: material.batches[0]!.batchNo, expiry: material.batches[0]!.expiry };
  const codes = new CodeMaker(9023, '2');
  const [inProgressCarton, completedCarton, takenSscc] = [codes.sscc(), codes.sscc(), codes.sscc()];
  // p[0], p[1] in the In Progress PO's carton; p[2] was deleted from it; p[3] in the completed PO's carton, p[4]
  // dispatched from it since; p[5] in a carton whose SSCC names a pallet; p[6] to scan after the upgrade.
  const p = codes.packs(7, product);
  const at = (minute: number) => `2026-11-25T08:${String(minute).padStart(2, '0')}:00.000Z`;

  const search = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: `${path}?area=LDC`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Found[];
  };
  const pack = async (x: PackSpec) => (await search(`/api/serialSearch/${encodeURIComponent(`01${x.gtin}21${x.serial}`)}`))[0]!;

  beforeAll(async () => {
    // The previous version's schema, with what its redress wrote.
    const old = await openDatabaseAt(kind, '2026-11-26-0022-repack-and-print-grants', 'rrd_mig');
    ({ database, drop } = old);
    const { config } = old;
    const db = old.rows;
    const now = at(0);
    await db
      .insertInto('warehouses')
      .values({ warehouse_no: 'W9030', name: 'Old local', area: 'LDC', plant: '9030', sales_org: '9000', created_at: now })
      .execute();
    await db
      .insertInto('users')
      .values({
        id: 'old-user',
        email: 'old@demo.local',
        nric: 'S0000000A',
        first_name: 'Old',
        last_name: 'Operator',
        user_type: 'internal',
        password_hash: null,
        disabled: 0,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('materials')
      .values({
        material_no: material.materialNo,
        name: material.name,
        gtin: material.gtin,
        batch_type: 'GS1',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('batches')
      .values({ id: 'old-batch', material_no: material.materialNo, batch_no: product.batch, expiry: product.expiry, created_at: now })
      .execute();
    const unit = (id: string, x: PackSpec, state: [string, string], warehouseNo: string | null = 'W9030') => ({
      id,
      type: 'EA',
      sscc: null,
      gtin: x.gtin,
      serial: x.serial,
      parent_id: null,
      material_no: material.materialNo,
      batch_no: product.batch,
      expiry: product.expiry,
      status: state[0],
      reason: state[1],
      warehouse_no: warehouseNo,
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto('handling_units')
      .values([
        unit('old-p0', p[0]!, ['PENDING', 'REDRESSED']),
        unit('old-p1', p[1]!, ['PENDING', 'REDRESSED']),
        unit('old-p2', p[2]!, ['ACTIVE', 'WAREHOUSE RECEIVED']),
        unit('old-p3', p[3]!, ['ACTIVE', 'REDRESSED']),
        unit('old-p4', p[4]!, ['TRANSIT', 'DISPATCHED'], null),
        unit('old-p5', p[5]!, ['PENDING', 'REDRESSED']),
        unit('old-p6', p[6]!, ['ACTIVE', 'WAREHOUSE RECEIVED']),
        { ...unit('old-pallet', p[0]!, ['ACTIVE', 'WAREHOUSE RECEIVED']), type: 'PLT', sscc: takenSscc, gtin: null, serial: null },
      ])
      .execute();
    const po = (id: string, number: string, status: string, quantity: number, scanned: number) => [
      {
        id,
        type: 'RRD',
        number,
        warehouse_no: 'W9030',
        status,
        doc_date: '2026-11-25',
        created_at: now,
        updated_at: now,
        completed_at: status === 'Completed' ? at(30) : null,
        bpr_no: `BPR-${number}`,
      },
      { document_id: id, line_no: 10, material_no: material.materialNo, batch_no: product.batch, quantity, scanned_quantity: scanned },
    ];
    for (const [doc, line] of [po('old-po1', '5900000001', 'In Progress', 4, 3), po('old-po2', '5900000002', 'Completed', 2, 2)]) {
      await db.insertInto('documents').values(doc!).execute();
      await db.insertInto('document_lines').values(line!).execute();
    }
    const cartonRow = (id: string, documentId: string, sscc: string, qty: number, minute: number) => ({
      id,
      document_id: documentId,
      carton_code: sscc,
      material_no: material.materialNo,
      batch_no: product.batch,
      qty,
      bpr_no: 'BPR-OLD',
      code: `00${sscc}02${material.gtin}10${product.batch}\u001d37${qty}`,
      user_id: 'old-user',
      created_at: at(minute),
    });
    await db
      .insertInto('redress_cartons')
      .values([
        cartonRow('old-c1', 'old-po1', inProgressCarton, 3, 1),
        cartonRow('old-c2', 'old-po2', completedCarton, 2, 2),
        cartonRow('old-c3', 'old-po1', takenSscc, 1, 3),
      ])
      .execute();
    // Each pack's scan into its carton; p[2]'s was deleted (its scan item gone, its carton row left).
    const scanned: [string, string, string, number, boolean][] = [
      ['old-p0', 'old-po1', 'old-c1', 10, true],
      ['old-p1', 'old-po1', 'old-c1', 11, true],
      ['old-p2', 'old-po1', 'old-c1', 12, false],
      ['old-p3', 'old-po2', 'old-c2', 13, true],
      ['old-p4', 'old-po2', 'old-c2', 14, true],
      ['old-p5', 'old-po1', 'old-c3', 15, true],
    ];
    for (const [unitId, documentId, cartonId, minute, still] of scanned) {
      const scanId = `old-scan-${unitId}`;
      await db
        .insertInto('scans')
        .values({
          id: scanId,
          document_id: documentId,
          unit_id: unitId,
          kind: 'scan',
          code: 'old',
          packs: 1,
          user_id: 'old-user',
          device: null,
          at: at(minute),
          request_hash: 'old',
          response_json: '{}',
        })
        .execute();
      if (still) {
        await db
          .insertInto('scan_items')
          .values({
            document_id: documentId,
            unit_id: unitId,
            scan_id: scanId,
            root_id: unitId,
            counted: 1,
            before_status: 'ACTIVE',
            before_reason: 'WAREHOUSE RECEIVED',
          })
          .execute();
      }
      await db.insertInto('redress_carton_packs').values({ document_id: documentId, unit_id: unitId, carton_id: cartonId }).execute();
    }

    await migrateToLatest(database.db);
    expect(await createAdmin(database.db, { email: 'upgrade@demo.local', password: 'Upgrade#Check-2026' }, { onlyIfNone: true })).toBe(
      'created',
    );
    app = await buildApp({ config, database });
    await app.ready();
    headers = (await signIn(app, 'upgrade@demo.local', 'Upgrade#Check-2026')).headers;
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('each labelled carton becomes a carton of its PO warehouse, found by its SSCC with the packs still in it', async () => {
    const [c1] = await search(`/api/searchSSCC/${inProgressCarton}`);
    expect(c1).toMatchObject({
      type: 'CTN',
      sscc: inProgressCarton,
      status: 'ACTIVE',
      reason: 'REDRESSED',
      warehouseNo: 'W9030',
      materialNo: material.materialNo,
      batchNo: product.batch,
      packs: 2,
    });
    expect(c1!.children.map((c) => c.id).sort()).toEqual([packId(p[0]!), packId(p[1]!)].sort());
    expect((await pack(p[0]!)).parent).toEqual({ type: 'CTN', id: inProgressCarton });
    // Deleted from the PO before the upgrade: not in the carton.
    expect((await pack(p[2]!)).parent).toBeNull();

    const [c2] = await search(`/api/searchSSCC/${completedCarton}`);
    expect(c2).toMatchObject({ type: 'CTN', packs: 1 });
    expect(c2!.children.map((c) => c.id)).toEqual([packId(p[3]!)]);
    // Dispatched since: it left the carton.
    expect((await pack(p[4]!)).parent).toBeNull();
  });

  it('a carton SSCC that already names another unit stays a record on its PO; the other unit is untouched', async () => {
    const [pallet] = await search(`/api/searchSSCC/${takenSscc}`);
    expect(pallet).toMatchObject({ type: 'PLT', packs: 0, children: [] });
    expect((await pack(p[5]!)).parent).toBeNull();
    const rows = await database.db.selectFrom('redress_cartons').select(['id', 'unit_id']).orderBy('id').execute();
    const c1 = (await search(`/api/searchSSCC/${inProgressCarton}`))[0]!;
    expect(rows.find((r) => r.id === 'old-c3')!.unit_id).toBeNull();
    expect(rows.find((r) => r.id === 'old-c1')!.unit_id).not.toBeNull();
    expect(c1.sscc).toBe(inProgressCarton);
    if (kind === 'postgres') expect((await stockPacksDrift({ database })).drift).toEqual([]);
  });

  it('redress goes on with the migrated carton: a pack scanned into it after the upgrade becomes its child', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/scanSeries?area=LDC',
      headers,
      payload: { poNo: '5900000001', cartonCode: inProgressCarton, scanType: 'SERIES', code: packScan(p[6]!), scanId: randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().carton).toMatchObject({ cartonCode: inProgressCarton, visibleQty: 3 });
    const [c1] = await search(`/api/searchSSCC/${inProgressCarton}`);
    expect(c1!.packs).toBe(3);
    expect((await pack(p[6]!)).parent).toEqual({ type: 'CTN', id: inProgressCarton });
  });
});

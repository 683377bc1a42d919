import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILIES, fullModuleGrant, LITE_FAMILIES } from '@pharma/domain';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, type PackSpec } from '../src/seed/epcis-builder.ts';
import { isoToday } from '../src/lib/today.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { makeCodes, products, stageInbound, type Product } from './inventory-fixtures.ts';
import { plusDays, quarantineMove } from '../../../packages/domain/src/families/made-up-family.fixture.ts';

/**
 * The proof of issue 29 (decision 0085): a family that exists only in the tests, a quarantine move
 * (QMOVE, module QMOVE, quarantine-move.ts), with a rule of its own, is given to the server with the
 * default ones and runs through the API as every family does: created by the ERP, listed, scanned, refused
 * by its rule and by its scannable states, completed, its units' new state and the audit seen in search,
 * its open documents counted by the dashboard. No other code knows it.
 */

describe.each(DATABASES)('a family given to the server only by this test on %s', (kind) => {
  let t: TestApp;
  let plain: TestApp;
  let admin: Record<string, string>;
  let mover: Record<string, string>;
  let product: Product;
  let saleable: PackSpec[];
  let shortDated: PackSpec[];
  let notReceived: PackSpec[];
  const today = isoToday();

  const { get, post, scan } = requests({ app: () => t.app, as: () => mover, area: 'RDC' });
  const putDocument = (app: TestApp, headers: Record<string, string>, number: string) =>
    app.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/QMOVE/${number}`,
      headers,
      payload: {
        warehouseNo: 'W2010',
        date: today,
        lines: [
          { lineNo: 10, materialNo: product.materialNo, batchNo: product.batch, quantity: 4 },
          { lineNo: 20, materialNo: product.materialNo, batchNo: 'NEAR01', quantity: 1 },
        ],
      },
    });
  const pack = async (p: PackSpec) => {
    const res = await get(`/api/serialSearch/${encodeURIComponent(p.serial)}`);
    expect(res.statusCode).toBe(200);
    return res.json().data.find((u: { gtin: string }) => u.gtin === p.gtin);
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { full: [...FAMILIES, quarantineMove], lite: LITE_FAMILIES });
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    const rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    product = (await products(t))[0]!;
    const codes = makeCodes(8529);
    saleable = codes.packs(3, { ...product!, expiry: plusDays(today, 400) });
    shortDated = codes.packs(1, { ...product!, batch: 'NEAR01', expiry: plusDays(today, 10) });
    notReceived = codes.packs(1, { ...product!, expiry: plusDays(today, 400) });
    // Stock of W2010: received through the API (the packs of `notReceived` are left short on the IBD).
    await stageInbound(t.app, admin, '1700008529', { pallets: [], cartons: [], packs: [...saleable, ...shortDated, ...notReceived] }, [
      product!,
    ]);
    const receive = requests({ app: () => t.app, as: () => rdc, area: 'RDC' });
    for (const p of [...saleable, ...shortDated]) expect((await receive.scan('IBD', '1700008529', packScan(p), 'EA')).statusCode).toBe(200);
    expect((await receive.post('/api/completeReceive', { ibdNo: '1700008529' })).statusCode).toBe(200);

    // A role granted the made-up family's module (and search), and a user holding only it.
    const actions = ['Filter', 'Scan', 'Complete', 'DeleteScannedItem'];
    const qmove = {
      module: 'QMOVE',
      isCompletelyPermitted: false,
      features: [
        { feature: 'List', actions },
        { feature: 'DetailsPage', actions },
      ],
    };
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: admin,
      payload: {
        name: 'Quarantine mover',
        areas: ['RDC'],
        applications: [{ application: 'RDC', modules: [qmove, fullModuleGrant('GLOBAL')] }],
        rights: [],
      },
    });
    expect(role.statusCode).toBe(201);
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin,
      payload: {
        email: 'qmove@demo.local',
        firstName: 'Quarantine',
        lastName: 'Mover',
        password: 'Pharma#2026',
        roleIds: [role.json().id],
      },
    });
    expect(user.statusCode).toBe(201);
    mover = (await signIn(t.app, 'qmove@demo.local', 'Pharma#2026')).headers;

    expect((await putDocument(t, admin, 'QM0001')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
  });

  it('lists the ERP’s document on the family’s own list path, behind its module', async () => {
    const list = await get('/api/qmoveList?status=Open');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      data: [expect.objectContaining({ number: 'QM0001', type: 'QMOVE', status: 'Open', quantity: 5 })],
    });
    const details = await get('/api/qmoveNo/QM0001');
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ document: { number: 'QM0001', status: 'Open' } });
    // The demo's regional user holds no QMOVE grant.
    const rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    expect((await get('/api/qmoveList', rdc)).statusCode).toBe(403);
    expect((await scan('QMOVE', 'QM0001', packScan(saleable[0]!), 'EA', rdc)).statusCode).toBe(403);
  });

  it('scans saleable packs, refuses a short-dated one by its own rule and a pack not in saleable stock', async () => {
    for (const p of saleable) {
      const res = await scan('QMOVE', 'QM0001', packScan(p), 'EA');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ accepted: true, document: { status: 'In Progress' } });
    }
    expect(await pack(saleable[0]!)).toMatchObject({ status: 'PENDING', reason: 'OTHER' });

    const near = await scan('QMOVE', 'QM0001', packScan(shortDated[0]!), 'EA');
    expect(near.statusCode).toBe(422);
    expect(near.json()).toMatchObject({ code: 'BATCH_HELD' });
    expect(near.json().message).toContain('expiring within 30 days');
    expect(await pack(shortDated[0]!)).toMatchObject({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED' });

    const short = await scan('QMOVE', 'QM0001', packScan(notReceived[0]!), 'EA');
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'NOT_TRANSFERABLE' });
    expect(short.json().message).toContain('SHORTAGE');
  });

  it('completes it: the scanned packs are in quarantine, the others as they were, and search shows the audit', async () => {
    const done = await post('/api/completeOperation', { docType: 'QMOVE', docNo: 'QM0001' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: 'Transfer scans saved successfully!', document: { status: 'Completed' } });
    for (const p of saleable) expect(await pack(p)).toMatchObject({ status: 'QUARANTINE', reason: 'OTHER', warehouseNo: 'W2010' });
    expect(await pack(shortDated[0]!)).toMatchObject({ status: 'ACTIVE' });
    const history = ((await pack(saleable[1]!)).history as { action: string; by: string | null }[]).map((h) => h.action);
    expect(history).toEqual(expect.arrayContaining([expect.stringMatching(/QMOVE QM0001/)]));
    expect((await get('/api/qmoveList?status=Completed')).json()).toMatchObject({ total: 1 });
  });

  it('the dashboard counts the family’s open documents, as its list shows them', async () => {
    const openDocuments = async () => {
      const res = await get('/api/reports/dashboard', admin);
      expect(res.statusCode).toBe(200);
      return res.json().openDocuments as number;
    };
    const before = await openDocuments();
    expect((await putDocument(t, admin, 'QM0003')).statusCode).toBe(200);
    expect((await get('/api/qmoveList?status=Open')).json()).toMatchObject({
      total: 1,
      data: [expect.objectContaining({ number: 'QM0003' })],
    });
    expect(await openDocuments()).toBe(before + 1);
  });

  it('the default server knows no such family: the ERP’s document and its paths are refused', async () => {
    plain = await startTestApp(kind);
    const plainAdmin = (await signIn(plain.app, DEMO_USERS.admin)).headers;
    expect((await putDocument(plain, plainAdmin, 'QM0002')).statusCode).toBe(400);
    const role = await plain.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: plainAdmin,
      payload: {
        name: 'No such module',
        areas: ['RDC'],
        applications: [{ application: 'RDC', modules: [{ module: 'QMOVE', isCompletelyPermitted: true, features: [] }] }],
        rights: [],
      },
    });
    expect(role.statusCode).toBe(422);
    expect(role.json()).toMatchObject({ code: 'GRANT_NOT_AVAILABLE' });
    const rdc = (await signIn(plain.app, DEMO_USERS.rdc)).headers;
    expect((await plain.app.inject({ method: 'GET', url: '/api/qmoveList?area=RDC', headers: rdc })).statusCode).toBe(404);
    const res = await plain.app.inject({
      method: 'POST',
      url: '/api/scanForOperation?area=RDC',
      headers: rdc,
      payload: { docType: 'QMOVE', docNo: 'QM0001', code: packScan(saleable[0]!), unit: 'EA', idType: 'GS1', scanId: 'qmove-unknown' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'DOC_TYPE_NOT_SUPPORTED' });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartonLabelCode } from '@pharma/domain';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_REDRESS, DEMO_REDRESS_BPR } from '../src/seed/demo-documents.ts';
import { packScan, type PackSpec } from '../src/seed/epcis-builder.ts';
import { receiveIbd } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * Redress (RRD, issue 17, decision 0036) through the API a handheld calls: the BPR No., carton labels
 * (GS1 element strings: SSCC 00, GTIN 02, batch 10, count 37; GS1 General Specifications 3.2 and the
 * Logistic Label Guideline 4.2), packs scanned into cartons by serial and by count, a pack replaced,
 * completion, reopening and the refusals of spec points 4, 5 and 8, word for word; the permission
 * split of EditBprNo and ReopenDocument; on SQLite and PostgreSQL.
 */
describe.each(DATABASES)('redress on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ldc: Record<string, string>;
  let limited: Record<string, string>;
  let a: Product;
  let packs: PackSpec[];
  let numericPack: PackSpec;
  const codes = makeCodes(1717);
  const cartonA = codes.sscc();
  const cartonB = codes.sscc();
  const PO = '5100001717';
  const EMPTY_PO = '5100001718';

  const { get, post } = requests({ app: () => t.app, as: () => ldc, area: 'LDC' });
  const label = (cartonCode: string, qty: number, p = a) => cartonLabelCode({ cartonCode, gtin: p.gtin, batchNo: p.batch, qty });
  const series = (cartonCode: string, pack: PackSpec, scanId = randomUUID()) =>
    post('/api/scanSeries', { poNo: PO, cartonCode, scanType: 'SERIES', code: packScan(pack), scanId });
  const count = (cartonCode: string, quantity: number, scanId = randomUUID()) =>
    post('/api/scanSeries', { poNo: PO, cartonCode, scanType: 'NON_SERIES', quantity, scanId });
  const packState = async (p: PackSpec) => {
    const res = await get(`/api/serialSearch/${encodeURIComponent(p.serial)}`);
    const u = res.json().data.find((x: { gtin: string }) => x.gtin === p.gtin);
    return { status: u.status, reason: u.reason };
  };
  const putDocument = (type: string, number: string, quantity: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/${type}/${number}`,
      headers: admin,
      payload: { warehouseNo: 'W3010', date: '2026-11-22', lines: [{ lineNo: 10, materialNo: a.materialNo, batchNo: a.batch, quantity }] },
    });
  const audit = (action: string) => t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    a = (await products(t))[0]!;
    packs = codes.packs(12, a);
    numericPack = { ...a, serial: '100000000017' };
    await receiveIbd(apiPort(t.app, admin, 'LDC'), '1700001717', { packs: [...packs, numericPack] }, await products(t), {
      warehouseNo: 'W3010',
    });
    expect((await putDocument('RRD', PO, 10)).statusCode).toBe(200);
    expect((await putDocument('RRD', EMPTY_PO, 4)).statusCode).toBe(200);
    // A redress operator without EditBprNo and ReopenDocument.
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: admin,
      payload: {
        name: 'Redress operator',
        areas: ['LDC'],
        applications: [
          {
            application: 'LDC',
            modules: [
              {
                module: 'REDRESS',
                isCompletelyPermitted: false,
                features: [
                  { feature: 'List', actions: ['Filter', 'Scan', 'Complete', 'DeleteScannedItem'] },
                  { feature: 'DetailsPage', actions: ['Filter', 'Scan', 'Complete', 'DeleteScannedItem'] },
                ],
              },
            ],
          },
        ],
        rights: [],
      },
    });
    expect(role.statusCode, role.body).toBe(201);
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin,
      payload: { email: 'redress@demo.local', firstName: 'Rita', lastName: 'Redress', password: 'Pharma#2026', roleIds: [role.json().id] },
    });
    expect(user.statusCode, user.body).toBe(201);
    limited = (await signIn(t.app, 'redress@demo.local', 'Pharma#2026')).headers;
  });
  afterAll(() => t?.close());

  it('seeds the demo POs: Open, In Progress with its BPR No. and a carton, Completed (README)', async () => {
    const list = (await get('/api/rrdList?sort=number&search=500000020', ldc)).json();
    const byNumber = Object.fromEntries(list.data.map((d: { number: string }) => [d.number, d]));
    expect(byNumber[DEMO_REDRESS.open]).toMatchObject({ status: 'Open', bprNo: null, quantity: 10 });
    expect(byNumber[DEMO_REDRESS.inProgress]).toMatchObject({
      status: 'In Progress',
      bprNo: DEMO_REDRESS_BPR.inProgress,
      scannedQuantity: 2,
    });
    expect(byNumber[DEMO_REDRESS.completed]).toMatchObject({ status: 'Completed', bprNo: DEMO_REDRESS_BPR.completed, scannedQuantity: 4 });
    const [carton] = (await get(`/api/rrdCartons/${DEMO_REDRESS.inProgress}`)).json().data;
    expect(carton).toMatchObject({ qty: 6, visibleQty: 2, bprNo: DEMO_REDRESS_BPR.inProgress });
  });

  it('lists redress POs and shows a PO with its BPR No. (none yet)', async () => {
    const list = (await get('/api/rrdList', ldc)).json();
    expect(list).toMatchObject({ page: 1, pageSize: 20 });
    expect(list.data.find((d: { number: string }) => d.number === PO)).toMatchObject({
      type: 'RRD',
      status: 'Open',
      quantity: 10,
      bprNo: null,
    });
    const details = (await get(`/api/rrdDetails/${PO}`)).json();
    expect(details.document).toMatchObject({ number: PO, status: 'Open', bprNo: null });
    expect(details.data).toEqual([expect.objectContaining({ materialNo: a.materialNo, quantity: 10, scannedQuantity: 0 })]);
  });

  it('a carton label needs the BPR No.; the BPR No. follows its field rule and is saved, audited', async () => {
    const early = await post('/api/validateRRDLabel', { poNo: PO, code: label(cartonA, 6) });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(`Enter the BPR No. of PO ${PO} before scanning carton labels.`);
    for (const bad of ['', 'BPR#17', 'BPR 17', '-BPR17', 'B'.repeat(21)]) {
      const res = await post('/api/validateBPR', { poNo: PO, bprNo: bad });
      expect(res.statusCode, bad).toBe(422);
      // The spec's sentence, then the rule (issue 27).
      expect(res.json()).toMatchObject({
        code: 'INVALID_BPR_NO',
        message:
          'Please enter a valid BPR No. A BPR No. has 1 to 20 letters and digits, with - / or . allowed only between them (such as BPR-2026-0201).',
      });
    }
    const ok = await post('/api/validateBPR', { poNo: PO, bprNo: 'BPR-2026/17' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      message: 'BPR No. saved to this Redress Ref. Doc No.',
      document: { number: PO, status: 'Open', bprNo: 'BPR-2026/17' },
    });
    expect((await get(`/api/rrdDetails/${PO}`)).json().document.bprNo).toBe('BPR-2026/17');
    const row = (await audit('bprNo')).at(-1);
    expect(JSON.parse(row!.before_json!)).toEqual({ bprNo: null });
    expect(JSON.parse(row!.after_json!)).toEqual({ bprNo: 'BPR-2026/17' });
  });

  it('changing a saved BPR No. needs EditBprNo: refused to a user without it, allowed with it and audited with before and after', async () => {
    // The first BPR No. of a PO is entered while scanning; only a change needs EditBprNo.
    expect((await post('/api/validateBPR', { poNo: EMPTY_PO, bprNo: 'BPR-18' }, limited)).statusCode).toBe(200);
    const refused = await post('/api/validateBPR', { poNo: EMPTY_PO, bprNo: 'BPR-19' }, limited);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You are not authorized to access this feature. Please contact the admin for required authorizations.',
    );
    expect((await get(`/api/rrdDetails/${EMPTY_PO}`)).json().document.bprNo).toBe('BPR-18');
    expect((await post('/api/validateBPR', { poNo: EMPTY_PO, bprNo: 'BPR-19' })).statusCode).toBe(200);
    const rows = await audit('bprNo');
    expect(JSON.parse(rows.at(-1)!.before_json!)).toEqual({ bprNo: 'BPR-18' });
    expect(JSON.parse(rows.at(-1)!.after_json!)).toEqual({ bprNo: 'BPR-19' });
  });

  it('reads a carton label and refuses one that would take the PO past its quantity', async () => {
    const res = await post('/api/validateRRDLabel', { poNo: PO, code: label(cartonA, 6) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      cartonCode: cartonA,
      materialNo: a.materialNo,
      batchNo: a.batch,
      qty: 6,
      visibleQty: 0,
      bprNo: 'BPR-2026/17',
    });
    // The same label again answers the carton as recorded.
    expect((await post('/api/validateRRDLabel', { poNo: PO, code: label(cartonA, 6) })).json().id).toBe(res.json().id);
    const over = await post('/api/validateRRDLabel', { poNo: PO, code: label(cartonB, 5) });
    expect(over.statusCode).toBe(422);
    // The spec's sentence, then the quantities (issue 27): 6 of the PO's 10 are labelled, 4 are left.
    expect(over.json().message).toBe(
      `Carton label quantity overflow PO qty. Please check and scan correct value. This label is for 5 packs; PO ${PO} has 4 of its 10 packs of material ${a.materialNo} batch ${a.batch} left to label.`,
    );
    // A human-readable label ((00)…(02)…) reads the same; 6 + 4 fills the PO exactly.
    const b = await post('/api/validateRRDLabel', { poNo: PO, code: `(00)${cartonB}(02)${a.gtin}(10)${a.batch}(37)4` });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toMatchObject({ cartonCode: cartonB, qty: 4 });
    const notLabel = await post('/api/validateRRDLabel', { poNo: PO, code: packScan(packs[0]!) });
    expect(notLabel.statusCode).toBe(422);
    expect(notLabel.json().code).toBe('CARTON_LABEL_INVALID');
    expect((await get(`/api/rrdDetails/${PO}`)).json().document.status).toBe('In Progress');
  });

  it('scans packs into a carton by serial and by count, up to the label quantity; an unknown serial is refused', async () => {
    const scanId = randomUUID();
    const first = await series(cartonA, packs[0]!, scanId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ accepted: true, packs: 1, carton: { cartonCode: cartonA, qty: 6, visibleQty: 1 } });
    // The same scan sent again (a retry) answers the same and counts once.
    expect((await series(cartonA, packs[0]!, scanId)).json()).toEqual(first.json());
    expect((await series(cartonA, packs[1]!)).statusCode).toBe(200);
    expect((await series(cartonA, packs[2]!)).json().carton.visibleQty).toBe(3);
    expect(await packState(packs[0]!)).toEqual({ status: 'PENDING', reason: 'REDRESSED' });

    const unknown = await series(cartonA, { ...a, serial: 'NOTINSTOCK01' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe("Scanned item's serial number is not recognized");

    const counted = await count(cartonA, 2);
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toMatchObject({ packs: 2, unit: null, carton: { visibleQty: 5 } });
    const tooMany = await count(cartonA, 2);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('Total scanned quantity exceeded total quantity allowed for this carton');
    expect((await series(cartonA, packs[3]!)).json().carton.visibleQty).toBe(6);
    const full = await series(cartonA, packs[4]!);
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe('Total scanned quantity exceeded total quantity allowed for this carton');
    expect(await packState(packs[4]!)).toEqual({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED' });

    const details = (await get(`/api/rrdDetails/${PO}`)).json();
    expect(details.data[0]).toMatchObject({ quantity: 10, scannedQuantity: 6 });
    const cartons = (await get(`/api/rrdCartons/${PO}`)).json().data;
    expect(cartons[0]).toMatchObject({ cartonCode: cartonA, visibleQty: 6, counted: 2 });
    expect(cartons[0].packs).toHaveLength(4);
  });

  it('a deleted pack leaves its carton, the count of packs without serials stays', async () => {
    const res = await post('/api/reverseOperation', {
      docType: 'RRD',
      docNo: PO,
      code: packScan(packs[3]!),
      unit: 'EA',
      scanId: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [carton] = (await get(`/api/rrdCartons/${PO}`)).json().data;
    expect(carton).toMatchObject({ visibleQty: 5, counted: 2 });
    expect((await get(`/api/rrdDetails/${PO}`)).json().data[0].scannedQuantity).toBe(5);
    expect((await series(cartonA, packs[3]!)).json().carton.visibleQty).toBe(6);
  });

  it('replaces a pack with one of the same serial format; the replaced pack is recorded as damaged, both audited', async () => {
    const format = await post('/api/replacePack', { poNo: PO, from: packScan(packs[0]!), to: packScan(numericPack), scanId: randomUUID() });
    expect(format.statusCode).toBe(422);
    expect(format.json().message).toBe('Destination item has a different serial number format. Please check and try again.');
    const unknown = await post('/api/replacePack', {
      poNo: PO,
      from: packScan(packs[0]!),
      to: packScan({ ...a, serial: 'NOTINSTOCK02' }),
      scanId: randomUUID(),
    });
    expect(unknown.json().message).toBe("Scanned item's serial number is not recognized");

    const res = await post('/api/replacePack', { poNo: PO, from: packScan(packs[0]!), to: packScan(packs[10]!), scanId: randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    const out = `${packs[0]!.gtin}/${packs[0]!.serial}`;
    const into = `${packs[10]!.gtin}/${packs[10]!.serial}`;
    expect(res.json()).toMatchObject({ replaced: out, unit: into, carton: { cartonCode: cartonA, visibleQty: 6 } });
    expect(await packState(packs[0]!)).toEqual({ status: 'DAMAGED', reason: 'WAREHOUSE RECEIVED' });
    expect(await packState(packs[10]!)).toEqual({ status: 'PENDING', reason: 'REDRESSED' });
    const [carton] = (await get(`/api/rrdCartons/${PO}`)).json().data;
    expect(carton.packs).toContain(into);
    expect(carton.packs).not.toContain(out);
    const [row] = await audit('replace pack');
    expect(JSON.parse(row!.before_json!)).toEqual({ cartonCode: cartonA, pack: out });
    expect(JSON.parse(row!.after_json!)).toEqual({ cartonCode: cartonA, pack: into });
    expect((await get(`/api/rrdDetails/${PO}`)).json().data[0].scannedQuantity).toBe(6);
  });

  it('completes: redressed packs become ACTIVE / REDRESSED; nothing is deleted from a completed redress', async () => {
    const nothing = await post('/api/completeRrd', { poNo: EMPTY_PO });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().message).toBe('Error completing redress... Please try again later.');
    for (const p of packs.slice(4, 8)) expect((await series(cartonB, p)).statusCode).toBe(200);
    const done = await post('/api/completeRrd', { poNo: PO });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: 'Redress scans saved successfully!', document: { status: 'Completed' } });
    expect(await packState(packs[4]!)).toEqual({ status: 'ACTIVE', reason: 'REDRESSED' });
    const del = await post('/api/reverseOperation', {
      docType: 'RRD',
      docNo: PO,
      code: packScan(packs[4]!),
      unit: 'EA',
      scanId: randomUUID(),
    });
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toBe('Redress has already been completed. Deletion is not allowed.');
  });

  it('reopening needs ReopenDocument; a pack dispatched since completion stays as it is and the reopen says which', async () => {
    const refused = await post('/api/reopenDocument', { docType: 'RRD', docNo: PO }, limited);
    expect(refused.statusCode).toBe(403);
    expect((await get(`/api/rrdDetails/${PO}`)).json().document.status).toBe('Completed');

    // Redressed stock is saleable: one pack goes on a dispatch before the PO is reopened.
    await t.app.inject({
      method: 'PUT',
      url: '/api/integration/documents/OBD/8100001717',
      headers: admin,
      payload: {
        warehouseNo: 'W3010',
        date: '2026-11-22',
        lines: [{ lineNo: 10, materialNo: a.materialNo, batchNo: a.batch, quantity: 1 }],
      },
    });
    const d = await post('/api/scanForOperation', {
      docType: 'OBD',
      docNo: '8100001717',
      code: packScan(packs[5]!),
      unit: 'EA',
      scanId: randomUUID(),
    });
    expect(d.statusCode, d.body).toBe(200);

    const res = await post('/api/reopenDocument', { docType: 'RRD', docNo: PO });
    expect(res.statusCode, res.body).toBe(200);
    const dispatched = `${packs[5]!.gtin}/${packs[5]!.serial}`;
    expect(res.json()).toEqual({
      message: 'Document Reopened Successfully!',
      document: { status: 'In Progress' },
      kept: [dispatched],
      note: `Changed since completion, these stay as they are: ${dispatched}.`,
    });
    expect(await packState(packs[4]!)).toEqual({ status: 'PENDING', reason: 'REDRESSED' });
    expect(await packState(packs[5]!)).toEqual({ status: 'PENDING', reason: 'DISPATCHED' });
    expect((await get(`/api/rrdDetails/${PO}`)).json().document).toMatchObject({ status: 'In Progress', completedAt: null });
    const [row] = await audit('reopen');
    expect(JSON.parse(row!.after_json!)).toEqual({ status: 'In Progress', kept: [dispatched] });

    const again = await post('/api/reopenDocument', { docType: 'RRD', docNo: PO });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOT_REOPENABLE');
    // Completed again: the dispatched pack is left as the dispatch has it.
    expect((await post('/api/completeRrd', { poNo: PO })).json().message).toBe('Redress scans saved successfully!');
    expect(await packState(packs[4]!)).toEqual({ status: 'ACTIVE', reason: 'REDRESSED' });
    expect(await packState(packs[5]!)).toEqual({ status: 'PENDING', reason: 'DISPATCHED' });
  });

  it('a family without a reopen cannot be reopened, and a redress call of the other area is refused', async () => {
    // Receiving has no reopen (dispatch and scrapping have one since issue 28: verification-decommission.test.ts).
    const res = await post('/api/reopenDocument', { docType: 'IBD', docNo: '1700001717' }, admin);
    expect(res.statusCode).toBe(403);
    const rdc = await t.app.inject({
      method: 'POST',
      url: '/api/validateBPR?area=RDC',
      headers: admin,
      payload: { poNo: PO, bprNo: 'X1' },
    });
    expect(rdc.statusCode).toBe(403);
  });
});

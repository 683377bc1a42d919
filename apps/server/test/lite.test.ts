import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_INVENTORY, DEMO_LITE } from '../src/seed/demo-documents.ts';
import { packScan, ssccScan, type CartonSpec } from '../src/seed/epcis-builder.ts';
import { receiveIbd, stageIbd } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * The 23 lite paths of spec point 7 (decision 0039), each with what it does and a refusal, on SQLite
 * and PostgreSQL: lite documents created by the user, lines by hand and by scanned code, scans that move
 * units as the full family does (docs/inventory-states.md), deletes, completion, and the module check.
 */
describe.each(DATABASES)('lite families on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ldc: Record<string, string>;
  let receiverOnly: Record<string, string>;
  let a: Product;
  let batchless: Product;
  const cartons: Record<string, CartonSpec> = {};
  let announced: CartonSpec;

  const local = requests({ app: () => t.app, as: () => ldc });
  const post = local.post;
  const get = (url: string, query: Record<string, string>, headers = ldc) =>
    local.get(`${url}?${new URLSearchParams(query).toString()}`, headers);
  const create = (moduleType: string, docNo: string, warehouseNo = 'W3010', headers = ldc) =>
    post('/api/lite/createDocument', { moduleType, docNo, warehouseNo }, headers);
  const addLine = (moduleType: string, docNo: string, quantity: string | number, p = a, materialNo = p.materialNo) =>
    post('/api/lite/updateDocument', { moduleType, docNo, materialNo, batchNo: p.batch, quantity });
  const scanAt = (path: string, docNo: string, code: string, unit: string, headers = ldc) =>
    post(`/api/lite/${path}`, { docNo, code, unit, idType: 'GS1', scanId: randomUUID() }, headers);
  const unitState = async (sscc: string) => {
    const [u] = (await local.get(`/api/searchSSCC/${encodeURIComponent(ssccScan(sscc))}?area=LDC`)).json().data;
    return u && { status: u.status, reason: u.reason, warehouseNo: u.warehouseNo };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    const all = await products(t);
    a = all[0]!;
    batchless = all[1]!;
    const codes = makeCodes(7373);
    for (const name of ['dispatch', 'redress', 'decomm', 'transfer', 'rtp', 'extra']) cartons[name] = codes.carton(3, a);
    await receiveIbd(apiPort(t.app, admin, 'LDC'), '1700007373', { cartons: Object.values(cartons) }, all, { warehouseNo: 'W3010' });
    announced = codes.carton(2, a);
    await stageIbd(apiPort(t.app, admin), '1700007374', { cartons: [announced] }, all, { warehouseNo: 'W3010' });

    // A user with RECEIVE+ only (every feature and action of it), for the module check.
    const role = await post(
      '/api/admin/roles',
      {
        name: 'Receive+ only',
        areas: ['LDC'],
        applications: [{ application: 'LDC', modules: [{ module: 'RECEIVE+', isCompletelyPermitted: true, features: [] }] }],
        rights: [],
      },
      admin,
    );
    expect(role.statusCode).toBe(201);
    const user = await post(
      '/api/admin/users',
      { email: 'receiveplus@demo.local', firstName: 'Rita', lastName: 'Plus', password: 'Pharma#2026', roleIds: [role.json().id] },
      admin,
    );
    expect(user.statusCode).toBe(201);
    receiverOnly = (await signIn(t.app, 'receiveplus@demo.local', 'Pharma#2026')).headers;
  });
  afterAll(() => t.close());

  it('createDocument: validates the number (spec point 5), refuses a duplicate and a regional warehouse, audits', async () => {
    expect((await create('DISPATCH+', 'AB-12')).json()).toEqual({
      code: 'ALPHANUMERIC_ONLY',
      message: 'Please enter alphabets and numbers only.',
    });
    expect((await create('DISPATCH+', 'AB12')).json().message).toBe('Please enter at least 5 alphanumeric characters to proceed.');
    expect((await create('DISPATCH+', 'A'.repeat(21))).json().message).toBe('Please enter a maximum of 20 alpha numeric characters only.');
    expect((await create('DISPATCH+', '')).json().message).toBe('Field cannot be empty');
    expect((await create('DISPATCH+', 'LD0001', 'W2010')).statusCode).toBe(422);
    const res = await create('DISPATCH+', 'LD0001');
    expect(res.statusCode).toBe(201);
    expect(res.json().document).toMatchObject({
      number: 'LD0001',
      type: 'OBD+',
      moduleType: 'DISPATCH+',
      status: 'Open',
      warehouseNo: 'W3010',
    });
    const again = await create('DISPATCH+', 'LD0001');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'LITE_NUMBER_TAKEN', message: 'LD0001 already exists in warehouse W3010: enter another number.' });
    // The same number in another family is another document.
    expect((await create('DECOMM+', 'LD0001')).statusCode).toBe(201);
    expect((await create('FOO+', 'LD0002')).statusCode).toBe(404);
    const doc = await t.database.db
      .selectFrom('documents')
      .select('id')
      .where('type', '=', 'OBD+')
      .where('number', '=', 'LD0001')
      .executeTakeFirstOrThrow();
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('entity_id', '=', doc.id).execute();
    expect(audit.map((r) => r.action)).toEqual(['create']);
  });

  it('the module check: a RECEIVE+ only user is refused on Dispatch+ and allowed on Receive+', async () => {
    expect((await create('DISPATCH+', 'LD0003', 'W3010', receiverOnly)).statusCode).toBe(403);
    expect((await get('/api/lite/dispatchList', {}, receiverOnly)).statusCode).toBe(403);
    expect((await scanAt('scanForDispatch', 'LD0001', ssccScan(cartons.dispatch!.sscc), 'CTN', receiverOnly)).json().code).toBe(
      'MODULE_NOT_AUTHORIZED',
    );
    expect((await get('/api/lite/getDocumentDetails', { moduleType: 'DISPATCH+', docNo: 'LD0001' }, receiverOnly)).statusCode).toBe(403);
    expect((await create('RECEIVE+', 'LR0001', 'W3010', receiverOnly)).statusCode).toBe(201);
    expect((await get('/api/lite/receivePlusList', {}, receiverOnly)).json().data.map((d: { number: string }) => d.number)).toEqual([
      'LR0001',
    ]);
    const short = await get('/api/lite/receivePlusList', { search: 'LR0' }, receiverOnly);
    expect(short.json().message).toBe('Please enter at least 5 characters to search.');
  });

  it('updateDocument: lines by hand with spec point 5 rules; a quantity never below what is scanned', async () => {
    expect((await addLine('DISPATCH+', 'LD0001', '3', a, 'MAT1')).json().message).toBe(
      'The material number must have exactly 8 characters.',
    );
    expect((await addLine('DISPATCH+', 'LD0001', '3', a, 'ZZZZ9999')).json().code).toBe('UNKNOWN_MATERIAL');
    expect((await addLine('DISPATCH+', 'LD0001', '2.5')).json().code).toBe('LITE_WHOLE_PACKS');
    expect((await addLine('DISPATCH+', 'LD0001', 'abc')).json().code).toBe('INVALID_QUANTITY');
    expect((await addLine('DISPATCH+', 'LD0001', '3', { ...a, batch: 'BAD BATCH!' })).statusCode).toBe(400);
    const res = await addLine('DISPATCH+', 'LD0001', '3EA');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Item added successfully!');
    expect(res.json().data).toMatchObject([{ materialNo: a.materialNo, batchNo: a.batch, quantity: 3, scannedQuantity: 0 }]);
    expect((await addLine('DISPATCH+', 'LD0001', 4)).json().data).toMatchObject([{ quantity: 4 }]);
    expect((await addLine('DISPATCH+', 'LD0404', 4)).statusCode).toBe(404);
  });

  it('getMaterialDetails: by number or by a scanned pack code (GTIN and batch); an SSCC is refused', async () => {
    const byNo = await get('/api/lite/getMaterialDetails', { moduleType: 'DISPATCH+', materialNo: a.materialNo });
    expect(byNo.json()).toMatchObject({ materialNo: a.materialNo, gtin: a.gtin, batchNo: null });
    const byCode = await get('/api/lite/getMaterialDetails', { moduleType: 'DISPATCH+', code: packScan(cartons.extra!.packs[0]!) });
    expect(byCode.json()).toMatchObject({ materialNo: a.materialNo, batchNo: a.batch });
    const sscc = await get('/api/lite/getMaterialDetails', { moduleType: 'DISPATCH+', code: ssccScan(cartons.extra!.sscc) });
    expect(sscc.json()).toEqual({
      code: 'GS1_SSCC_IN_BATCH_SCAN',
      message: 'This is a pallet or carton code (SSCC). Please scan the batch of a pack.',
    });
    expect((await get('/api/lite/getMaterialDetails', { moduleType: 'RTP+', materialNo: 'nope' })).statusCode).toBe(400);
  });

  it("scanForDispatch: dispatches as an OBD does; past a line's quantity 'Quantity exceeded'", async () => {
    const res = await scanAt('scanForDispatch', 'LD0001', ssccScan(cartons.dispatch!.sscc), 'CTN');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: true, packs: 3, document: { status: 'In Progress' } });
    expect(await unitState(cartons.dispatch!.sscc)).toEqual({ status: 'PENDING', reason: 'DISPATCHED', warehouseNo: 'W3010' });
    const over = await scanAt('scanForDispatch', 'LD0001', ssccScan(cartons.extra!.sscc), 'CTN');
    expect(over.json()).toEqual({
      code: 'QUANTITY_EXCEEDED',
      message: `Quantity exceeded: 4 expected, 3 already scanned, this scan 3 (material ${a.materialNo}, batch ${a.batch}).`,
    });
    expect(await unitState(cartons.extra!.sscc)).toEqual({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', warehouseNo: 'W3010' });
    expect((await addLine('DISPATCH+', 'LD0001', 2)).json()).toMatchObject({ code: 'LITE_QUANTITY_BELOW_SCANNED' });
  });

  it('getDocumentDetails and getDocumentDetailsByMaterialAndBatch: the lines and the units scanned on them', async () => {
    const details = await get('/api/lite/getDocumentDetails', { moduleType: 'DISPATCH+', docNo: 'LD0001' });
    expect(details.json().document).toMatchObject({ status: 'In Progress', quantity: 4, scannedQuantity: 3 });
    const line = await get('/api/lite/getDocumentDetailsByMaterialAndBatch', {
      moduleType: 'DISPATCH+',
      docNo: 'LD0001',
      materialNo: a.materialNo,
      batchNo: a.batch,
    });
    expect(line.json().line).toMatchObject({ scannedQuantity: 3, scannedDetails: [cartons.dispatch!.sscc] });
    const none = await get('/api/lite/getDocumentDetailsByMaterialAndBatch', {
      moduleType: 'DISPATCH+',
      docNo: 'LD0001',
      materialNo: a.materialNo,
      batchNo: 'NOPE',
    });
    expect(none.statusCode).toBe(404);
    expect((await get('/api/lite/getDocumentDetails', { moduleType: 'DISPATCH+', docNo: 'LD9999' })).statusCode).toBe(404);
  });

  it('removeDocument: refused while packs are on it; a document with none is removed and audited', async () => {
    const refused = await post('/api/lite/removeDocument', { moduleType: 'DISPATCH+', docNo: 'LD0001' });
    expect(refused.json()).toEqual({
      code: 'LITE_HAS_SCANS',
      message: 'LD0001 has 3 scanned packs: delete them before removing the document.',
    });
    expect((await create('DISPATCH+', 'LD0005')).statusCode).toBe(201);
    await addLine('DISPATCH+', 'LD0005', 1);
    const removed = await post('/api/lite/removeDocument', { moduleType: 'DISPATCH+', docNo: 'LD0005' });
    expect(removed.json()).toEqual({ message: 'LD0005 removed.' });
    expect((await get('/api/lite/getDocumentDetails', { moduleType: 'DISPATCH+', docNo: 'LD0005' })).statusCode).toBe(404);
    const trail = await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'remove').execute();
    expect(JSON.parse(trail.at(-1)!.before_json!)).toMatchObject({ number: 'LD0005', lines: [{ materialNo: a.materialNo, quantity: 1 }] });
    // The number is free again.
    expect((await create('DISPATCH+', 'LD0005')).statusCode).toBe(201);
  });

  it("deleteItem: a scanned unit goes back ('Item removed successfully'); a line with scans is kept; RTP+ may not delete", async () => {
    expect(
      (
        await post('/api/lite/deleteItem', {
          moduleType: 'DISPATCH+',
          docNo: 'LD0001',
          materialNo: a.materialNo,
          batchNo: a.batch,
          scanId: randomUUID(),
        })
      ).json().code,
    ).toBe('LITE_LINE_HAS_SCANS');
    const res = await post('/api/lite/deleteItem', {
      moduleType: 'DISPATCH+',
      docNo: 'LD0001',
      code: ssccScan(cartons.dispatch!.sscc),
      unit: 'CTN',
      scanId: randomUUID(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Item removed successfully');
    expect(res.json().data).toMatchObject([{ scannedQuantity: 0, scannedDetails: [] }]);
    expect(await unitState(cartons.dispatch!.sscc)).toEqual({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', warehouseNo: 'W3010' });
    expect(
      (
        await post('/api/lite/deleteItem', {
          moduleType: 'RTP+',
          docNo: 'LD0001',
          code: ssccScan(cartons.dispatch!.sscc),
          scanId: randomUUID(),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('completeOperationForDoc: dispatches the scanned units; the completed document refuses changes', async () => {
    expect((await post('/api/lite/completeOperationForDoc', { moduleType: 'DISPATCH+', docNo: 'LD0001' })).json().code).toBe(
      'ERROR_COMPLETING_DISPATCH',
    );
    await scanAt('scanForDispatch', 'LD0001', ssccScan(cartons.dispatch!.sscc), 'CTN');
    const done = await post('/api/lite/completeOperationForDoc', { moduleType: 'DISPATCH+', docNo: 'LD0001' });
    expect(done.json()).toMatchObject({ message: 'GI scan saved successfully!', document: { status: 'Completed' } });
    expect(await unitState(cartons.dispatch!.sscc)).toEqual({ status: 'TRANSIT', reason: 'DISPATCHED', warehouseNo: 'W3010' });
    expect((await addLine('DISPATCH+', 'LD0001', 9)).statusCode).toBe(409);
    expect((await post('/api/lite/removeDocument', { moduleType: 'DISPATCH+', docNo: 'LD0001' })).statusCode).toBe(409);
    const del = await post('/api/lite/deleteItem', {
      moduleType: 'DISPATCH+',
      docNo: 'LD0001',
      code: ssccScan(cartons.dispatch!.sscc),
      unit: 'CTN',
      scanId: randomUUID(),
    });
    expect(del.json()).toEqual({ code: 'ITEM_CANNOT_BE_DELETED', message: 'Item cannot be deleted due to its status.' });
    expect((await scanAt('scanForDispatch', 'LD0001', ssccScan(cartons.extra!.sscc), 'CTN')).statusCode).toBe(409);
  });

  it('scanForReturnPlus takes the dispatched carton back into quarantine', async () => {
    await create('RETURN+', 'LT0001');
    await addLine('RETURN+', 'LT0001', 3);
    expect((await scanAt('scanForReturnPlus', 'LT0001', ssccScan(cartons.extra!.sscc), 'CTN')).json().code).toBe('NOT_DISPATCHED');
    expect((await scanAt('scanForReturnPlus', 'LT0001', ssccScan(cartons.dispatch!.sscc), 'CTN')).statusCode).toBe(200);
    await post('/api/lite/completeOperationForDoc', { moduleType: 'RETURN+', docNo: 'LT0001' });
    expect(await unitState(cartons.dispatch!.sscc)).toEqual({ status: 'QUARANTINE', reason: 'RETURNED', warehouseNo: 'W3010' });
    expect((await get('/api/lite/returnPlusList', { status: 'Completed' })).json().data.map((d: { number: string }) => d.number)).toEqual([
      'LT0001',
    ]);
    // Spec point 5: a date range of a year or more is refused.
    const range = await get('/api/lite/returnPlusList', { from: '2026-01-01', to: '2027-01-01' });
    expect(range.json()).toEqual({ code: 'INVALID_DATE_RANGE', message: 'Please select a valid date range of less than 1 year' });
  });

  it('scanForDecommPlus scraps; scanForTransfer and scanForRtpPlus send stock out; each list lists its own', async () => {
    const flows: [string, string, string, CartonSpec, string, object][] = [
      [
        'DECOMM+',
        'LC0001',
        'scanForDecommPlus',
        cartons.decomm!,
        '/api/lite/decommPlusList',
        { status: 'DESTROYED', reason: 'OTHER', warehouseNo: 'W3010' },
      ],
      [
        'TRANSFER+',
        'LS0001',
        'scanForTransfer',
        cartons.transfer!,
        '/api/lite/transferList',
        { status: 'TRANSIT', reason: 'PENDING GR', warehouseNo: null },
      ],
      [
        'RTP+',
        'LP0001',
        'scanForRtpPlus',
        cartons.rtp!,
        '/api/lite/rtpPlusList',
        { status: 'TRANSIT', reason: 'DISPATCHED', warehouseNo: 'W3010' },
      ],
    ];
    for (const [moduleType, docNo, path, carton, list, after] of flows) {
      expect((await create(moduleType, docNo)).statusCode).toBe(201);
      expect((await scanAt(path, docNo, ssccScan(carton.sscc), 'CTN')).json().code, path).toBe('NOT_ON_DOCUMENT');
      await addLine(moduleType, docNo, 3);
      expect((await scanAt(path, docNo, ssccScan(carton.sscc), 'CTN')).statusCode, path).toBe(200);
      expect((await post('/api/lite/completeOperationForDoc', { moduleType, docNo })).statusCode, path).toBe(200);
      expect(await unitState(carton.sscc), path).toEqual(after);
      expect(
        (await get(list, {})).json().data.map((d: { number: string }) => d.number),
        list,
      ).toContain(docNo);
      expect((await get(list, { search: 'ab' })).statusCode, list).toBe(400);
    }
  });

  it('scanForReceivePlus receives an announced carton into the warehouse', async () => {
    await addLine('RECEIVE+', 'LR0001', 2);
    expect((await scanAt('scanForReceivePlus', 'LR0001', ssccScan(cartons.extra!.sscc), 'CTN', receiverOnly)).json().code).toBe(
      'ALREADY_RECEIVED',
    );
    expect((await scanAt('scanForReceivePlus', 'LR0001', ssccScan(announced.sscc), 'CTN', receiverOnly)).statusCode).toBe(200);
    const done = await post('/api/lite/completeOperationForDoc', { moduleType: 'RECEIVE+', docNo: 'LR0001' }, receiverOnly);
    expect(done.json().message).toBe('Receive scans saved successfully!');
    expect(await unitState(announced.sscc)).toEqual({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', warehouseNo: 'W3010' });
  });

  it('Redress+: scanCartonCodeForRedress takes cartons only, completeScanningForRRD completes; rrdList lists it', async () => {
    await create('REDRESS+', 'PO0001');
    await addLine('REDRESS+', 'PO0001', 3);
    expect((await scanAt('scanCartonCodeForRedress', 'PO0001', packScan(cartons.redress!.packs[0]!), 'EA')).statusCode).toBe(400);
    expect((await scanAt('scanCartonCodeForRedress', 'PO0001', ssccScan(cartons.redress!.sscc), 'CTN')).statusCode).toBe(200);
    expect(await unitState(cartons.redress!.sscc)).toEqual({ status: 'PENDING', reason: 'REDRESSED', warehouseNo: 'W3010' });
    expect((await post('/api/lite/completeScanningForRRD', { docNo: 'PO9999' })).statusCode).toBe(404);
    const done = await post('/api/lite/completeScanningForRRD', { docNo: 'PO0001' });
    expect(done.json().message).toBe('Redress scans saved successfully!');
    expect(await unitState(cartons.redress!.sscc)).toEqual({ status: 'ACTIVE', reason: 'REDRESSED', warehouseNo: 'W3010' });
    expect((await get('/api/lite/rrdList', { status: 'Completed' })).json().data.map((d: { number: string }) => d.number)).toEqual([
      'PO0001',
    ]);
    expect((await get('/api/lite/rrdList', {}, receiverOnly)).statusCode).toBe(403);
    // Spec point 8: nothing is deleted from a completed redress, a scanned carton or a line.
    const scanned = await post('/api/lite/deleteItem', {
      moduleType: 'REDRESS+',
      docNo: 'PO0001',
      code: ssccScan(cartons.redress!.sscc),
      unit: 'CTN',
      scanId: randomUUID(),
    });
    expect(scanned.json()).toEqual({
      code: 'REDRESS_ALREADY_COMPLETED',
      message: 'Redress has already been completed. Deletion is not allowed.',
    });
    const line = await post('/api/lite/deleteItem', {
      moduleType: 'REDRESS+',
      docNo: 'PO0001',
      materialNo: a.materialNo,
      batchNo: a.batch,
      scanId: randomUUID(),
    });
    expect(line.json().code).toBe('REDRESS_ALREADY_COMPLETED');
  });

  it("the ERP cannot put lite documents; the spec's 23 lite paths and the two count paths are in the OpenAPI document", async () => {
    const erp = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/${encodeURIComponent('OBD+')}/LD0009`,
      headers: admin,
      payload: { warehouseNo: 'W3010', date: '2026-11-22', lines: [{ lineNo: 10, materialNo: batchless.materialNo, quantity: 1 }] },
    });
    expect(erp.statusCode).toBe(400);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const lite = Object.entries(doc.paths as Record<string, Record<string, { requestBody?: unknown; parameters?: unknown }>>).filter(
      ([p]) => p.startsWith('/api/lite/'),
    );
    // Spec point 7's 23, and getCounts and removeCount (issue 27, decision 0066).
    expect(lite).toHaveLength(25);
    expect(lite.map(([p]) => p)).toEqual(expect.arrayContaining(['/api/lite/getCounts', '/api/lite/removeCount']));
    // Each with an example of what a client sends: its body, or its query.
    const without = lite.filter(([, ops]) =>
      Object.values(ops).some((op) => !JSON.stringify([op.requestBody, op.parameters]).includes('"example')),
    );
    expect(without.map(([p]) => p)).toEqual([]);
  });

  it('the demo Dispatch+ document (README) takes its carton and packs and completes', async () => {
    const { carton, packs } = DEMO_INVENTORY.liteStock;
    const details = await get('/api/lite/getDocumentDetails', { moduleType: 'DISPATCH+', docNo: DEMO_LITE.dispatch });
    expect(details.json().document).toMatchObject({ status: 'Open', warehouseNo: 'W3010', quantity: 8, scannedQuantity: 0 });
    expect((await scanAt('scanForDispatch', DEMO_LITE.dispatch, ssccScan(carton.sscc), 'CTN')).json().packs).toBe(6);
    for (const p of packs) expect((await scanAt('scanForDispatch', DEMO_LITE.dispatch, packScan(p), 'EA')).statusCode).toBe(200);
    const done = await post('/api/lite/completeOperationForDoc', { moduleType: 'DISPATCH+', docNo: DEMO_LITE.dispatch });
    expect(done.json()).toMatchObject({
      message: 'GI scan saved successfully!',
      data: [{ quantity: 8, scannedQuantity: 8, shortageQuantity: 0 }],
    });
  });
});

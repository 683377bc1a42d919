import { randomUUID } from 'node:crypto';
import { FAMILIES, message, type DocumentType } from '@pharma/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import {
  DEMO_DOCUMENTS,
  DEMO_IBDS,
  DEMO_INVENTORY,
  DEMO_LITE,
  DEMO_LOCAL_DOCUMENTS,
  DEMO_REDRESS,
  DEMO_SCANLITE,
} from '../src/seed/demo-documents.ts';
import { packScan, ssccScan } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, rowCount, type TestApp } from './harness.ts';

/**
 * Issue 14: every route that reads or writes a unit or a document answers only for the warehouses of
 * the area it is called for (decision 0019; the area is a condition of the query). Beside
 * unit-areas.test.ts (search, item status, receiving, scan, reverse, complete), labels.test.ts,
 * repack.test.ts and repack-documents.test.ts: the pack label and print audit, the details and lists of
 * every other family, and the repack paths, called for the other area. Both directions: the local user
 * (and the administrator) with `?area=LDC` for regional things, the regional user (and the administrator)
 * with `?area=RDC` for local ones. A refusal is what a client sees (status, code, message) and changes nothing.
 */
describe.each(DATABASES)('routes called for the other area on %s', (kind) => {
  let t: TestApp;
  const as: Record<string, Record<string, string>> = {};
  const { stock, localStock, liteStock } = DEMO_INVENTORY;
  /** Copies in W2010 of documents of the families only the local area runs (no demo document of theirs is regional). */
  const regionalCopy: Partial<Record<DocumentType, string>> = {};
  let localRepackSscc = '';

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const who of ['rdc', 'ldc', 'admin'] as const) as[who] = (await signIn(t.app, DEMO_USERS[who])).headers;
    const db = t.database.db;
    const now = new Date().toISOString();
    for (const [type, number] of [
      ['STO', '3000000299'],
      ['RTP', '4000000299'],
      ['RRD', '5000000299'],
      ['SCANLITE', '9000000299'],
      ['OBD+', 'LD2026099'],
    ] as const) {
      await db
        .insertInto('documents')
        .values({
          id: randomUUID(),
          type,
          number,
          warehouse_no: 'W2010',
          status: 'Open',
          doc_date: now.slice(0, 10),
          created_at: now,
          updated_at: now,
          completed_at: null,
          destination_warehouse_no: null,
          source_document_id: null,
        })
        .execute();
      regionalCopy[type] = number;
    }
    // A local pallet with a pending repack (createPallet opens one).
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/createPallet?area=LDC',
      headers: as.ldc,
      payload: { warehouseNo: 'W3010', type: 'PLT' },
    });
    expect(made.statusCode).toBe(200);
    localRepackSscc = made.json().sscc;
  });
  afterAll(() => t?.close());

  const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: as[who] });
  const post = (who: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: as[who], payload });
  const count = (table: 'audit_log' | 'label_prints' | 'repack_documents' | 'repack_moves') => rowCount(t, table);
  /** What a refused call must leave as it was: audit rows, label prints, repacks and their moves, units and documents. */
  const snapshot = async () => ({
    audit: await count('audit_log'),
    prints: await count('label_prints'),
    repacks: await t.database.db.selectFrom('repack_documents').select(['repack_no', 'state']).orderBy('repack_no').execute(),
    moves: await count('repack_moves'),
    units: await t.database.db
      .selectFrom('handling_units')
      .select(['id', 'status', 'reason', 'parent_id', 'warehouse_no'])
      .orderBy('id')
      .execute(),
    documents: await t.database.db.selectFrom('documents').select(['id', 'status', 'updated_at']).orderBy('id').execute(),
  });
  const refused = async (
    res: { statusCode: number; json(): unknown },
    status: number,
    code: string,
    params: Record<string, string> = {},
  ) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ code, message: message(code as never, params) });
  };

  it('printPackLabel: a pack of the other area is not recognized, and no print is recorded', async () => {
    const before = await snapshot();
    const regional = stock.loosePacks[0]!;
    const local = localStock.loosePacks[0]!;
    for (const [who, url, pack] of [
      ['ldc', '/api/printPackLabel?area=LDC', regional],
      ['admin', '/api/printPackLabel?area=LDC', regional],
      ['rdc', '/api/printPackLabel?area=RDC', local],
      ['admin', '/api/printPackLabel?area=RDC', local],
    ] as const) {
      await refused(await post(who, url, { code: packScan(pack), format: 'ZPL' }), 404, 'SERIAL_NOT_RECOGNIZED');
    }
    expect(await snapshot()).toEqual(before);
    // The same pack in its own area prints.
    const own = await post('rdc', '/api/printPackLabel?area=RDC', { code: packScan(regional), format: 'ZPL' });
    expect(own.statusCode).toBe(200);
    expect(await count('label_prints')).toBe(before.prints + 1);
  });

  it('auditPrint: a pallet or carton of the other area is not found, and no print is recorded', async () => {
    const before = await snapshot();
    for (const [who, url, sscc] of [
      ['ldc', '/api/auditPrint?area=LDC', stock.pallet.sscc],
      ['admin', '/api/auditPrint?area=LDC', stock.olderCarton.sscc],
      ['rdc', '/api/auditPrint?area=RDC', localStock.pallet.sscc],
      ['admin', '/api/auditPrint?area=RDC', localStock.carton.sscc],
    ] as const) {
      await refused(await post(who, url, { sscc, format: 'PDF' }), 404, 'SSCC_NOT_FOUND', { sscc });
    }
    expect(await snapshot()).toEqual(before);
    const own = await post('ldc', '/api/auditPrint?area=LDC', { sscc: localStock.pallet.sscc, format: 'PDF' });
    expect(own.statusCode).toBe(200);
    expect(await count('label_prints')).toBe(before.prints + 1);
  });

  const detailsOf = (type: DocumentType) => {
    const family = FAMILIES.find((f) => f.type === type)!;
    return { list: family.api.list, details: family.api.details };
  };
  const listed = async (who: string, url: string) => {
    const res = await get(who, url);
    expect(res.statusCode).toBe(200);
    return (res.json().data as { number: string }[]).map((d) => d.number);
  };

  // The families both areas run: a document of one area's warehouse, asked for in the other.
  const bothAreas: [DocumentType, string, string][] = [
    ['IBD', DEMO_IBDS.open, DEMO_IBDS.local],
    ['OBD', DEMO_DOCUMENTS.dispatch, DEMO_LOCAL_DOCUMENTS.dispatch],
    ['RMA', DEMO_DOCUMENTS.return, DEMO_LOCAL_DOCUMENTS.return],
    ['DECOMM', DEMO_DOCUMENTS.scrap, DEMO_LOCAL_DOCUMENTS.scrap],
  ];
  it.each(bothAreas)('%s details and list: the other area does not find or list it, its own does', async (type, regional, local) => {
    const before = await snapshot();
    const { list, details } = detailsOf(type);
    for (const [who, area, number] of [
      ['ldc', 'LDC', regional],
      ['admin', 'LDC', regional],
      ['rdc', 'RDC', local],
      ['admin', 'RDC', local],
    ] as const) {
      await refused(await get(who, `${details}/${number}?area=${area}`), 404, 'DOCUMENT_NOT_FOUND', { type, number });
      expect(await listed(who, `${list}?area=${area}&search=${number}`)).toEqual([]);
    }
    expect((await get('rdc', `${details}/${regional}?area=RDC`)).json().document.number).toBe(regional);
    expect(await listed('rdc', `${list}?area=RDC&search=${regional}`)).toEqual([regional]);
    expect((await get('ldc', `${details}/${local}?area=LDC`)).json().document.number).toBe(local);
    expect(await listed('ldc', `${list}?area=LDC&search=${local}`)).toEqual([local]);
    expect(await snapshot()).toEqual(before);
  });

  // The families only the local area runs: no one has their module in the regional area, and a document
  // of theirs in a regional warehouse is not found or listed by the local area.
  const localOnly: [DocumentType, string][] = [
    ['STO', DEMO_LOCAL_DOCUMENTS.transfer],
    ['RTP', DEMO_LOCAL_DOCUMENTS.rtp],
    ['RRD', DEMO_REDRESS.open],
    ['SCANLITE', DEMO_SCANLITE.obd.number],
  ];
  it.each(localOnly)('%s details and list: refused for the regional area; a regional one is not found locally', async (type, local) => {
    const before = await snapshot();
    const { list, details } = detailsOf(type);
    const regional = regionalCopy[type]!;
    for (const who of ['rdc', 'admin']) {
      await refused(await get(who, `${details}/${local}?area=RDC`), 403, 'MODULE_NOT_AUTHORIZED');
      await refused(await get(who, `${list}?area=RDC&search=${local}`), 403, 'MODULE_NOT_AUTHORIZED');
    }
    for (const who of ['ldc', 'admin']) {
      await refused(await get(who, `${details}/${regional}?area=LDC`), 404, 'DOCUMENT_NOT_FOUND', { type, number: regional });
      expect(await listed(who, `${list}?area=LDC&search=${regional}`)).toEqual([]);
    }
    expect((await get('ldc', `${details}/${local}?area=LDC`)).json().document.number).toBe(local);
    expect(await listed('ldc', `${list}?area=LDC&search=${local}`)).toEqual([local]);
    expect(await snapshot()).toEqual(before);
  });

  it("the redress PO's cartons: refused for the regional area; a regional PO is not found locally", async () => {
    const before = await snapshot();
    await refused(await get('admin', `/api/rrdCartons/${DEMO_REDRESS.inProgress}?area=RDC`), 403, 'MODULE_NOT_AUTHORIZED');
    await refused(await get('ldc', `/api/rrdCartons/${regionalCopy.RRD}?area=LDC`), 404, 'DOCUMENT_NOT_FOUND', {
      type: 'RRD',
      number: regionalCopy.RRD!,
    });
    expect((await get('ldc', `/api/rrdCartons/${DEMO_REDRESS.inProgress}?area=LDC`)).statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('the lite details and list: a lite document of a regional warehouse is not found or listed; the regional user is refused', async () => {
    const before = await snapshot();
    const regional = regionalCopy['OBD+']!;
    for (const who of ['ldc', 'admin']) {
      await refused(await get(who, `/api/lite/getDocumentDetails?moduleType=DISPATCH%2B&docNo=${regional}`), 404, 'DOCUMENT_NOT_FOUND', {
        type: 'OBD+',
        number: regional,
      });
      expect(await listed(who, `/api/lite/dispatchList?search=${regional}`)).toEqual([]);
    }
    const mine = await get('ldc', `/api/lite/getDocumentDetails?moduleType=DISPATCH%2B&docNo=${DEMO_LITE.dispatch}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().document.number).toBe(DEMO_LITE.dispatch);
    const regionalUser = await get('rdc', `/api/lite/getDocumentDetails?moduleType=DISPATCH%2B&docNo=${DEMO_LITE.dispatch}`);
    expect(regionalUser.statusCode).toBe(403);
    expect((await get('rdc', '/api/lite/dispatchList')).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('completeRepack: a pallet of the other area with a pending repack is not recognized, and its repack stays pending', async () => {
    const before = await snapshot();
    for (const [who, area, sscc] of [
      ['ldc', 'LDC', stock.pallet.sscc],
      ['admin', 'LDC', stock.pallet.sscc],
      ['rdc', 'RDC', localRepackSscc],
      ['admin', 'RDC', localRepackSscc],
    ] as const) {
      await refused(await post(who, `/api/completeRepack?area=${area}`, { sscc }), 404, 'SSCC_NOT_RECOGNIZED', { sscc });
    }
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(after.repacks.filter((r) => r.state === 'REPACK_PENDING').length).toBeGreaterThanOrEqual(2);
  });

  it('handleRepackCode, validateHU, repackScan: a unit of the other area is not recognized, and no repack is opened', async () => {
    const before = await snapshot();
    for (const [who, area, pallet, carton, pack] of [
      ['ldc', 'LDC', stock.pallet.sscc, stock.olderCarton.sscc, stock.loosePacks[0]!],
      ['admin', 'LDC', stock.pallet.sscc, stock.olderCarton.sscc, stock.loosePacks[0]!],
      ['rdc', 'RDC', localStock.pallet.sscc, liteStock.carton.sscc, localStock.loosePacks[0]!],
      ['admin', 'RDC', localStock.pallet.sscc, liteStock.carton.sscc, localStock.loosePacks[0]!],
    ] as const) {
      const url = (path: string) => `${path}?area=${area}`;
      await refused(await post(who, url('/api/handleRepackCode'), { code: packScan(pack) }), 404, 'SERIAL_NOT_RECOGNIZED');
      await refused(await post(who, url('/api/handleRepackCode'), { code: ssccScan(carton) }), 404, 'SSCC_NOT_RECOGNIZED', {
        sscc: carton,
      });
      await refused(await post(who, url('/api/validateHU'), { sscc: carton }), 404, 'SSCC_NOT_RECOGNIZED', { sscc: carton });
      await refused(await post(who, url('/api/repackScan'), { code: ssccScan(carton) }), 404, 'SSCC_NOT_RECOGNIZED', { sscc: carton });
      await refused(await post(who, url('/api/repackScan'), { code: ssccScan(pallet) }), 404, 'SSCC_NOT_RECOGNIZED', { sscc: pallet });
    }
    expect(await snapshot()).toEqual(before);
    // In its own area the carton is known.
    const own = await post('ldc', '/api/handleRepackCode?area=LDC', { code: ssccScan(liteStock.carton.sscc) });
    expect(own.statusCode).toBe(200);
  });

  it('repackScanOperation and repackCompleteOperator: a repack of the other area is not found; a unit of the other area is not moved onto one', async () => {
    const local = (await post('ldc', '/api/repackScan?area=LDC', { code: ssccScan(localRepackSscc) })).json();
    const regional = (await post('rdc', '/api/repackScan?area=RDC', { code: ssccScan(stock.pallet.sscc) })).json();
    expect(local.repackNo).toMatch(/^RP\d{8}$/);
    expect(regional.repackNo).toMatch(/^RP\d{8}$/);
    const before = await snapshot();
    const op = (who: string, area: string, repackNo: string, code: string) =>
      post(who, `/api/repackScanOperation?area=${area}`, { repackNo, code, scanId: randomUUID() });
    // The other area's repack, by its number.
    await refused(await op('admin', 'RDC', local.repackNo, ssccScan(stock.olderCarton.sscc)), 404, 'REPACK_NOT_FOUND', {
      repackNo: local.repackNo,
    });
    await refused(await op('rdc', 'RDC', local.repackNo, ssccScan(stock.olderCarton.sscc)), 404, 'REPACK_NOT_FOUND', {
      repackNo: local.repackNo,
    });
    await refused(await post('rdc', '/api/repackCompleteOperator?area=RDC', { repackNo: local.repackNo }), 404, 'REPACK_NOT_FOUND', {
      repackNo: local.repackNo,
    });
    await refused(await get('admin', `/api/repackNo/${local.repackNo}?area=RDC`), 404, 'REPACK_NOT_FOUND', { repackNo: local.repackNo });
    await refused(await get('admin', `/api/repackNo/${regional.repackNo}?area=LDC`), 404, 'REPACK_NOT_FOUND', {
      repackNo: regional.repackNo,
    });
    // Its own area's repack, with a unit of the other area.
    await refused(await op('ldc', 'LDC', local.repackNo, ssccScan(stock.olderCarton.sscc)), 404, 'SSCC_NOT_RECOGNIZED', {
      sscc: stock.olderCarton.sscc,
    });
    await refused(await op('rdc', 'RDC', regional.repackNo, packScan(localStock.loosePacks[1]!)), 404, 'SERIAL_NOT_RECOGNIZED');
    expect(await snapshot()).toEqual(before);
  });
});

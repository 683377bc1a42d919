import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epcisSchemaErrors } from '../src/api/integration/epcis-schema.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_INVENTORY, DEMO_LOCAL_DOCUMENTS } from '../src/seed/demo-documents.ts';
import { packScan, ssccScan } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, rowCount, secondInstance, type TestApp } from './harness.ts';
import { requests, type Area } from './requests.ts';

/**
 * Repack as a document family (issue 18, decision 0048): repackScan opens a repack of a pallet or
 * carton, repackScanOperation moves units onto or off it, repackCompleteOperator / completeRepack end
 * it and keep its EPCIS 2.0 AggregationEvents (EPCIS 2.0 section 7.4.3).
 */
describe.each(DATABASES)('repack documents on %s', (kind) => {
  let t: TestApp;
  let rdc: Record<string, string>;
  let ldc: Record<string, string>;
  let admin: Record<string, string>;
  const stock = DEMO_INVENTORY.stock;
  const lite = DEMO_INVENTORY.liteStock;

  beforeAll(async () => {
    t = await startTestApp(kind);
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
  });
  afterAll(() => t?.close());

  const { get, post } = requests({ app: () => t.app, as: () => rdc, area: 'RDC' });
  const newPallet = async (warehouseNo = 'W2010', headers = rdc, area: Area = 'RDC', type = 'PLT') =>
    (await post('/api/createPallet', { warehouseNo, type }, headers, area)).json().sscc as string;
  const openRepack = async (sscc: string, headers = rdc, area: Area = 'RDC', referenceNo?: string) =>
    post('/api/repackScan', { code: ssccScan(sscc), ...(referenceNo ? { referenceNo } : {}) }, headers, area);
  const scanOp = (repackNo: string, code: string, extra: object = {}, headers = rdc, area: Area = 'RDC') =>
    post('/api/repackScanOperation', { repackNo, code, scanId: randomUUID(), ...extra }, headers, area);
  const parentOf = async (key: { sscc: string } | { serial: string }) => {
    const row = await t.database.db
      .selectFrom('handling_units as h')
      .leftJoin('handling_units as p', 'p.id', 'h.parent_id')
      .select('p.sscc')
      .where(...(('sscc' in key ? ['h.sscc', '=', key.sscc] : ['h.serial', '=', key.serial]) as ['h.sscc', '=', string]))
      .executeTakeFirstOrThrow();
    return row.sscc;
  };
  const counts = async () => ({
    moves: await rowCount(t, 'repack_moves'),
    audit: await rowCount(t, 'audit_log'),
    repacks: await rowCount(t, 'repack_documents'),
  });

  it('the seed keeps a pending regional repack of the demo pallet: repackScan answers it, validateHU names it', async () => {
    // The README's regional repack, on a pallet of its own (IBD 1800000107).
    const seeded = DEMO_INVENTORY.repackStock.pallet;
    const res = await openRepack(seeded.sscc);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      repackNo: 'RP00000001',
      state: 'REPACK_PENDING',
      warehouseNo: 'W2010',
      destination: { sscc: seeded.sscc, type: 'PLT' },
      referenceNo: null,
      moves: 0,
      packs: seeded.cartons.reduce((n, c) => n + c.packs.length, 0),
      createdBy: expect.any(String),
      completedAt: null,
    });
    expect(view.contents).toHaveLength(seeded.cartons.length);
    expect(view.contents[0]).toMatchObject({ type: 'CTN', materialNo: '10000064', materialName: 'Losartan 50 mg tablets, 28s', packs: 10 });
    const again = await openRepack(seeded.sscc);
    expect(again.json().repackNo).toBe(view.repackNo);
    const valid = await post('/api/validateHU', { sscc: seeded.sscc });
    expect(valid.json()).toMatchObject({ repackNo: view.repackNo, unit: { id: seeded.sscc, type: 'PLT', parent: null } });
  });

  it('a regional repack: a new pallet, a carton and a pack onto it, one off again, then completed with its AggregationEvents', async () => {
    const target = await newPallet();
    const opened = await openRepack(target);
    expect(opened.statusCode).toBe(200);
    const { repackNo } = opened.json();
    expect(opened.json()).toMatchObject({ state: 'REPACK_PENDING', destination: { sscc: target, type: 'PLT' }, contents: [], packs: 0 });
    // createPallet opened it: repackScan answers the same repack.
    expect((await post('/api/validateHU', { sscc: target })).json().repackNo).toBe(repackNo);

    const carton = stock.pallet.cartons[1]!;
    const first = await scanOp(repackNo, ssccScan(carton.sscc));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      moved: { id: carton.sscc, type: 'CTN', parent: target, packs: carton.packs.length },
      repack: { sourceSsccs: [stock.pallet.sscc], moves: 1, packs: carton.packs.length },
    });
    expect(await parentOf({ sscc: carton.sscc })).toBe(target);
    expect(await parentOf({ serial: carton.packs[0]!.serial })).toBe(carton.sscc);

    const pack = stock.pallet.cartons[2]!.packs[0]!;
    const second = await scanOp(repackNo, packScan(pack));
    expect(second.json().repack).toMatchObject({
      sourceSsccs: [stock.pallet.sscc, stock.pallet.cartons[2]!.sscc],
      moves: 2,
      packs: carton.packs.length + 1,
    });
    expect(second.json().repack.contents[0]).toMatchObject({ id: `${pack.gtin}/${pack.serial}`, type: 'EA', packs: 1 });

    // Off again (remove): the pack stands on its own.
    const off = await scanOp(repackNo, packScan(pack), { remove: true });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ moved: { parent: null }, repack: { moves: 3, packs: carton.packs.length } });

    const done = await post('/api/repackCompleteOperator', { repackNo });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: 'Repacking completed successfully!', repack: { state: 'REPACK_COMPLETE', moves: 3 } });
    expect(done.json().repack.completedAt).toEqual(expect.any(String));
    // A completed repack takes no more moves, nor a second completion.
    const late = await scanOp(repackNo, packScan(pack));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      code: 'REPACK_NOT_PENDING',
      message: `The repack of ${target} is already completed: it takes no more changes.`,
    });
    expect((await post('/api/repackCompleteOperator', { repackNo })).statusCode).toBe(409);
    const details = await get(`/api/repackNo/${repackNo}`);
    expect(details.json()).toMatchObject({ repackNo, state: 'REPACK_COMPLETE', contents: [{ id: carton.sscc }] });

    // EPCIS 2.0 section 7.4.3: ADD of the carton on the new pallet (packing); DELETE of the carton off the demo
    // pallet and of the pack off its carton (unpacking); the pack put on and taken off again gives no ADD.
    const events = await t.app.inject({
      method: 'GET',
      url: `/api/integration/epcis/events?docType=REPACK&docNo=${repackNo}`,
      headers: admin,
    });
    expect(events.statusCode).toBe(200);
    const doc = events.json();
    expect(epcisSchemaErrors(doc)).toEqual([]);
    const list = doc.epcisBody.eventList as { action: string; parentID: string; childEPCs: string[]; bizStep: string }[];
    const urn = (sscc: string) => `urn:epc:id:sscc:${sscc.slice(1, 8)}.${sscc[0]}${sscc.slice(8, 17)}`;
    expect(list.map((e) => [e.action, e.parentID, e.childEPCs.length, e.bizStep]).sort()).toEqual(
      [
        ['ADD', urn(target), 1, 'packing'],
        ['DELETE', urn(stock.pallet.sscc), 1, 'unpacking'],
        ['DELETE', urn(stock.pallet.cartons[2]!.sscc), 1, 'unpacking'],
      ].sort(),
    );
    expect(list.find((e) => e.action === 'ADD')!.childEPCs).toEqual([urn(carton.sscc)]);
    for (const e of list) {
      expect(e).toMatchObject({
        type: 'AggregationEvent',
        eventID: expect.stringMatching(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/),
        readPoint: { id: 'urn:epc:id:sgln:8881234.02010.0' },
        bizLocation: { id: 'urn:epc:id:sgln:8881234.02010.0' },
      });
    }
  });

  it('completeRepack by SSCC completes the pending repack of a pallet (its request as fixed)', async () => {
    const target = await newPallet();
    const done = await post('/api/completeRepack', { sscc: target });
    expect(done.json()).toEqual({ sscc: target, state: 'REPACK_COMPLETE', message: 'Repacking completed successfully!' });
    // Repacked again later: a new pending repack of the same pallet.
    const again = await openRepack(target);
    expect(again.json()).toMatchObject({ state: 'REPACK_PENDING', destination: { sscc: target } });
  });

  it('refusals change nothing: a pack as destination, a locked or unknown unit, a pallet on a pallet, off a unit not on it', async () => {
    const target = await newPallet();
    const { repackNo } = (await openRepack(target)).json();
    const before = await counts();
    const packCode = await post('/api/repackScan', { code: packScan(stock.loosePacks[0]!) });
    expect(packCode.statusCode).toBe(422);
    expect(packCode.json()).toEqual({
      code: 'REPACK_NOT_A_DESTINATION',
      message: "A pack cannot be a repack's destination: scan a pallet or carton.",
    });
    const locked = await openRepack(stock.returnCarton.sscc);
    expect(locked.statusCode).toBe(422);
    expect(locked.json().code).toBe('REPACK_ITEM_LOCKED');
    const unknown = await openRepack('106141419999999991');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('SSCC_NOT_RECOGNIZED');

    const palletOnPallet = await scanOp(repackNo, ssccScan(stock.pallet.sscc));
    expect(palletOnPallet.statusCode).toBe(422);
    expect(palletOnPallet.json()).toEqual({ code: 'REPACK_NOT_A_TARGET', message: 'A pallet cannot be put on a pallet.' });
    const lockedMove = await scanOp(repackNo, ssccScan(stock.returnCarton.sscc));
    expect(lockedMove.json().code).toBe('REPACK_ITEM_LOCKED');
    const notOn = await scanOp(repackNo, ssccScan(stock.pallet.cartons[3]!.sscc), { remove: true });
    expect(notOn.statusCode).toBe(422);
    expect(notOn.json()).toEqual({
      code: 'REPACK_NOT_ON_DESTINATION',
      message: `This item is not on ${target}: it cannot be taken off it.`,
    });
    const noRepack = await scanOp('RP99999999', ssccScan(stock.pallet.cartons[3]!.sscc));
    expect(noRepack.statusCode).toBe(404);
    expect(noRepack.json()).toEqual({ code: 'REPACK_NOT_FOUND', message: 'Repack RP99999999 does not exist.' });
    const badCode = await scanOp(repackNo, 'not a code');
    expect(badCode.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await parentOf({ sscc: stock.pallet.cartons[3]!.sscc })).toBe(stock.pallet.sscc);

    // handleRepackCode names the refusal a move would get.
    const held = await post('/api/handleRepackCode', { code: ssccScan(stock.returnCarton.sscc) });
    expect(held.json()).toMatchObject({
      unit: { id: stock.returnCarton.sscc, type: 'CTN' },
      movable: false,
      refusal: { code: 'REPACK_ITEM_LOCKED' },
    });
    const free = await post('/api/handleRepackCode', { code: ssccScan(stock.pallet.cartons[3]!.sscc) });
    expect(free.json()).toMatchObject({ unit: { parent: stock.pallet.sscc, packs: 10 }, movable: true, refusal: null });
    const notDest = await post('/api/validateHU', { sscc: stock.returnCarton.sscc });
    expect(notDest.statusCode).toBe(422);
  });

  it('a repeated scanId answers the first answer and moves nothing more', async () => {
    const target = await newPallet();
    const { repackNo } = (await openRepack(target)).json();
    const scanId = randomUUID();
    const code = packScan(stock.loosePacks[1]!);
    const first = await post('/api/repackScanOperation', { repackNo, code, scanId });
    expect(first.statusCode).toBe(200);
    const before = await counts();
    const again = await post('/api/repackScanOperation', { repackNo, code, scanId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await counts()).toEqual(before);
    // The same scanId for another scan is refused.
    const other = await post('/api/repackScanOperation', { repackNo: (await openRepack(await newPallet())).json().repackNo, code, scanId });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('SCAN_ID_REUSED');
  });

  it('area isolation: a local user cannot see or touch a regional unit or repack', async () => {
    const target = await newPallet();
    const { repackNo } = (await openRepack(target)).json();
    const before = await counts();
    expect((await openRepack(target, ldc, 'LDC')).statusCode).toBe(404);
    expect((await scanOp(repackNo, ssccScan(stock.pallet.cartons[3]!.sscc), {}, ldc, 'LDC')).statusCode).toBe(404);
    expect((await post('/api/repackCompleteOperator', { repackNo }, ldc, 'LDC')).statusCode).toBe(404);
    expect((await post('/api/validateHU', { sscc: target }, ldc, 'LDC')).statusCode).toBe(404);
    expect((await post('/api/handleRepackCode', { code: ssccScan(target) }, ldc, 'LDC')).statusCode).toBe(404);
    expect((await get(`/api/repackNo/${repackNo}`, ldc, 'LDC')).statusCode).toBe(404);
    // The regional area is not the local user's at all.
    expect((await openRepack(target, ldc, 'RDC')).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('a local repack for a document: a unit of a material not on it is refused; the lite carton onto a new carton, completed', async () => {
    const target = await newPallet('W3010', ldc, 'LDC', 'PLT');
    const { repackNo } = (await openRepack(target, ldc, 'LDC', DEMO_LOCAL_DOCUMENTS.dispatch)).json();
    const refused = await scanOp(repackNo, ssccScan(lite.carton.sscc), {}, ldc, 'LDC');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'REPACK_NOT_ON_REFERENCE' });
    expect(await parentOf({ sscc: lite.carton.sscc })).toBeNull();

    const free = (await openRepack(await newPallet('W3010', ldc, 'LDC'), ldc, 'LDC')).json();
    const moved = await scanOp(free.repackNo, ssccScan(lite.carton.sscc), {}, ldc, 'LDC');
    expect(moved.statusCode).toBe(200);
    const done = await post('/api/repackCompleteOperator', { repackNo: free.repackNo }, ldc, 'LDC');
    expect(done.json()).toMatchObject({ message: 'Repacking completed successfully!', repack: { state: 'REPACK_COMPLETE', packs: 6 } });
  });

  it('the generic document paths refuse a repack clearly and name its own paths', async () => {
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/scanForOperation',
      headers: rdc,
      payload: { docType: 'REPACK', docNo: 'RP00000001', code: ssccScan(stock.pallet.sscc), unit: 'PLT', scanId: randomUUID() },
    });
    expect(scan.statusCode).toBe(422);
    expect(scan.json()).toEqual({
      code: 'FAMILY_OWN_PATHS',
      message: 'REPACK documents are not scanned or completed here: use /api/repackScanOperation and /api/repackCompleteOperator.',
    });
    const complete = await t.app.inject({
      method: 'POST',
      url: '/api/completeOperation',
      headers: rdc,
      payload: { docType: 'REPACK', docNo: 'RP00000001' },
    });
    expect(complete.json().code).toBe('FAMILY_OWN_PATHS');
    expect((await get('/api/repackList')).json().code).toBe('FAMILY_OWN_PATHS');
  });

  it('a remapHU move outside any repack keeps its AggregationEvents at the move; onto a pending repack it is recorded there', async () => {
    const carton = stock.pallet.cartons[3]!;
    // A carton made by createPallet, its repack completed: no pending repack on either side.
    const free = await newPallet('W2010', rdc, 'RDC', 'CTN');
    await post('/api/completeRepack', { sscc: free });
    const pack = carton.packs[0]!;
    const before = (await t.database.db.selectFrom('epcis_aggregations').select('id').execute()).length;
    // Off its carton (whose pallet's repack is pending, but the carton has none): outside any repack.
    const res = await post('/api/remapHU', { code: packScan(pack), to: null, scanId: randomUUID() });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.selectFrom('epcis_aggregations').selectAll().where('repack_no', 'is', null).execute();
    expect(rows.length - 0).toBeGreaterThan(0);
    expect((await t.database.db.selectFrom('epcis_aggregations').select('id').execute()).length).toBe(before + 1);
    const event = JSON.parse(rows.at(-1)!.body_json);
    expect(event).toMatchObject({
      type: 'AggregationEvent',
      action: 'DELETE',
      bizStep: 'unpacking',
      childEPCs: [expect.stringContaining(pack.serial)],
    });
    const all = await get('/api/integration/epcis/events', admin, null);
    expect(epcisSchemaErrors(all.json())).toEqual([]);

    // Onto a pallet whose repack is pending: recorded on that repack, no event until it completes.
    const target = await newPallet();
    const { repackNo } = (await openRepack(target)).json();
    const onto = await post('/api/remapHU', { code: packScan(pack), to: target, scanId: randomUUID() });
    expect(onto.statusCode).toBe(200);
    expect((await get(`/api/repackNo/${repackNo}`)).json()).toMatchObject({
      moves: 1,
      packs: 1,
    });
    expect((await t.database.db.selectFrom('epcis_aggregations').select('id').execute()).length).toBe(before + 1);
  });
});

/** README's "Repack" codes, as written: they finish the seeded regional repack and a local one for REPACK 2000000201. */
describe.each(DATABASES)("the README's repack codes on %s", (kind) => {
  let t: TestApp;
  const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  /** The code lines under a header line of the README's repack block: [remove, code]. */
  const codesUnder = (header: string) => {
    const block = README.slice(README.indexOf(header) + header.length);
    const lines = block.slice(block.indexOf('\n') + 1, block.indexOf('```')).split('\n');
    const end = lines.findIndex((l) => !/^(on: |off: )?\]/.test(l));
    return lines.slice(0, end === -1 ? undefined : end).map((l) => {
      const m = /^(on: |off: )?(\].*)$/.exec(l)!;
      return { remove: m[1] === 'off: ', code: m[2]!.replaceAll('<GS>', '\u001d') };
    });
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('finish the seeded regional repack RP00000001 and a local repack made for REPACK 2000000201', async () => {
    const regional = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    const [pallet, ...moves] = codesUnder('Regional repack RP00000001');
    expect(moves).toHaveLength(2);
    const { post } = requests({ app: () => t.app, as: () => regional });
    const opened = await post('/api/repackScan', { code: pallet!.code }, regional, 'RDC');
    expect(opened.json()).toMatchObject({ repackNo: 'RP00000001', state: 'REPACK_PENDING', contents: expect.any(Array) });
    for (const m of moves) {
      const res = await post(
        '/api/repackScanOperation',
        { repackNo: 'RP00000001', code: m.code, scanId: randomUUID(), remove: m.remove },
        regional,
        'RDC',
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const done = await post('/api/repackCompleteOperator', { repackNo: 'RP00000001' }, regional, 'RDC');
    expect(done.json()).toMatchObject({
      message: 'Repacking completed successfully!',
      repack: { moves: 2, contents: [{ type: 'EA' }, {}, {}, {}] },
    });

    const local = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    const packs = codesUnder('Local repack for REPACK 2000000201');
    expect(packs).toHaveLength(2);
    const carton = (await post('/api/createPallet', { warehouseNo: 'W3010', type: 'CTN' }, local, 'LDC')).json().sscc as string;
    const repack = (await post('/api/repackScan', { code: ssccScan(carton), referenceNo: '2000000201' }, local, 'LDC')).json();
    expect(repack).toMatchObject({ referenceNo: '2000000201', destination: { sscc: carton, type: 'CTN' } });
    for (const p of packs) {
      const res = await post('/api/repackScanOperation', { repackNo: repack.repackNo, code: p.code, scanId: randomUUID() }, local, 'LDC');
      expect(res.statusCode, res.body).toBe(200);
    }
    const finished = await post('/api/repackCompleteOperator', { repackNo: repack.repackNo }, local, 'LDC');
    expect(finished.json()).toMatchObject({ message: 'Repacking completed successfully!', repack: { state: 'REPACK_COMPLETE', packs: 2 } });
  });
});

/** Decision 0048: repack numbers come from one counter row taken with UPDATE … RETURNING (decision 0030). */
describe.runIf(DATABASES.includes('postgres'))('repack numbers from two server instances on one PostgreSQL', () => {
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

  it(
    'each making 200 pallets in parallel, each repacked twice: 800 numbers issued once, one new repack when both scan a pallet at once',
    { timeout: 300_000 },
    async () => {
      const makeMany = async (app: ZodApp, n: number) => {
        const headers = (await signIn(app, DEMO_USERS.rdc)).headers;
        const out: string[] = [];
        let next = 0;
        const worker = async () => {
          while (next < n) {
            next += 1;
            const made = await app.inject({
              method: 'POST',
              url: '/api/createPallet',
              headers,
              payload: { warehouseNo: 'W2010', type: 'PLT' },
            });
            if (made.statusCode !== 200) throw new Error(`${made.statusCode} ${made.body}`);
            const sscc = made.json().sscc as string;
            const done = await app.inject({ method: 'POST', url: '/api/completeRepack', headers, payload: { sscc } });
            if (done.statusCode !== 200) throw new Error(`${done.statusCode} ${done.body}`);
            // Both instances scan the pallet, its first repack completed, at once: one new repack, answered to both.
            const [x, y] = await Promise.all(
              [app, app === t.app ? other : t.app].map((a) =>
                a.inject({ method: 'POST', url: '/api/repackScan', headers, payload: { code: ssccScan(sscc) } }),
              ),
            );
            if (x!.statusCode !== 200 || y!.statusCode !== 200) throw new Error(`${x!.body} ${y!.body}`);
            if (x!.json().repackNo !== y!.json().repackNo) throw new Error('two repacks of one pallet');
            out.push(x!.json().repackNo);
          }
        };
        await Promise.all(Array.from({ length: 10 }, worker));
        return out;
      };
      const [a, b] = await Promise.all([makeMany(t.app, 200), makeMany(other, 200)]);
      const all = [...a, ...b];
      expect(new Set(all).size).toBe(400);
      expect(all.every((n) => /^RP\d{8}$/.test(n))).toBe(true);
      const pending = await t.database.db
        .selectFrom('repack_documents')
        .select('repack_no')
        .where('state', '=', 'REPACK_PENDING')
        .execute();
      // The seed's pending repack and the 400 the scans opened.
      expect(pending).toHaveLength(401);
      // And the 400 createPallet opened, completed: every number issued once, RP00000001 to RP00000801.
      const rows = await t.database.db.selectFrom('repack_documents').select('repack_no').execute();
      expect(rows.map((r) => r.repack_no).sort()).toEqual(Array.from({ length: 801 }, (_, i) => `RP${String(i + 1).padStart(8, '0')}`));
    },
  );
});

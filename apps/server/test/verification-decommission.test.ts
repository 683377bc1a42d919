import { startNmvsSimulator, startVrsSimulator } from '@pharma/national-systems/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import type { CartonSpec, PackSpec, PalletSpec } from '../src/seed/epcis-builder.ts';
import { linesFor, packsOf, receiveIbd, scanUnits, type StockUnit } from '../src/seed/stock-builder.ts';
import { yymmdd } from '../src/api/verification/verification.service.ts';
import { DATABASES, eventually, signIn, startTestApp, type TestApp } from './harness.ts';
import { NMVS_TEST_CLIENT } from './verification-fixtures.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * Packs decommissioned in the national system when their document completes (issue 28, decision 0081),
 * through the API as a handheld and the ERP call it, against the NMVS and VRS simulators as real HTTP
 * servers: a scrapping's packs destroyed (a 4,800-pack pallet of one batch as one bulk G135, NMVS
 * S1/S2: one product and batch a bulk request, up to 100,000 packs) and its reopen refused (no undo of a
 * destruction in NMVS v4); a dispatch marked as an export exported (G145) and undone by its reopen within
 * 10 days (G147), refused after (NMVS_NC_PCK_20, Delegated Regulation 2016/161 art. 13 as S8 reads it);
 * the NMVS down at completion (queued, sent once when back) and at reopen (the undo queued, used by the
 * next reopen); a VRS warehouse, which takes no decommission, sends nothing.
 */

type Nmvs = Awaited<ReturnType<typeof startNmvsSimulator>>;
type Vrs = Awaited<ReturnType<typeof startVrsSimulator>>;

const VRS_TOKEN = 'vrs-token-3010';
const ISSUER = { gs1CompanyPrefix: '0614141', printers: [] };
const DAY_MS = 24 * 60 * 60 * 1000;
const asRegistered = (p: PackSpec) => ({ gtin: p.gtin, serial: p.serial, batch: p.batch, expiry: yymmdd(p.expiry) });

describe.each(DATABASES)('packs decommissioned when their document completes, on %s', (kind) => {
  let t: TestApp;
  let nmvs: Nmvs;
  let vrs: Vrs;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let ldc: Record<string, string>;
  let all: Product[];
  let pallet: PalletSpec;
  /** Cartons of W2010 by what they are for; `local` is W3010's. */
  let plain: CartonSpec;
  let twoBatches: CartonSpec[];
  let exports: CartonSpec[];
  let domestic: CartonSpec;
  let suspect: CartonSpec;
  let local: CartonSpec;

  const area = (headers: Record<string, string>) => (headers === ldc ? 'LDC' : 'RDC');
  const complete = (type: string, docNo: string, headers = rdc) =>
    t.app.inject({
      method: 'POST',
      url: `/api/completeOperation?area=${area(headers)}`,
      headers,
      payload: { docType: type, docNo },
    });
  // As the web asks (lib/area-path.ts): the regional area by default, the local one named.
  const reopen = (type: string, docNo: string, headers = rdc) =>
    t.app.inject({
      method: 'POST',
      url: `/api/reopenDocument${headers === ldc ? '?area=LDC' : ''}`,
      headers,
      payload: { docType: type, docNo },
    });
  const putDocument = async (type: string, number: string, units: readonly StockUnit[], extra: object = {}, warehouseNo = 'W2010') => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/${type}/${number}`,
      headers: admin,
      payload: { warehouseNo, date: '2026-11-27', lines: linesFor(packsOf(units), all), ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The document put, its units scanned and completed: the completion's answer. */
  const scanAndComplete = async (type: string, number: string, units: readonly StockUnit[], headers = rdc) => {
    await scanUnits(apiPort(t.app, headers, area(headers)), type as never, number, units);
    const res = await complete(type, number, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const details = async (path: string, number: string, headers = rdc) => {
    const res = await t.app.inject({ method: 'GET', url: `${path}/${number}?area=${area(headers)}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { document: { status: string; export?: boolean } };
  };
  const localState = (p: PackSpec) =>
    t.database.db
      .selectFrom('handling_units')
      .select(['status', 'reason'])
      .where('gtin', '=', p.gtin)
      .where('serial', '=', p.serial)
      .executeTakeFirstOrThrow();
  const requestsOf = async (type: string, number: string) => {
    const doc = await t.database.db
      .selectFrom('documents')
      .select('id')
      .where('type', '=', type as never)
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    return t.database.db
      .selectFrom('verification_requests')
      .selectAll()
      .where('document_id', '=', doc.id)
      .orderBy('requested_at')
      .orderBy('id')
      .execute();
  };
  /** What the NMVS did to the pack: each request's G-code and return code, oldest first. */
  const history = (p: PackSpec) => nmvs.registry.read(p.gtin, p.serial)?.history.map((h) => [h.code, h.returnCode]);
  const simulated = (p: PackSpec) => ({
    state: nmvs.registry.read(p.gtin, p.serial)?.state,
    reasons: nmvs.registry.read(p.gtin, p.serial)?.reasons,
  });
  const control = async (path: string, body?: unknown, method = 'POST') => {
    const res = await fetch(`${nmvs.url}/_sim/${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    expect(res.status).toBe(200);
  };
  const setVerification = async (warehouseNo: string, extensionDigit: string, verification: unknown) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/warehouses/${warehouseNo}`,
      headers: admin,
      payload: { ...ISSUER, extensionDigit, verification },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const settled = (type: string, number: string) =>
    eventually(async () => {
      const rows = await requestsOf(type, number);
      return rows.length > 0 && rows.every((r) => r.state === 'answered') ? rows : undefined;
    }, 60_000);

  beforeAll(async () => {
    nmvs = await startNmvsSimulator({ clients: [NMVS_TEST_CLIENT] });
    vrs = await startVrsSimulator({ secret: VRS_TOKEN });
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    all = await products(t);
    const codes = makeCodes(2029);
    pallet = codes.pallet(48, 100, all[0]!);
    plain = codes.carton(4, all[2]!);
    twoBatches = [codes.carton(5, all[3]!), codes.carton(6, all[4]!)];
    exports = [codes.carton(4, all[1]!), codes.carton(4, all[1]!), codes.carton(4, all[1]!)];
    domestic = codes.carton(4, all[1]!);
    suspect = codes.carton(3, all[6]!);
    local = codes.carton(4, all[5]!);
    // Received in full: ACTIVE / WAREHOUSE RECEIVED in W2010 (and W3010 for the VRS).
    const rdcPort = { ...apiPort(t.app, admin), scan: apiPort(t.app, rdc, 'RDC').scan, complete: apiPort(t.app, rdc, 'RDC').complete };
    await receiveIbd(rdcPort, '1700002901', { pallets: [pallet], cartons: [plain, ...twoBatches, ...exports, domestic, suspect] }, all);
    const ldcPort = { ...apiPort(t.app, admin), scan: apiPort(t.app, ldc, 'LDC').scan, complete: apiPort(t.app, ldc, 'LDC').complete };
    await receiveIbd(ldcPort, '1700002902', { cartons: [local] }, all, { warehouseNo: 'W3010' });
    // What the systems know: every pack active.
    await nmvs.registry.load(packsOf([pallet, plain, ...twoBatches, ...exports, domestic, suspect]).map(asRegistered));
    await vrs.registry.load(local.packs.map(asRegistered));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await nmvs?.close();
    await vrs?.close();
  });

  it('a warehouse without a national system: a scrapping completes and is reopened as any document, nothing sent', async () => {
    await putDocument('DECOMM', '7100002900', [plain]);
    await scanAndComplete('DECOMM', '7100002900', [plain]);
    expect(await localState(plain.packs[0]!)).toEqual({ status: 'DESTROYED', reason: 'OTHER' });
    expect(await requestsOf('DECOMM', '7100002900')).toEqual([]);
    expect(history(plain.packs[0]!)).toEqual([]);
    // A scrapping no system recorded may be corrected: its packs go back on the note (decision 0081).
    const res = await reopen('DECOMM', '7100002900');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Document Reopened Successfully!', document: { status: 'In Progress' } });
    expect(await localState(plain.packs[0]!)).toEqual({ status: 'PENDING', reason: 'OTHER' });
  });

  it('a scrapping of a 4,800-pack pallet of one batch is ONE bulk destroy (G135): every pack DESTROYED in the NMVS; its reopen is refused, the destruction cannot be undone', async () => {
    await setVerification('W2010', '5', {
      system: 'NMVS',
      url: nmvs.url,
      clientId: NMVS_TEST_CLIENT.clientLoginId,
      user: NMVS_TEST_CLIENT.userId,
      secret: NMVS_TEST_CLIENT.password,
    });
    const packs = packsOf([pallet]);
    expect(packs).toHaveLength(4800);
    await putDocument('DECOMM', '7100002901', [pallet]);
    const started = performance.now();
    await scanAndComplete('DECOMM', '7100002901', [pallet]);
    const [request, ...more] = await settled('DECOMM', '7100002901');
    console.info(`[${kind}] 4,800-pack scrapping completed and destroyed in the NMVS in ${(performance.now() - started).toFixed(0)} ms`);
    expect(more).toEqual([]);
    expect(request).toMatchObject({
      system: 'NMVS',
      operation: 'destroy',
      kind: 'bulk',
      purpose: 'scrap',
      gtin: all[0]!.gtin,
      batch: all[0]!.batch,
      expiry: yymmdd(all[0]!.expiry),
      pack_count: 4800,
      unit_id: null,
      outcome: 'verified',
      return_code: 'NMVS_SUCCESS',
      message: 'The NMVS recorded the destruction of 4800 packs.',
    });
    expect(new Set(JSON.parse(request!.serials_json) as string[])).toEqual(new Set(packs.map((p) => p.serial)));
    for (const p of packs) expect(history(p)).toEqual([['G135', 'NMVS_SUCCESS']]);
    // The control API shows the same.
    const sample = packs[4799]!;
    const shown = await fetch(`${nmvs.url}/_sim/packs/${sample.gtin}/${sample.serial}`);
    expect(await shown.json()).toMatchObject({ state: 'INACTIVE', reasons: ['DESTROYED'] });
    expect(await localState(sample)).toEqual({ status: 'DESTROYED', reason: 'OTHER' });

    const refused = await reopen('DECOMM', '7100002901');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      code: 'REOPEN_NOT_UNDOABLE',
      message:
        'DECOMM 7100002901 cannot be reopened: the NMVS has recorded the destruction of its 4800 packs, and a destruction cannot be undone in the NMVS.',
    });
    expect((await details('/api/decommNo', '7100002901')).document.status).toBe('Completed');
    expect(await localState(sample)).toEqual({ status: 'DESTROYED', reason: 'OTHER' });
    expect(await requestsOf('DECOMM', '7100002901')).toHaveLength(1);
  }, 120_000);

  it('the NMVS down at completion: the scrapping completes, one request a batch waits in the outbox and is sent once it is back, each pack destroyed once; a reopen meanwhile is refused', async () => {
    await putDocument('DECOMM', '7100002902', twoBatches);
    await control('faults', { mode: 'down' });
    await scanAndComplete('DECOMM', '7100002902', twoBatches);
    // The sender tried once, and failed: the requests wait for the next try.
    const queued = await eventually(async () => {
      const rows = await requestsOf('DECOMM', '7100002902');
      return rows.every((r) => r.state === 'queued' && r.attempts >= 1) ? rows : undefined;
    });
    expect(queued.map((r) => [r.gtin, r.batch, r.kind, r.pack_count])).toEqual(
      [
        [all[3]!.gtin, all[3]!.batch, 'bulk', 5],
        [all[4]!.gtin, all[4]!.batch, 'bulk', 6],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(queued.every((r) => r.state !== 'answered')).toBe(true);
    const refused = await reopen('DECOMM', '7100002902');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      code: 'REOPEN_NOT_UNDOABLE_QUEUED',
      message:
        'DECOMM 7100002902 cannot be reopened: the destruction of its 11 packs is queued to the NMVS, and a destruction cannot be undone in the NMVS.',
    });
    for (const p of packsOf(twoBatches)) expect(history(p)).toEqual([]);

    await control('faults', { mode: 'ok' });
    const sent = await settled('DECOMM', '7100002902');
    expect(sent.map((r) => r.outcome)).toEqual(['verified', 'verified']);
    expect(sent.every((r) => r.attempts >= 2)).toBe(true);
    for (const p of packsOf(twoBatches)) {
      expect(history(p)).toEqual([['G135', 'NMVS_SUCCESS']]);
      expect(simulated(p)).toEqual({ state: 'INACTIVE', reasons: ['DESTROYED'] });
    }
  }, 120_000);

  it('an OBD marked as an export: its packs EXPORTED at completion (G145); a reopen within 10 days undoes it (G147), the packs ACTIVE again and the OBD In Progress', async () => {
    const carton = exports[0]!;
    await putDocument('OBD', '8100002901', [carton], { export: true });
    expect((await details('/api/obdNo', '8100002901')).document.export).toBe(true);
    await scanAndComplete('OBD', '8100002901', [carton]);
    const [exported] = await settled('OBD', '8100002901');
    expect(exported).toMatchObject({ operation: 'export', kind: 'bulk', purpose: 'export', pack_count: 4, outcome: 'verified' });
    for (const p of carton.packs) {
      expect(simulated(p)).toEqual({ state: 'INACTIVE', reasons: ['EXPORTED'] });
      expect(await localState(p)).toEqual({ status: 'TRANSIT', reason: 'DISPATCHED' });
    }

    const res = await reopen('OBD', '8100002901');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Document Reopened Successfully!', document: { status: 'In Progress' } });
    const undo = (await requestsOf('OBD', '8100002901')).find((r) => r.kind === 'bulkUndo');
    expect(undo).toMatchObject({
      operation: 'export',
      purpose: 'export-undo',
      ref_request_id: exported!.id,
      state: 'answered',
      outcome: 'verified',
      message: 'The NMVS recorded the undo of the export of 4 packs.',
    });
    for (const p of carton.packs) {
      expect(history(p)).toEqual([
        ['G145', 'NMVS_SUCCESS'],
        ['G147', 'NMVS_SUCCESS'],
      ]);
      expect(simulated(p)).toEqual({ state: 'ACTIVE', reasons: [] });
      expect(await localState(p)).toEqual({ status: 'PENDING', reason: 'DISPATCHED' });
    }
    expect((await details('/api/obdNo', '8100002901')).document.status).toBe('In Progress');
    // The reopen's audit names the undo.
    const trail = await t.database.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('entity', '=', 'document')
      .where('action', '=', 'reopen')
      .where('entity_id', '=', exported!.document_id!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(trail.after_json!)).toMatchObject({ status: 'In Progress', undone: [undo!.id] });
  });

  it('an export reopened after 11 days: the NMVS refuses the undo (NMVS_NC_PCK_20), so is the reopen, and nothing changes here; reopened again, no second undo is sent', async () => {
    const carton = exports[1]!;
    await putDocument('OBD', '8100002902', [carton], { export: true });
    await scanAndComplete('OBD', '8100002902', [carton]);
    await settled('OBD', '8100002902');
    await control('clock', { now: new Date(Date.now() + 11 * DAY_MS).toISOString() });
    try {
      const refused = await reopen('OBD', '8100002902');
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({
        code: 'REOPEN_UNDO_REFUSED',
        message: expect.stringMatching(
          new RegExp(
            `^OBD 8100002902 is not reopened: The NMVS refused the undo of the export of 4 of 4 packs; the first, \\w+: NMVS_NC_PCK_20 .+ Nothing was changed here\\.$`,
          ),
        ),
      });
      expect((await details('/api/obdNo', '8100002902')).document.status).toBe('Completed');
      for (const p of carton.packs) {
        expect(await localState(p)).toEqual({ status: 'TRANSIT', reason: 'DISPATCHED' });
        expect(simulated(p)).toEqual({ state: 'INACTIVE', reasons: ['EXPORTED'] });
      }
      const again = await reopen('OBD', '8100002902');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(refused.json());
      expect((await requestsOf('OBD', '8100002902')).filter((r) => r.kind === 'bulkUndo')).toHaveLength(1);
      for (const p of carton.packs)
        expect(history(p)).toEqual([
          ['G145', 'NMVS_SUCCESS'],
          ['G147', 'NMVS_NC_PCK_20'],
        ]);
    } finally {
      await control('clock', undefined, 'DELETE');
    }
  });

  it('an export not answered yet cannot be reopened; one whose undo gets no answer in time is refused saying the undo is queued, and once it is answered the next reopen uses it and sends none', async () => {
    const carton = exports[2]!;
    await putDocument('OBD', '8100002903', [carton], { export: true });
    await control('faults', { mode: 'down' });
    await scanAndComplete('OBD', '8100002903', [carton]);
    const early = await reopen('OBD', '8100002903');
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toEqual({
      code: 'REOPEN_DECOMMISSION_PENDING',
      message:
        'OBD 8100002903 cannot be reopened yet: the NMVS has not answered the export of its packs. Reopen it once the answer is in (the Verification page shows it).',
    });
    await control('faults', { mode: 'ok' });
    await settled('OBD', '8100002903');
    await control('faults', { mode: 'down' });
    const refused = await reopen('OBD', '8100002903');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      code: 'REOPEN_UNDO_QUEUED',
      message: expect.stringMatching(
        /^OBD 8100002903 is not reopened yet: The NMVS has not answered yet \(the connection failed: .+\): the request is queued and sent again until it is answered\. Reopen it again once the NMVS has answered: the queued undo is used, not sent again\. Nothing was changed here\.$/,
      ),
    });
    expect((await details('/api/obdNo', '8100002903')).document.status).toBe('Completed');
    await control('faults', { mode: 'ok' });
    const undo = await eventually(async () => {
      const row = (await requestsOf('OBD', '8100002903')).find((r) => r.kind === 'bulkUndo');
      return row?.state === 'answered' ? row : undefined;
    }, 60_000);
    expect(undo.outcome).toBe('verified');
    const res = await reopen('OBD', '8100002903');
    expect(res.statusCode, res.body).toBe(200);
    expect((await requestsOf('OBD', '8100002903')).filter((r) => r.kind === 'bulkUndo')).toHaveLength(1);
    for (const p of carton.packs) {
      expect(history(p)).toEqual([
        ['G145', 'NMVS_SUCCESS'],
        ['G147', 'NMVS_SUCCESS'],
      ]);
      expect(await localState(p)).toEqual({ status: 'PENDING', reason: 'DISPATCHED' });
    }
  }, 120_000);

  it('an OBD not marked as an export decommissions nothing and reopens as any document; only a family that exports takes the mark', async () => {
    await putDocument('OBD', '8100002904', [domestic]);
    expect((await details('/api/obdNo', '8100002904')).document.export).toBe(false);
    await scanAndComplete('OBD', '8100002904', [domestic]);
    expect(await requestsOf('OBD', '8100002904')).toEqual([]);
    const res = await reopen('OBD', '8100002904');
    expect(res.statusCode, res.body).toBe(200);
    for (const p of domestic.packs) {
      expect(history(p)).toEqual([]);
      expect(await localState(p)).toEqual({ status: 'PENDING', reason: 'DISPATCHED' });
    }
    const marked = await t.app.inject({
      method: 'PUT',
      url: '/api/integration/documents/DECOMM/7100002909',
      headers: admin,
      payload: { warehouseNo: 'W2010', date: '2026-11-27', lines: linesFor(domestic.packs, all), export: true },
    });
    expect(marked.statusCode).toBe(422);
    expect(marked.json()).toEqual({
      code: 'EXPORT_NOT_ALLOWED',
      message: 'DECOMM documents cannot be marked as an export: their completion decommissions nothing as exported.',
    });
  });

  it('a pack the NMVS did not verify (VERIFICATION FAILED) is scrapped without a destroy: the system holds it inactive or unknown already', async () => {
    const [failed, ...verified] = suspect.packs as [PackSpec, ...PackSpec[]];
    // As a refused return scan leaves it (verification-returns.test.ts).
    await t.database.db
      .updateTable('handling_units')
      .set({ status: 'QUARANTINE', reason: 'VERIFICATION FAILED' })
      .where('gtin', '=', failed.gtin)
      .where('serial', '=', failed.serial)
      .execute();
    await putDocument('DECOMM', '7100002904', [suspect]);
    await scanAndComplete('DECOMM', '7100002904', [suspect]);
    const [request, ...more] = await settled('DECOMM', '7100002904');
    expect(more).toEqual([]);
    expect(request).toMatchObject({ kind: 'bulk', pack_count: verified.length, outcome: 'verified' });
    expect(JSON.parse(request!.serials_json)).not.toContain(failed.serial);
    expect(history(failed)).toEqual([]);
    expect(await localState(failed)).toEqual({ status: 'DESTROYED', reason: 'OTHER' });
    for (const p of verified) expect(history(p)).toEqual([['G135', 'NMVS_SUCCESS']]);
  });

  it('a VRS warehouse: the VRS takes no decommission, so a scrapping sends nothing and is recorded here only; its reopen goes on', async () => {
    await setVerification('W3010', '6', { system: 'VRS', url: vrs.url, secret: VRS_TOKEN });
    await putDocument('DECOMM', '7100002903', [local], {}, 'W3010');
    await scanAndComplete('DECOMM', '7100002903', [local], ldc);
    const [recorded, ...more] = await settled('DECOMM', '7100002903');
    expect(more).toEqual([]);
    expect(recorded).toMatchObject({
      system: 'VRS',
      operation: 'destroy',
      kind: 'bulk',
      outcome: 'verified',
      message: 'The VRS takes no decommissioning: the destruction of 4 packs is recorded here only.',
    });
    for (const p of local.packs) {
      expect(vrs.registry.read(p.gtin, p.serial)?.history).toEqual([]);
      expect(await localState(p)).toEqual({ status: 'DESTROYED', reason: 'OTHER' });
    }
    const res = await reopen('DECOMM', '7100002903', ldc);
    expect(res.statusCode, res.body).toBe(200);
    expect(await localState(local.packs[0]!)).toEqual({ status: 'PENDING', reason: 'OTHER' });
  });
});

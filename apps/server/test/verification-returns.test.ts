import { randomUUID } from 'node:crypto';
import { startNmvsSimulator, startVrsSimulator } from '@pharma/national-systems/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type CartonSpec, type PackSpec, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { receiveIbd, scanAndComplete } from '../src/seed/stock-builder.ts';
import { yymmdd } from '../src/api/verification/verification.service.ts';
import { DATABASES, eventually, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests, type Area } from './requests.ts';
import { NMVS_TEST_CLIENT, simulatorFault } from './verification-fixtures.ts';
import { apiPort, makeCodes, products, stageInbound, type Product } from './inventory-fixtures.ts';

/**
 * Returns verified as they are scanned (issue 28, decision 0081), through the API as a handheld calls it,
 * against the NMVS and VRS simulators as real HTTP servers: a return verified and accepted; packs the
 * system does not verify (unknown, another batch, destroyed) refused with the system's answer and kept in
 * quarantine; the system down during 200 return scans, then back, every pack verified once and none lost;
 * a carton verified as one bulk request; a repeated scanId answered the same with nothing sent again.
 */

type Nmvs = Awaited<ReturnType<typeof startNmvsSimulator>>;
type Vrs = Awaited<ReturnType<typeof startVrsSimulator>>;

const VRS_TOKEN = 'vrs-token-3010';
const ISSUER = { gs1CompanyPrefix: '0614141', printers: [] };
const CARTONS = 30;
const PER_CARTON = 20;
const asRegistered = (p: PackSpec, batch = p.batch) => ({ gtin: p.gtin, serial: p.serial, batch, expiry: yymmdd(p.expiry) });
const label = (p: PackSpec) => `${p.gtin}/${p.serial}`;

/** The p-th percentile of durations, in ms. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe.each(DATABASES)('returns verified as they are scanned, on %s', (kind) => {
  let t: TestApp;
  let nmvs: Nmvs;
  let vrs: Vrs;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let ldc: Record<string, string>;
  let all: Product[];
  let product: Product;
  let cartons: CartonSpec[];
  let local: CartonSpec;

  const { scan: scanAs } = requests({ app: () => t.app, as: () => rdc });
  const scan = (docNo: string, code: string, unit: 'EA' | 'CTN', scanId = randomUUID(), area: Area = 'RDC') =>
    scanAs('RMA', docNo, code, unit, area === 'RDC' ? rdc : ldc, area, scanId);
  const packState = async (p: PackSpec) =>
    t.database.db
      .selectFrom('handling_units')
      .select(['status', 'reason', 'warehouse_no'])
      .where('gtin', '=', p.gtin)
      .where('serial', '=', p.serial)
      .executeTakeFirstOrThrow();
  const unitOf = async (p: PackSpec) =>
    (
      await t.database.db
        .selectFrom('handling_units')
        .select('id')
        .where('gtin', '=', p.gtin)
        .where('serial', '=', p.serial)
        .executeTakeFirstOrThrow()
    ).id;
  const documentId = async (number: string) =>
    (
      await t.database.db
        .selectFrom('documents')
        .select('id')
        .where('type', '=', 'RMA')
        .where('number', '=', number)
        .executeTakeFirstOrThrow()
    ).id;
  const requestsOf = async (number: string) =>
    t.database.db
      .selectFrom('verification_requests')
      .selectAll()
      .where('document_id', '=', await documentId(number))
      .orderBy('requested_at')
      .execute();
  const details = async (number: string, area: 'RDC' | 'LDC' = 'RDC') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/rmaNo/${number}?area=${area}`, headers: area === 'RDC' ? rdc : ldc });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { document: { status: string }; data: { scannedQuantity: number }[] };
  };
  const scanned = async (number: string, area: 'RDC' | 'LDC' = 'RDC') =>
    (await details(number, area)).data.reduce((n, line) => n + line.scannedQuantity, 0);
  const putReturn = async (number: string, quantity: number, warehouseNo = 'W2010', p = product) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/RMA/${number}`,
      headers: admin,
      payload: { warehouseNo, date: '2026-11-27', lines: [{ lineNo: 10, materialNo: p.materialNo, batchNo: p.batch, quantity }] },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const history = (p: PackSpec) => nmvs.registry.read(p.gtin, p.serial)?.history.map((h) => [h.code, h.returnCode]);
  const fault = (mode: 'ok' | 'down') => simulatorFault(nmvs, mode);
  const setVerification = async (warehouseNo: string, extensionDigit: string, verification: unknown) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/warehouses/${warehouseNo}`,
      headers: admin,
      payload: { ...ISSUER, extensionDigit, verification },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    nmvs = await startNmvsSimulator({ clients: [NMVS_TEST_CLIENT] });
    vrs = await startVrsSimulator({ secret: VRS_TOKEN });
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    all = await products(t);
    product = all[0]!;
    const codes = makeCodes(2028);
    // Stock received, then dispatched whole: every pack TRANSIT / DISPATCHED, ready to come back.
    const pallet: PalletSpec = codes.pallet(CARTONS, PER_CARTON, product);
    cartons = pallet.cartons;
    const rdcPort = apiPort(t.app, rdc, 'RDC');
    await stageInbound(t.app, admin, '1700002801', { pallets: [pallet] }, all);
    await scanAndComplete(rdcPort, 'IBD', '1700002801', [pallet]);
    await apiPort(t.app, admin).putDocument('OBD', '8100002801', {
      warehouseNo: 'W2010',
      date: '2026-11-22',
      lines: [{ lineNo: 10, materialNo: product.materialNo, batchNo: product.batch, quantity: CARTONS * PER_CARTON }],
    });
    await scanAndComplete(rdcPort, 'OBD', '8100002801', [pallet]);
    // The same in the local area's W3010, for its VRS.
    local = codes.carton(4, all[1]!);
    // The ERP's documents and notices under the admin's integration right, the scans under the local user.
    const ldcPort = { ...apiPort(t.app, admin), scan: apiPort(t.app, ldc, 'LDC').scan, complete: apiPort(t.app, ldc, 'LDC').complete };
    await receiveIbd(ldcPort, '1700002802', { cartons: [local] }, all, { warehouseNo: 'W3010' });
    await apiPort(t.app, admin).putDocument('OBD', '8100002802', {
      warehouseNo: 'W3010',
      date: '2026-11-22',
      lines: [{ lineNo: 10, materialNo: all[1]!.materialNo, batchNo: all[1]!.batch, quantity: 4 }],
    });
    await scanAndComplete(ldcPort, 'OBD', '8100002802', [local]);
    expect(await packState(cartons[0]!.packs[0]!)).toMatchObject({ status: 'TRANSIT', reason: 'DISPATCHED' });
    expect(await packState(local.packs[0]!)).toMatchObject({ status: 'TRANSIT', reason: 'DISPATCHED' });

    // What the NMVS knows: every pack as it is, but for the cases below.
    const [, unknown, otherBatch, destroyed] = cartons[0]!.packs;
    const unknownInCarton = cartons[2]!.packs[0]!;
    const unknownWhileDown = cartons[14]!.packs[0]!;
    const forgotten = new Set([unknown, unknownInCarton, unknownWhileDown].map((p) => p!.serial));
    await nmvs.registry.load(
      cartons
        .flatMap((c) => c.packs)
        .filter((p) => !forgotten.has(p.serial))
        .map((p) =>
          p === otherBatch
            ? asRegistered(p, 'OTHERLOT')
            : p === destroyed
              ? { ...asRegistered(p), state: 'INACTIVE' as const, reasons: ['DESTROYED'] }
              : asRegistered(p),
        ),
    );
    await vrs.registry.load(local.packs.slice(1).map((p) => asRegistered(p)));
  });
  afterAll(async () => {
    await t?.close();
    await nmvs?.close();
    await vrs?.close();
  });

  it('a warehouse without a national system: returns are scanned as before, and nothing is sent', async () => {
    await putReturn('6100002800', 100);
    const durations: number[] = [];
    for (const p of cartons.slice(15, 20).flatMap((c) => c.packs)) {
      const started = performance.now();
      const res = await scan('6100002800', packScan(p), 'EA');
      durations.push(performance.now() - started);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().warnings).toEqual([]);
    }
    expect(await packState(cartons[15]!.packs[0]!)).toMatchObject({ status: 'PENDING', reason: 'RETURNED' });
    expect(await requestsOf('6100002800')).toEqual([]);
    expect(history(cartons[15]!.packs[0]!)).toEqual([]);
    console.info(
      `[${kind}] return scan without verification: p50 ${percentile(durations, 50).toFixed(1)} ms, p99 ${percentile(durations, 99).toFixed(1)} ms (${durations.length} scans)`,
    );
  });

  it('a return verified by the NMVS is accepted as before: one G110, its request kept; a repeated scanId is answered the same and sends nothing', async () => {
    await setVerification('W2010', '5', {
      system: 'NMVS',
      url: nmvs.url,
      clientId: NMVS_TEST_CLIENT.clientLoginId,
      user: NMVS_TEST_CLIENT.userId,
      secret: NMVS_TEST_CLIENT.password,
    });
    await putReturn('6100002801', CARTONS * PER_CARTON);
    const pack = cartons[0]!.packs[0]!;
    const scanId = randomUUID();
    const res = await scan('6100002801', packScan(pack), 'EA', scanId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accepted: true, packs: 1, warnings: [], document: { status: 'In Progress' } });
    expect(await packState(pack)).toMatchObject({ status: 'PENDING', reason: 'RETURNED' });
    expect(history(pack)).toEqual([['G110', 'NMVS_SUCCESS']]);
    const [request] = await requestsOf('6100002801');
    expect(request).toMatchObject({
      purpose: 'return-scan',
      operation: 'verify',
      kind: 'single',
      system: 'NMVS',
      gtin: pack.gtin,
      batch: pack.batch,
      expiry: yymmdd(pack.expiry),
      unit_id: await unitOf(pack),
      state: 'answered',
      outcome: 'verified',
      return_code: 'NMVS_SUCCESS',
      message: 'The NMVS verified the pack: it is active (NMVS_SUCCESS).',
    });

    const again = await scan('6100002801', packScan(pack), 'EA', scanId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(history(pack)).toEqual([['G110', 'NMVS_SUCCESS']]);
    expect(await requestsOf('6100002801')).toHaveLength(1);
    // The Verification page lists it.
    const listed = await t.app.inject({ method: 'GET', url: '/api/verificationRequests?area=RDC&outcome=verified', headers: rdc });
    expect(listed.json().data).toContainEqual(expect.objectContaining({ id: request!.id, purpose: 'return-scan', serial: pack.serial }));
  });

  it('packs the NMVS does not verify (unknown, another batch, destroyed) are refused with its answer and kept in quarantine; the return is unchanged', async () => {
    const [, unknown, otherBatch, destroyed] = cartons[0]!.packs as [PackSpec, PackSpec, PackSpec, PackSpec];
    const before = await scanned('6100002801');
    const status = (await details('6100002801')).document.status;
    const cases = [
      { pack: unknown, code: 'NMVS_NC_PC_02', text: 'NMVS_NC_PC_02 Pack Serial Number not recognised', alert: true },
      { pack: otherBatch, code: 'NMVS_FE_LOT_13', text: 'NMVS_FE_LOT_13 The Batch Number does not match Pack Serial Number', alert: true },
      { pack: destroyed, code: 'NMVS_SUCCESS', text: 'it is inactive (DESTROYED)', alert: false },
    ];
    for (const c of cases) {
      const scanId = randomUUID();
      const res = await scan('6100002801', packScan(c.pack), 'EA', scanId);
      expect(res.statusCode, res.body).toBe(422);
      const request = (await requestsOf('6100002801')).find((r) => r.unit_id !== null && r.serials_json.includes(c.pack.serial))!;
      expect(request).toMatchObject({ state: 'answered', return_code: c.code, outcome: c.alert ? 'alert' : 'refused' });
      if (c.alert) expect(request.alert_id).toMatch(/^NMVS-ALERT-[0-9A-F]{12}$/);
      else expect(request.alert_id).toBeNull();
      const answer = c.alert
        ? `The NMVS did not verify the pack: ${c.text} (alert ${request.alert_id}).`
        : `The NMVS did not verify the pack as active: ${c.text}.`;
      expect(request.message).toBe(answer);
      expect(res.json()).toEqual({
        code: 'VERIFICATION_SCAN_REFUSED',
        message: `Scan refused: ${answer} Kept in quarantine (VERIFICATION FAILED): ${label(c.pack)}.`,
      });
      // The pack is held in the return's warehouse, audited with the system's answer.
      expect(await packState(c.pack)).toEqual({ status: 'QUARANTINE', reason: 'VERIFICATION FAILED', warehouse_no: 'W2010' });
      const trail = await t.database.db
        .selectFrom('audit_log')
        .select(['action', 'before_json', 'after_json', 'reason', 'actor_id'])
        .where('entity', '=', 'unit')
        .where('entity_id', '=', await unitOf(c.pack))
        .orderBy('at', 'desc')
        .executeTakeFirstOrThrow();
      expect(trail).toMatchObject({ action: 'status', reason: answer });
      expect(JSON.parse(trail.before_json!)).toEqual({ status: 'TRANSIT', reason: 'DISPATCHED' });
      expect(JSON.parse(trail.after_json!)).toEqual({ status: 'QUARANTINE', reason: 'VERIFICATION FAILED' });
      // Sent again with its scanId: the same answer, nothing sent.
      const again = await scan('6100002801', packScan(c.pack), 'EA', scanId);
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual(res.json());
      expect(history(c.pack) ?? []).toHaveLength(c.pack === unknown ? 0 : 1);
      expect((await requestsOf('6100002801')).filter((r) => r.serials_json.includes(c.pack.serial))).toHaveLength(1);
    }
    expect(history(otherBatch)).toEqual([['G110', 'NMVS_FE_LOT_13']]);
    expect(history(destroyed)).toEqual([['G110', 'NMVS_SUCCESS']]);
    // Nothing counted, no scan kept, the document as it was.
    expect(await scanned('6100002801')).toBe(before);
    expect((await details('6100002801')).document.status).toBe(status);
    const scans = await t.database.db
      .selectFrom('scans')
      .select('id')
      .where('document_id', '=', await documentId('6100002801'))
      .execute();
    expect(scans).toHaveLength(1);
  });

  it('a carton is verified as one bulk request of its packs; one with a pack the NMVS does not know is refused and only that pack quarantined', async () => {
    const res = await scan('6100002801', ssccScan(cartons[1]!.sscc), 'CTN');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accepted: true, packs: PER_CARTON, warnings: [] });
    const carton = (await requestsOf('6100002801')).filter((r) => r.kind === 'bulk');
    expect(carton).toHaveLength(1);
    expect(carton[0]).toMatchObject({
      pack_count: PER_CARTON,
      outcome: 'verified',
      message: `The NMVS verified ${PER_CARTON} packs: all active.`,
    });
    for (const p of cartons[1]!.packs) {
      expect(history(p)).toEqual([['G115', 'NMVS_SUCCESS']]);
      expect(await packState(p)).toMatchObject({ status: 'PENDING', reason: 'RETURNED' });
    }

    const [unknown, ...known] = cartons[2]!.packs as [PackSpec, ...PackSpec[]];
    const refused = await scan('6100002801', ssccScan(cartons[2]!.sscc), 'CTN');
    expect(refused.statusCode, refused.body).toBe(422);
    const request = (await requestsOf('6100002801')).find((r) => r.kind === 'bulk' && r.outcome !== 'verified')!;
    expect(request).toMatchObject({ pack_count: PER_CARTON, outcome: 'alert', return_code: 'NMVS_NC_PC_02' });
    expect(refused.json()).toEqual({
      code: 'VERIFICATION_SCAN_REFUSED',
      message:
        `Scan refused: The NMVS did not verify 1 of ${PER_CARTON} packs as active; the first, ${unknown.serial}: ` +
        `NMVS_NC_PC_02 Pack Serial Number not recognised. Alert ${request.alert_id} is recorded. Kept in quarantine (VERIFICATION FAILED): ${label(unknown)}.`,
    });
    expect(await packState(unknown)).toMatchObject({ status: 'QUARANTINE', reason: 'VERIFICATION FAILED' });
    for (const p of known) expect(await packState(p)).toMatchObject({ status: 'TRANSIT', reason: 'DISPATCHED' });
  });

  it('200 return scans while the NMVS is down are accepted into PENDING VERIFICATION; once it is back each pack is verified once and ends returned, none lost', async () => {
    const packs = cartons.slice(3, 13).flatMap((c) => c.packs);
    expect(packs).toHaveLength(200);
    const unknown = cartons[14]!.packs[0]!;
    await putReturn('6100002802', 300);
    await fault('down');
    const answers = [];
    // Twenty handhelds at once (scans share group commits on PostgreSQL).
    for (let i = 0; i < packs.length; i += 20) {
      answers.push(...(await Promise.all(packs.slice(i, i + 20).map((p) => scan('6100002802', packScan(p), 'EA')))));
    }
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().warnings).toEqual([
        expect.stringMatching(
          /^The NMVS has not answered yet \(the connection failed: .+\): the request is queued and sent again until it is answered\. Until it answers, 1 pack is kept in QUARANTINE \/ PENDING VERIFICATION\.$/,
        ),
      ]);
    }
    const carton = await scan('6100002802', ssccScan(cartons[13]!.sscc), 'CTN');
    expect(carton.statusCode, carton.body).toBe(200);
    expect(carton.json().warnings[0]).toMatch(/Until it answers, 20 packs are kept in QUARANTINE \/ PENDING VERIFICATION\.$/);
    const stranger = await scan('6100002802', packScan(unknown), 'EA');
    expect(stranger.statusCode, stranger.body).toBe(200);
    for (const p of [packs[0]!, packs[199]!, cartons[13]!.packs[7]!, unknown]) {
      expect(await packState(p)).toMatchObject({ status: 'QUARANTINE', reason: 'PENDING VERIFICATION' });
    }
    expect(await scanned('6100002802')).toBe(221);
    // Sent again while the system is down: the same answer, no second request.
    const repeatId = randomUUID();
    const first = await scan('6100002802', packScan(cartons[14]!.packs[1]!), 'EA', repeatId);
    const repeat = await scan('6100002802', packScan(cartons[14]!.packs[1]!), 'EA', repeatId);
    expect(repeat.json()).toEqual(first.json());
    expect(await requestsOf('6100002802')).toHaveLength(203);

    await fault('ok');
    const settled = await eventually(async () => {
      const rows = await requestsOf('6100002802');
      return rows.every((r) => r.state === 'answered') ? rows : undefined;
    }, 90_000);
    expect(settled).toHaveLength(203);
    for (const p of [...packs, ...cartons[13]!.packs, cartons[14]!.packs[1]!]) {
      expect(await packState(p)).toMatchObject({ status: 'PENDING', reason: 'RETURNED' });
      expect(history(p)).toEqual([[cartons[13]!.packs.includes(p) ? 'G115' : 'G110', 'NMVS_SUCCESS']]);
    }
    // The pack the system does not know stays in quarantine, with its alert kept on the request and in the audit trail.
    expect(await packState(unknown)).toMatchObject({ status: 'QUARANTINE', reason: 'VERIFICATION FAILED' });
    const alert = settled.find((r) => r.serials_json.includes(unknown.serial))!;
    expect(alert).toMatchObject({ outcome: 'alert', return_code: 'NMVS_NC_PC_02' });
    const trail = await t.database.db
      .selectFrom('audit_log')
      .select(['reason', 'after_json'])
      .where('entity_id', '=', await unitOf(unknown))
      .where('action', '=', 'status')
      .executeTakeFirstOrThrow();
    expect(trail.reason).toContain(alert.alert_id!);
    expect(JSON.parse(trail.after_json!)).toEqual({ status: 'QUARANTINE', reason: 'VERIFICATION FAILED' });
    const released = await t.database.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('entity_id', '=', await unitOf(packs[0]!))
      .where('action', '=', 'status')
      .executeTakeFirstOrThrow();
    expect([JSON.parse(released.before_json!), JSON.parse(released.after_json!)]).toEqual([
      { status: 'QUARANTINE', reason: 'PENDING VERIFICATION' },
      { status: 'PENDING', reason: 'RETURNED' },
    ]);
  }, 180_000);

  it('completing a return keeps a pack the NMVS did not verify, or has not answered for, in quarantine; scrapping takes the one it did not verify', async () => {
    const [refused, verified, late] = cartons[14]!.packs.slice(3, 6) as [PackSpec, PackSpec, PackSpec];
    await setVerification('W2010', '5', {
      system: 'NMVS',
      url: nmvs.url,
      clientId: NMVS_TEST_CLIENT.clientLoginId,
      user: NMVS_TEST_CLIENT.userId,
      secret: NMVS_TEST_CLIENT.password,
    });
    await nmvs.registry.load([{ ...asRegistered(refused), state: 'INACTIVE' as const, reasons: ['DESTROYED'] }]);
    await putReturn('6100002804', 3);
    const answered = async (count: number) =>
      eventually(async () => {
        const rows = await requestsOf('6100002804');
        return rows.length === count && rows.every((r) => r.state === 'answered') ? rows : undefined;
      }, 60_000);
    await fault('down');
    for (const p of [refused, verified]) expect((await scan('6100002804', packScan(p), 'EA')).statusCode).toBe(200);
    await fault('ok');
    await answered(2);
    expect(await packState(refused)).toMatchObject({ status: 'QUARANTINE', reason: 'VERIFICATION FAILED' });
    expect(await packState(verified)).toMatchObject({ status: 'PENDING', reason: 'RETURNED' });
    await fault('down');
    expect((await scan('6100002804', packScan(late), 'EA')).statusCode).toBe(200);
    expect(await packState(late)).toMatchObject({ status: 'QUARANTINE', reason: 'PENDING VERIFICATION' });

    await apiPort(t.app, rdc, 'RDC').complete('RMA', '6100002804');
    // The completed state (QUARANTINE / RETURNED, until released) is the verified pack's only: the two
    // others keep the reason the national system gave them, which a status edit cannot change.
    expect(await packState(verified)).toMatchObject({ status: 'QUARANTINE', reason: 'RETURNED', warehouse_no: 'W2010' });
    expect(await packState(refused)).toMatchObject({ status: 'QUARANTINE', reason: 'VERIFICATION FAILED' });
    expect(await packState(late)).toMatchObject({ status: 'QUARANTINE', reason: 'PENDING VERIFICATION' });
    await fault('ok');
    await answered(3);
    expect(await packState(late)).toMatchObject({ status: 'QUARANTINE', reason: 'RETURNED', warehouse_no: 'W2010' });

    // Its way out: a scrapping note of the warehouse takes it (as a return to principal would); a dispatch does not.
    await apiPort(t.app, admin).putDocument('DECOMM', '9100002804', {
      warehouseNo: 'W2010',
      date: '2026-11-27',
      lines: [{ lineNo: 10, materialNo: product.materialNo, batchNo: product.batch, quantity: 1 }],
    });
    const scrapped = await t.app.inject({
      method: 'POST',
      url: '/api/scanForOperation?area=RDC',
      headers: rdc,
      payload: { docType: 'DECOMM', docNo: '9100002804', code: packScan(refused), unit: 'EA', idType: 'GS1', scanId: randomUUID() },
    });
    expect(scrapped.statusCode, scrapped.body).toBe(200);
    expect(await packState(refused)).toMatchObject({ status: 'PENDING', reason: 'OTHER' });
  }, 180_000);

  it('200 verified return scans: how long each takes against the local simulator (for information)', async () => {
    const durations: number[] = [];
    for (const p of cartons.slice(20, 30).flatMap((c) => c.packs)) {
      const started = performance.now();
      const res = await scan('6100002801', packScan(p), 'EA');
      durations.push(performance.now() - started);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(durations).toHaveLength(200);
    console.info(
      `[${kind}] return scan verified by the NMVS simulator: p50 ${percentile(durations, 50).toFixed(1)} ms, p99 ${percentile(durations, 99).toFixed(1)} ms (${durations.length} scans)`,
    );
  }, 120_000);

  it('the VRS: a return verified is accepted; a pack it does not know is refused with No_match_GTIN_Serial and quarantined', async () => {
    await setVerification('W3010', '6', { system: 'VRS', url: vrs.url, secret: VRS_TOKEN });
    await putReturn('6100002803', 4, 'W3010', all[1]!);
    const [unknown, known] = local.packs as [PackSpec, PackSpec];
    const ok = await scan('6100002803', packScan(known), 'EA', randomUUID(), 'LDC');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await packState(known)).toMatchObject({ status: 'PENDING', reason: 'RETURNED' });
    const refused = await scan('6100002803', packScan(unknown), 'EA', randomUUID(), 'LDC');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({
      code: 'VERIFICATION_SCAN_REFUSED',
      message: `Scan refused: The VRS did not verify the pack: No_match_GTIN_Serial. Kept in quarantine (VERIFICATION FAILED): ${label(unknown)}.`,
    });
    expect(await packState(unknown)).toEqual({ status: 'QUARANTINE', reason: 'VERIFICATION FAILED', warehouse_no: 'W3010' });
    expect((await requestsOf('6100002803')).map((r) => [r.system, r.outcome, r.return_code])).toEqual([
      ['VRS', 'verified', null],
      ['VRS', 'refused', 'No_match_GTIN_Serial'],
    ]);
  });

  it('a request the NMVS cannot take (credentials refused) refuses the scan and leaves the pack as it was', async () => {
    await setVerification('W2010', '5', {
      system: 'NMVS',
      url: nmvs.url,
      clientId: NMVS_TEST_CLIENT.clientLoginId,
      user: NMVS_TEST_CLIENT.userId,
      secret: 'not-the-password',
    });
    const pack = cartons[14]!.packs[2]!;
    const before = await scanned('6100002802');
    const res = await scan('6100002802', packScan(pack), 'EA');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      code: 'VERIFICATION_SCAN_FAILED',
      message:
        'Scan refused: the packs could not be verified. The NMVS cannot take this request (NMVS_FE_AU_01 The entered user or password does not match): ' +
        'it is not sent again. Scan again once the verification settings of warehouse W2010 are corrected.',
    });
    expect(await packState(pack)).toMatchObject({ status: 'TRANSIT', reason: 'DISPATCHED' });
    expect(await scanned('6100002802')).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_STATUS_ACTIONS, BATCH_STATUSES, type ModuleGrant } from '@pharma/domain';
import { WHEREABOUTS_CSV_HEADER, type WhereaboutsResponse } from '@pharma/domain/contract/batches';
import type { UnitView } from '@pharma/domain/contract/inventory';
import { BATCH_STATUS_NEEDS } from '../src/api/batches/batches.routes.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type CartonSpec, type PackSpec, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { putDocumentFor, receiveIbd, scanAndComplete, scanUnits } from '../src/seed/stock-builder.ts';
import { apiPort, insertBundle, makeCodes, products, type Product } from './inventory-fixtures.ts';
import { DATABASES, localUserWith, rowCount, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * Issue 30, decision 0070: a batch's status set in one audited action, and where its packs are. One
 * batch (its number holding '/' and '.', as GS1's batch may) is spread over both warehouses: in
 * pallets, cartons, a bundle and loose; a carton dispatched (completed OBD), a pack on an open OBD, a
 * carton in transit (completed STO), a pack returned to the principal (RTP), a pack scrapped (DECOMM).
 */
type Total = keyof WhereaboutsResponse['totals'];
type Headers = Record<string, string>;

describe.each(DATABASES)('batch status and whereabouts on %s', (kind) => {
  let t: TestApp;
  let admin: Headers;
  let rdc: Headers;
  let ldc: Headers;
  let product: Product;
  let regionalPallet: PalletSpec;
  let regionalCarton: CartonSpec;
  let regionalLoose: PackSpec[];
  let localPallet: PalletSpec;
  let localCarton: CartonSpec;
  let localLoose: PackSpec[];
  let bundle: { bundle: string; packs: string[] };
  const BATCH = 'H30/A.1';
  const DOCS = { dispatched: '8100003001', open: '8100003002', scrap: '7100003001', rtp: '4100003001', sto: '3100003001' };

  const path = (batchNo = BATCH, materialNo = product.materialNo) =>
    `/api/batches/${encodeURIComponent(materialNo)}/${encodeURIComponent(batchNo)}`;
  const setStatus = (headers: Headers, status: string, reason: string, batchNo = BATCH, area = 'RDC') =>
    t.app.inject({ method: 'PUT', url: `${path(batchNo)}/status?area=${area}`, headers, payload: { status, reason } });
  const whereabouts = async (headers: Headers, area = 'LDC'): Promise<WhereaboutsResponse> => {
    const res = await t.app.inject({ method: 'GET', url: `${path()}/whereabouts?area=${area}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const auditRows = () => t.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'batch').orderBy('id').execute();
  const statusRow = () =>
    t.database.db
      .selectFrom('batch_statuses')
      .selectAll()
      .where('material_no', '=', product.materialNo)
      .where('batch_no', '=', BATCH)
      .executeTakeFirst();

  /** A unit as search shows it, in whichever area finds it (a unit in transit belongs to its document's). */
  const search = async (kindOf: 'serial' | 'sscc', code: string): Promise<UnitView> => {
    for (const area of ['RDC', 'LDC']) {
      const url = `/api/${kindOf === 'sscc' ? 'searchSSCC' : 'serialSearch'}/${encodeURIComponent(code)}?area=${area}`;
      const res = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      const [found] = res.json().data as UnitView[];
      if (found) return found;
    }
    throw new Error(`${code} is found in no area`);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    const all = await products(t);
    product = { ...all[0]!, batch: BATCH };
    const codes = makeCodes(3030);
    regionalPallet = codes.pallet(2, 3, product);
    regionalCarton = codes.carton(4, product);
    regionalLoose = codes.packs(3, product);
    localPallet = codes.pallet(2, 2, product);
    localCarton = codes.carton(3, product);
    localLoose = codes.packs(3, product);
    const regional = apiPort(t.app, admin, 'RDC');
    const local = apiPort(t.app, admin, 'LDC');
    const w3010 = { warehouseNo: 'W3010' };
    await receiveIbd(regional, '1700003001', { pallets: [regionalPallet], cartons: [regionalCarton], packs: regionalLoose }, all);
    await receiveIbd(local, '1700003002', { pallets: [localPallet], cartons: [localCarton], packs: localLoose }, all, w3010);
    // A bundle of two packs whose serials a spreadsheet would read as formulas.
    bundle = await insertBundle(t.database.db, product, 'W3010', '=1+2', 2);

    await putDocumentFor(regional, 'OBD', DOCS.dispatched, [regionalCarton], all);
    await scanAndComplete(regional, 'OBD', DOCS.dispatched, [regionalCarton]);
    await putDocumentFor(regional, 'DECOMM', DOCS.scrap, [regionalLoose[2]!], all);
    await scanAndComplete(regional, 'DECOMM', DOCS.scrap, [regionalLoose[2]!]);
    await putDocumentFor(local, 'OBD', DOCS.open, [localLoose[0]!, localLoose[2]!], all, w3010);
    await scanUnits(local, 'OBD', DOCS.open, [localLoose[0]!]);
    await putDocumentFor(local, 'RTP', DOCS.rtp, [localLoose[1]!], all, w3010);
    await scanAndComplete(local, 'RTP', DOCS.rtp, [localLoose[1]!]);
    await putDocumentFor(local, 'STO', DOCS.sto, [localCarton], all, { ...w3010, destination: { warehouseNo: 'W2010' } });
    await scanAndComplete(local, 'STO', DOCS.sto, [localCarton]);
  });
  afterAll(() => t?.close());

  it('refuses a reason under 5 characters, a batch never known, and a release of a batch not held; nothing is written', async () => {
    const audit = await rowCount(t, 'audit_log');
    const short = await setStatus(rdc, 'ON_HOLD', '  ab  ');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({
      code: 'BATCH_REASON_REQUIRED',
      message: `Give the reason for this change of batch ${BATCH} (at least 5 characters).`,
    });
    const unknown = await setStatus(rdc, 'ON_HOLD', 'Quality complaint', 'NOSUCHLOT');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(`No unit of batch NOSUCHLOT of material ${product.materialNo} is known.`);
    const released = await setStatus(rdc, 'RELEASED', 'Nothing to release');
    expect(released.statusCode).toBe(422);
    expect(released.json()).toEqual({
      code: 'BATCH_STATUS_UNCHANGED',
      message: `Batch ${BATCH} of material ${product.materialNo} is already released.`,
    });
    expect(await statusRow()).toBeUndefined();
    expect(await rowCount(t, 'audit_log')).toBe(audit);
  });

  it('a hold covers every unit of the batch in both warehouses, in one audited action', async () => {
    const before = await whereabouts(rdc, 'RDC');
    expect(before.status).toBe('RELEASED');
    expect(before.change).toBeNull();

    const res = await setStatus(rdc, 'ON_HOLD', '  Quality complaint QC-30  ');
    expect(res.statusCode, res.body).toBe(200);
    // 25 packs; above them 2 pallets, 4 of their cartons, the 2 loose cartons and the bundle.
    expect(res.json()).toEqual({
      status: 'ON_HOLD',
      units: 34,
      warehouses: ['W2010', 'W3010'],
      message: `Batch ${BATCH} of material ${product.materialNo} is now on hold: 34 units in 2 warehouses.`,
    });
    const [audit, ...more] = await auditRows();
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      entity: 'batch',
      entity_id: `${product.materialNo}/${BATCH}`,
      action: 'batch status',
      reason: 'Quality complaint QC-30',
    });
    expect(JSON.parse(audit!.before_json!)).toEqual({ status: 'RELEASED' });
    expect(JSON.parse(audit!.after_json!)).toEqual({ status: 'ON_HOLD' });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: rdc });
    expect(audit!.actor_id).toBe(me.json().user.id);

    const again = await setStatus(ldc, 'ON_HOLD', 'Held twice', BATCH, 'LDC');
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(`Batch ${BATCH} of material ${product.materialNo} is already on hold.`);
    expect(await auditRows()).toHaveLength(1);
  });

  it('the whereabouts: the same figures in both areas, each equal to what the search of every unit says', async () => {
    const seen = await whereabouts(ldc, 'LDC');
    expect(await whereabouts(rdc, 'RDC')).toEqual(seen);
    expect(seen).toMatchObject({ materialNo: product.materialNo, batchNo: BATCH, status: 'ON_HOLD' });
    expect(seen.change).toMatchObject({ reason: 'Quality complaint QC-30', by: DEMO_USERS.rdc });
    expect(seen.totals).toEqual({ inStock: 16, inTransit: 3, dispatched: 4, decommissioned: 1, returned: 1 });
    const pallets = (p: PalletSpec) => ({ pallets: [p.sscc], cartons: p.cartons.map((c) => c.sscc).sort() });
    expect(seen.warehouses).toEqual([
      { warehouseNo: 'W2010', area: 'RDC', units: 8, ...pallets(regionalPallet), looseUnits: 2 },
      { warehouseNo: 'W3010', area: 'LDC', units: 8, ...pallets(localPallet), looseUnits: 4 },
    ]);
    expect(seen.openDocuments).toEqual([{ docType: 'OBD', docNo: DOCS.open, units: 1 }]);
    expect(seen.dispatched.map(({ completedAt, ...d }) => (expect(completedAt).toMatch(/^\d{4}-/), d))).toEqual([
      { docType: 'OBD', docNo: DOCS.dispatched, partner: null, units: 4 },
      { docType: 'RTP', docNo: DOCS.rtp, partner: null, units: 1 },
      { docType: 'STO', docNo: DOCS.sto, partner: 'Singapore Regional DC (W2010)', units: 3 },
    ]);

    // Every pack as search shows it, put in the same totals, warehouses, pallets and cartons.
    const packCodes = [
      ...[regionalPallet, localPallet].flatMap((p) => p.cartons.flatMap((c) => c.packs)),
      ...regionalCarton.packs,
      ...localCarton.packs,
      ...regionalLoose,
      ...localLoose,
    ].map((p) => packScan(p));
    const totals: Record<Total, number> = { inStock: 0, inTransit: 0, dispatched: 0, decommissioned: 0, returned: 0 };
    const stock = new Map<string, { units: number; pallets: Set<string>; cartons: Set<string>; looseUnits: number }>();
    for (const code of [...packCodes, ...bundle.packs]) {
      const pack = await search('serial', code);
      expect(pack.batchStatus, code).toBe('ON_HOLD');
      expect(pack.heldBatches).toEqual([{ materialNo: product.materialNo, batchNo: BATCH, status: 'ON_HOLD' }]);
      const total = totalOf(pack);
      totals[total] += 1;
      if (total !== 'inStock') continue;
      const here = stock.get(pack.warehouseNo!) ?? { units: 0, pallets: new Set(), cartons: new Set(), looseUnits: 0 };
      stock.set(pack.warehouseNo!, here);
      here.units += 1;
      let holder = pack.parent;
      if (!holder || holder.type === 'BUN') here.looseUnits += 1;
      while (holder && holder.type !== 'BUN') {
        (holder.type === 'PLT' ? here.pallets : here.cartons).add(holder.id);
        const up = await search('sscc', ssccScan(holder.id));
        expect(up.batchStatus).toBeNull();
        expect(up.heldBatches).toEqual([{ materialNo: product.materialNo, batchNo: BATCH, status: 'ON_HOLD' }]);
        holder = up.parent;
      }
    }
    expect(totals).toEqual(seen.totals);
    expect(
      [...stock.entries()].map(([warehouseNo, s]) => ({
        warehouseNo,
        units: s.units,
        pallets: [...s.pallets].sort(),
        cartons: [...s.cartons].sort(),
        looseUnits: s.looseUnits,
      })),
    ).toEqual(seen.warehouses.map(({ area: _area, ...w }) => w));
    const bundleView = await search('serial', bundle.bundle);
    expect(bundleView.batchStatus).toBe('ON_HOLD');
  });

  it('the CSV: a header row, one row per unit, every field guarded against formulas', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${path()}/whereabouts?area=RDC&format=csv`, headers: rdc });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="batch-${product.materialNo}-H30_A.1.csv"`);
    const [header, ...rows] = res.body.split('\r\n');
    expect(rows.pop()).toBe('');
    expect(header).toBe(WHEREABOUTS_CSV_HEADER.join(','));
    expect(header).toBe('Serial or SSCC,GTIN,Level,Parent,Warehouse,Status,Reason,Last document');
    expect(rows).toHaveLength(34);
    const row = (id: string) => rows.find((r) => r.startsWith(`${id},`));
    expect(row(regionalPallet.sscc)).toBe(`${regionalPallet.sscc},,PLT,,W2010,ACTIVE,WAREHOUSE RECEIVED,IBD 1700003001`);
    const inCarton = regionalPallet.cartons[0]!.packs[0]!;
    expect(row(inCarton.serial)).toBe(
      `${inCarton.serial},${product.gtin},EA,${regionalPallet.cartons[0]!.sscc},W2010,ACTIVE,WAREHOUSE RECEIVED,IBD 1700003001`,
    );
    expect(row(regionalCarton.sscc)).toBe(`${regionalCarton.sscc},,CTN,,W2010,TRANSIT,DISPATCHED,OBD ${DOCS.dispatched}`);
    expect(row(localCarton.packs[0]!.serial)).toBe(
      `${localCarton.packs[0]!.serial},${product.gtin},EA,${localCarton.sscc},,TRANSIT,PENDING GR,STO ${DOCS.sto}`,
    );
    expect(row(localLoose[0]!.serial)).toBe(`${localLoose[0]!.serial},${product.gtin},EA,,W3010,PENDING,DISPATCHED,OBD ${DOCS.open}`);
    // The bundle's serials start with '=': written with a leading apostrophe, as text.
    expect(row("'=1+2")).toBe(`'=1+2,${product.gtin},BUN,,W3010,ACTIVE,WAREHOUSE RECEIVED,`);
    expect(row("'=1+2-1")).toBe(`'=1+2-1,${product.gtin},EA,${product.gtin}/=1+2,W3010,ACTIVE,WAREHOUSE RECEIVED,`);
    expect(rows.filter((r) => /^[=+\-@\t\r]/.test(r) || /,[=+\-@\t\r]/.test(r))).toEqual([]);
  });

  it('a release keeps the last reason; a recall is final: neither release nor hold is taken after it', async () => {
    const released = await setStatus(ldc, 'RELEASED', 'Complaint closed: no defect', BATCH, 'LDC');
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().message).toBe(`Batch ${BATCH} of material ${product.materialNo} is now released: 34 units in 2 warehouses.`);
    expect(await statusRow()).toMatchObject({ status: 'RELEASED', reason: 'Complaint closed: no defect' });
    const seen = await whereabouts(ldc);
    expect(seen.status).toBe('RELEASED');
    expect(seen.change).toMatchObject({ reason: 'Complaint closed: no defect', by: DEMO_USERS.ldc });
    const pallet = await search('sscc', ssccScan(localPallet.sscc));
    expect(pallet.heldBatches).toEqual([]);
    expect((await search('serial', packScan(regionalLoose[0]!))).batchStatus).toBe('RELEASED');

    const recalled = await setStatus(rdc, 'RECALLED', 'Manufacturer recall R-2026-30');
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect(recalled.json()).toMatchObject({ status: 'RECALLED', units: 34 });
    expect((await search('sscc', ssccScan(regionalPallet.sscc))).heldBatches).toEqual([
      { materialNo: product.materialNo, batchNo: BATCH, status: 'RECALLED' },
    ]);
    const audit = await auditRows();
    expect(audit.map((a) => [JSON.parse(a.before_json!).status, JSON.parse(a.after_json!).status])).toEqual([
      ['RELEASED', 'ON_HOLD'],
      ['ON_HOLD', 'RELEASED'],
      ['RELEASED', 'RECALLED'],
    ]);
    for (const status of ['RELEASED', 'ON_HOLD', 'RECALLED']) {
      const refused = await setStatus(admin, status, 'Trying to undo the recall');
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        code: 'BATCH_RECALL_FINAL',
        message: `Batch ${BATCH} of material ${product.materialNo} is recalled: a recall is final, so it cannot be released or held.`,
      });
    }
    expect(await auditRows()).toHaveLength(3);
    expect(await statusRow()).toMatchObject({ status: 'RECALLED', reason: 'Manufacturer recall R-2026-30' });
  });

  it("looks a batch up from a pack's code: GTIN + batch, or GTIN + serial of a pack on record", async () => {
    const lookup = (code: string) => t.app.inject({ method: 'POST', url: '/api/batches/lookup?area=LDC', headers: ldc, payload: { code } });
    const expected = { materialNo: product.materialNo, batchNo: BATCH };
    const byBatch = await lookup(`]d201${product.gtin}17280630\u001d10${BATCH}`);
    expect(byBatch.statusCode, byBatch.body).toBe(200);
    expect(byBatch.json()).toEqual(expected);
    const pack = regionalLoose[0]!;
    const bySerial = await lookup(`]d201${pack.gtin}21${pack.serial}`);
    expect(bySerial.statusCode, bySerial.body).toBe(200);
    expect(bySerial.json()).toEqual(expected);
    expect((await lookup(packScan(localPallet.cartons[0]!.packs[0]!))).json()).toEqual(expected);
    for (const code of [ssccScan(regionalPallet.sscc), `]d201${product.gtin}21NOTAPACK99`, `]d20109506000134352${'10'}LOT1`]) {
      const none = await lookup(code);
      expect(none.statusCode, code).toBe(422);
      expect(none.json()).toEqual({
        code: 'BATCH_CODE_NO_BATCH',
        message: 'This code names no batch: scan a pack, or type the material and batch number.',
      });
    }
    expect((await lookup('not a code')).statusCode).toBe(400);
  });

  describe('each action alone', () => {
    const OTHER = 'H30PERM';
    let viewerOnly: Headers;
    let holder: Headers;
    let releaser: Headers;
    let recaller: Headers;
    let outsider: Headers;

    /** A local role with exactly these grants, and a user holding only it. */
    const userWith = (name: string, modules: ModuleGrant[]) => localUserWith(t.app, admin, name, modules);
    const recall = (actions: string[]) =>
      [{ module: 'RECALL', isCompletelyPermitted: false, features: [{ feature: 'DetailsPage', actions }] }] as ModuleGrant[];

    beforeAll(async () => {
      // A batch known from the materials' master data only (stock counted without serials has no unit).
      await t.database.db
        .insertInto('batches')
        .values({ id: 'batch-h30perm', material_no: product.materialNo, batch_no: OTHER, expiry: '2028-06-30', created_at: '2026-11-26' })
        .execute();
      viewerOnly = await userWith('Recall viewer', recall([]));
      holder = await userWith('Batch holder', recall(['SetHold']));
      releaser = await userWith('Batch releaser', recall(['ReleaseHold']));
      recaller = await userWith('Batch recaller', recall(['Recall']));
      outsider = await userWith('No recall', [
        { module: 'GLOBAL', isCompletelyPermitted: false, features: [{ feature: 'Search', actions: [] }] },
      ]);
    });

    it('the server asks for the action BATCH_STATUS_ACTIONS names for each status', () => {
      for (const status of BATCH_STATUSES)
        expect(BATCH_STATUS_NEEDS[status]).toEqual({ module: 'RECALL', action: BATCH_STATUS_ACTIONS[status] });
    });

    it('each status needs its own action; a refused change writes nothing', async () => {
      const refused = async (headers: Headers, status: string, code: string) => {
        const audit = await rowCount(t, 'audit_log');
        const statuses = await rowCount(t, 'batch_statuses');
        const res = await setStatus(headers, status, 'Not allowed to', OTHER, 'LDC');
        expect(res.statusCode, `${status}: ${res.body}`).toBe(403);
        expect(res.json().code).toBe(code);
        expect(await rowCount(t, 'audit_log')).toBe(audit);
        expect(await rowCount(t, 'batch_statuses')).toBe(statuses);
      };
      for (const status of ['ON_HOLD', 'RELEASED', 'RECALLED']) {
        await refused(viewerOnly, status, 'FEATURE_NOT_AUTHORIZED');
        await refused(outsider, status, 'MODULE_NOT_AUTHORIZED');
      }
      // A body naming no status: refused to a caller holding none of the three actions, invalid to one holding any.
      const empty = (headers: Headers) => t.app.inject({ method: 'PUT', url: `${path(OTHER)}/status?area=LDC`, headers, payload: {} });
      expect((await empty(viewerOnly)).json().code).toBe('FEATURE_NOT_AUTHORIZED');
      expect((await empty(holder)).statusCode).toBe(400);
      await refused(releaser, 'ON_HOLD', 'FEATURE_NOT_AUTHORIZED');
      await refused(recaller, 'ON_HOLD', 'FEATURE_NOT_AUTHORIZED');
      // The area is part of the need: the holder holds in LDC only.
      const elsewhere = await setStatus(holder, 'ON_HOLD', 'Quality hold', OTHER, 'RDC');
      expect(elsewhere.statusCode).toBe(403);

      const held = await setStatus(holder, 'ON_HOLD', 'Quality hold', OTHER, 'LDC');
      expect(held.statusCode, held.body).toBe(200);
      expect(held.json()).toMatchObject({ status: 'ON_HOLD', units: 0, warehouses: [] });
      await refused(holder, 'RELEASED', 'FEATURE_NOT_AUTHORIZED');
      await refused(recaller, 'RELEASED', 'FEATURE_NOT_AUTHORIZED');
      await refused(holder, 'RECALLED', 'FEATURE_NOT_AUTHORIZED');
      await refused(releaser, 'RECALLED', 'FEATURE_NOT_AUTHORIZED');
      expect((await setStatus(releaser, 'RELEASED', 'Quality released', OTHER, 'LDC')).statusCode).toBe(200);
      expect((await setStatus(recaller, 'RECALLED', 'Manufacturer recall', OTHER, 'LDC')).statusCode).toBe(200);
    });

    it('two holds of one batch at once: one is taken, the other is told it is already on hold; one audit row', async () => {
      const RACE = 'H30RACE';
      await t.database.db
        .insertInto('batches')
        .values({ id: 'batch-h30race', material_no: product.materialNo, batch_no: RACE, expiry: '2028-06-30', created_at: '2026-11-26' })
        .execute();
      const audit = await rowCount(t, 'audit_log');
      const answers = await Promise.all([
        setStatus(rdc, 'ON_HOLD', 'First quality hold', RACE),
        setStatus(ldc, 'ON_HOLD', 'Second quality hold', RACE, 'LDC'),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
      expect(answers.find((a) => a.statusCode === 422)!.json().code).toBe('BATCH_STATUS_UNCHANGED');
      expect(await rowCount(t, 'audit_log')).toBe(audit + 1);
    });

    it('seeing a batch needs DetailsPage of RECALL, no action', async () => {
      const view = (headers: Headers) => t.app.inject({ method: 'GET', url: `${path()}/whereabouts?area=LDC`, headers });
      expect((await view(viewerOnly)).statusCode).toBe(200);
      const lookedUp = await t.app.inject({
        method: 'POST',
        url: '/api/batches/lookup?area=LDC',
        headers: viewerOnly,
        payload: { code: packScan(regionalLoose[0]!) },
      });
      expect(lookedUp.statusCode, lookedUp.body).toBe(200);
      const refused = await view(outsider);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('MODULE_NOT_AUTHORIZED');
    });
  });
});

/** What the whereabouts' totals make of a pack as search shows it (decision 0070). */
function totalOf(pack: UnitView): Total {
  if (pack.status === 'DESTROYED') return 'decommissioned';
  if (pack.status === 'TRANSIT' && pack.reason === 'DISPATCHED') {
    const sentBy = pack.history
      .map((h) => h.action)
      .filter((a) => a.startsWith('complete '))
      .at(-1);
    return sentBy?.startsWith('complete RTP ') ? 'returned' : 'dispatched';
  }
  const onHand = ['ACTIVE', 'QUARANTINE', 'EXPIRED', 'DAMAGED', 'RETAINED'].includes(pack.status);
  const picked = pack.status === 'PENDING' && ['DISPATCHED', 'REDRESSED', 'OTHER'].includes(pack.reason ?? '');
  return pack.warehouseNo && (onHand || picked) ? 'inStock' : 'inTransit';
}

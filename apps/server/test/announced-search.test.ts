import { createHash, randomUUID } from 'node:crypto';
import { sglnUri, ssccUri } from '@pharma/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, DEMO_WAREHOUSES } from '../src/seed/demo.ts';
import { COMPANY_PREFIX, epcisDocument, packScan, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { putDocumentFor, scanOf } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * Packs announced by EPCIS and not yet received are found (issue 34, decision 0083): by the area the
 * announcement sends them to (its destination location, EPCIS 2.0 section 7.3.5.4 with CBV 2.0 section 7.5,
 * or the IBD of its desadv), and by the INTEGRATION right across warehouses; by no other area (decision
 * 0019). Search shows them 'Announced, not yet received', with the event and the IBD expecting them.
 */
describe.each(DATABASES)('announced packs found by search on %s', (kind) => {
  const IBD = '1910003401';
  const W2010 = DEMO_WAREHOUSES[0];
  const W3010 = DEMO_WAREHOUSES[1];
  const SHIPPED_ID = 'urn:uuid:6d4b2a0e-3401-4c1a-9a34-000000000001';
  let t: TestApp;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let ldc: Record<string, string>;
  let erp: Record<string, string>;
  let all: Product[];
  let expected: PalletSpec;
  let short: PalletSpec;
  let unexpected: PalletSpec;
  let packed: PalletSpec;
  let unexpectedNotice: Record<string, unknown>;

  /** A supplier's shipping notice (ObjectEvent OBSERVE, bizStep shipping) of pallets to a place, with a desadv when `ibdNo`. */
  const shipping = (pallets: PalletSpec[], to: string, ibdNo?: string, eventID?: string) => ({
    type: 'ObjectEvent',
    ...(eventID ? { eventID } : {}),
    eventTime: '2026-11-02T09:30:00.000+08:00',
    eventTimeZoneOffset: '+08:00',
    epcList: pallets.map((p) => ssccUri(p.sscc)),
    action: 'OBSERVE',
    bizStep: 'shipping',
    disposition: 'in_transit',
    destinationList: [{ type: 'location', destination: to }],
    ...(ibdNo ? { bizTransactionList: [{ type: 'desadv', bizTransaction: `urn:epcglobal:cbv:bt:${COMPANY_PREFIX}000001:${ibdNo}` }] } : {}),
  });
  const epcis = (...events: Record<string, unknown>[]) => ({
    '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: '2026-11-02T09:30:00.000+08:00',
    epcisBody: { eventList: events },
  });
  const post = (doc: unknown) => t.app.inject({ method: 'POST', url: '/api/integration/epcis', headers: admin, payload: doc as object });
  const get = async (headers: Record<string, string>, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as {
      sscc: string | null;
      serial: string | null;
      warehouseNo: string | null;
      status: string;
      announced: unknown;
    }[];
  };
  const ssccIn = (headers: Record<string, string>, area: 'RDC' | 'LDC', sscc: string) =>
    get(headers, `/api/searchSSCC/${sscc}?area=${area}`);
  const ssccForErp = (sscc: string) => get(erp, `/api/integration/searchSSCC/${sscc}`);
  const firstPack = (p: PalletSpec) => p.cartons[0]!.packs[0]!;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    erp = await integrationUser(t, admin);
    all = await products(t);
    const codes = makeCodes(34);
    expected = codes.pallet(2, 3, all[0]!);
    short = codes.pallet(1, 2, all[0]!);
    unexpected = codes.pallet(1, 4, all[1]!);
    packed = codes.pallet(1, 2, all[2]!);
    await putDocumentFor(apiPort(t.app, admin), 'IBD', IBD, { pallets: [expected, short] }, all, { warehouseNo: W2010.warehouseNo });
    // Commissioned and packed, sent nowhere yet: the supplier's first notice names no IBD and no place.
    const commissioned = await post(epcisDocument({ pallets: [expected, short, unexpected, packed] }));
    expect(commissioned.statusCode, commissioned.body).toBe(200);
  });
  afterAll(() => t?.close());

  it('a pallet commissioned and packed but sent nowhere is found by the ERP only, with its packing event', async () => {
    expect(await ssccIn(rdc, 'RDC', unexpected.sscc)).toEqual([]);
    expect(await ssccIn(ldc, 'LDC', unexpected.sscc)).toEqual([]);
    const [unit] = await ssccForErp(packed.sscc);
    expect(unit).toMatchObject({ sscc: packed.sscc, warehouseNo: null, status: 'TRANSIT' });
    expect(unit!.announced).toEqual({
      event: {
        id: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
        type: 'AggregationEvent',
        bizStep: 'packing',
        time: '2026-11-01T08:00:00.000Z',
      },
      warehouseNo: null,
      expectedOn: [],
    });
  });

  it('a shipping notice to W2010 with a desadv: found by the RDC, shown with its event and the IBD expecting it', async () => {
    const res = await post(epcis(shipping([expected, short], sglnUri(W2010.gln), IBD, SHIPPED_ID)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: 1, ignored: 0, linked: 2 });
    const announced = {
      event: { id: SHIPPED_ID, type: 'ObjectEvent', bizStep: 'shipping', time: '2026-11-02T09:30:00.000+08:00' },
      warehouseNo: 'W2010',
      expectedOn: [{ type: 'IBD', number: IBD }],
    };
    const [pallet] = await ssccIn(rdc, 'RDC', expected.sscc);
    expect(pallet).toMatchObject({ sscc: expected.sscc, warehouseNo: null, status: 'TRANSIT', announced });
    // A pack inside: found through its pallet, with the pallet's notice rather than its own commissioning.
    const pack = firstPack(expected);
    const [found] = await get(rdc, `/api/serialSearch/${encodeURIComponent(packScan(pack))}?area=RDC`);
    expect(found).toMatchObject({ serial: pack.serial, announced });
    expect(await get(rdc, `/api/serialSearch/${pack.serial}?area=RDC`)).toHaveLength(1);
  });

  it('a shipping notice to W2010 without a desadv: found by the RDC, known by the hash the intake keeps it by', async () => {
    unexpectedNotice = shipping([unexpected], sglnUri(W2010.gln));
    const res = await post(epcis(unexpectedNotice));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: 1, linked: 0 });
    const hash = 'sha256:' + createHash('sha256').update(JSON.stringify(unexpectedNotice)).digest('hex');
    const kept = await t.database.db.selectFrom('epcis_events').select('id').where('id', '=', hash).executeTakeFirst();
    expect(kept).toEqual({ id: hash });
    const [pallet] = await ssccIn(rdc, 'RDC', unexpected.sscc);
    expect(pallet!.announced).toEqual({
      event: { id: hash, type: 'ObjectEvent', bizStep: 'shipping', time: '2026-11-02T09:30:00.000+08:00' },
      warehouseNo: 'W2010',
      expectedOn: [],
    });
  });

  it('the LDC finds neither; its user gets the same empty answer as for a code that does not exist', async () => {
    for (const p of [expected, unexpected]) {
      expect(await ssccIn(ldc, 'LDC', p.sscc)).toEqual([]);
      expect(await get(ldc, `/api/serialSearch/${firstPack(p).serial}?area=LDC`)).toEqual([]);
    }
  });

  it('the ERP finds both across warehouses; the search of an area is not the ERP’s, nor the ERP’s an operator’s', async () => {
    expect((await ssccForErp(expected.sscc))[0]).toMatchObject({ announced: { event: { id: SHIPPED_ID }, warehouseNo: 'W2010' } });
    expect((await get(erp, `/api/integration/serialSearch/${firstPack(unexpected).serial}`))[0]).toMatchObject({
      serial: firstPack(unexpected).serial,
      announced: { warehouseNo: 'W2010', expectedOn: [] },
    });
    const erpInArea = await t.app.inject({ method: 'GET', url: `/api/searchSSCC/${expected.sscc}?area=RDC`, headers: erp });
    expect(erpInArea.statusCode).toBe(403);
    const rdcAsErp = await t.app.inject({ method: 'GET', url: `/api/integration/searchSSCC/${expected.sscc}`, headers: rdc });
    expect(rdcAsErp.statusCode).toBe(403);
  });

  it('refuses a notice that would send an announced pallet elsewhere, or a pallet never commissioned', async () => {
    const elsewhere = await post(epcis(shipping([unexpected], sglnUri(W3010.gln))));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ code: 'EPCIS_UNIT_ELSEWHERE' });
    expect(elsewhere.json().message).toContain('belongs to warehouse W2010 (RDC); this event would put it in warehouse W3010 (LDC)');
    const split = await post(epcis(shipping([packed], sglnUri(W3010.gln), IBD)));
    expect(split.statusCode).toBe(400);
    expect(split.json().message).toMatch(/its destination and desadv name warehouses W2010 and W3010/);
    const unknown = makeCodes(3499).pallet(1, 1, all[0]!);
    const never = await post(epcis(shipping([unknown], sglnUri(W2010.gln))));
    expect(never.statusCode).toBe(400);
    expect(never.json().message).toContain(`${ssccUri(unknown.sscc)} has not been commissioned`);
    expect(await ssccIn(ldc, 'LDC', unexpected.sscc)).toEqual([]);
  });

  it('a notice to a place that is none of ours is kept, not acted on: the pallet stays the ERP’s to find', async () => {
    const res = await post(epcis(shipping([packed], 'urn:epc:id:sgln:0614141.00777.0')));
    expect(res.json()).toMatchObject({ applied: 0, ignored: 1 });
    expect(await ssccIn(rdc, 'RDC', packed.sscc)).toEqual([]);
    expect((await ssccForErp(packed.sscc))[0]).toMatchObject({ announced: { warehouseNo: null } });
  });

  it('once received, the usual answer: in W2010, no longer announced; a pallet counted short is no announcement either', async () => {
    const port = apiPort(t.app, rdc, 'RDC');
    await port.scan({ docType: 'IBD', docNo: IBD, ...scanOf(expected), scanId: randomUUID() });
    await port.complete('IBD', IBD);
    const [pallet] = await ssccIn(rdc, 'RDC', expected.sscc);
    expect(pallet).toMatchObject({ warehouseNo: 'W2010', status: 'ACTIVE', announced: null });
    const [pack] = await get(rdc, `/api/serialSearch/${firstPack(expected).serial}?area=RDC`);
    expect(pack).toMatchObject({ warehouseNo: 'W2010', status: 'ACTIVE', announced: null });
    // On the completed IBD without a scan: SHORTAGE, still in no warehouse, found through its IBD, not waiting.
    const [missing] = await ssccIn(rdc, 'RDC', short.sscc);
    expect(missing).toMatchObject({ warehouseNo: null, status: 'SHORTAGE', announced: null });
    // The notice without an IBD still waits.
    expect((await ssccIn(rdc, 'RDC', unexpected.sscc))[0]).toMatchObject({ announced: { warehouseNo: 'W2010' } });
  });
});

/** A user holding the INTEGRATION right only (the ERP's account): no area, no module. */
async function integrationUser(t: TestApp, admin: Record<string, string>): Promise<Record<string, string>> {
  const role = await t.app.inject({
    method: 'POST',
    url: '/api/admin/roles',
    headers: admin,
    payload: { name: 'ERP', areas: [], applications: [], rights: ['INTEGRATION'] },
  });
  if (role.statusCode !== 201) throw new Error(`role: ${role.statusCode} ${role.body}`);
  const user = await t.app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: admin,
    payload: { email: 'erp@demo.local', firstName: 'Eve', lastName: 'ERP', password: 'Pharma#2026', roleIds: [role.json().id] },
  });
  if (user.statusCode !== 201) throw new Error(`user: ${user.statusCode} ${user.body}`);
  return (await signIn(t.app, 'erp@demo.local', 'Pharma#2026')).headers;
}

/**
 * A large document is taken in parts (decision 0043): a notice of more pallets than a part holds is applied a
 * part per transaction. Its eventID names it whole; without one, the hash of its first part is not the key
 * the intake keeps it by, so the answer names it by its type, step and time only.
 */
describe.each(DATABASES)('an announcing event taken in parts on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let pallets: PalletSpec[];

  beforeAll(async () => {
    t = await startTestApp(kind, { EPCIS_JOB_EVENTS: '1', EPCIS_CHUNK_EVENTS: '2' });
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    const all = await products(t);
    const codes = makeCodes(3402);
    pallets = Array.from({ length: 6 }, () => codes.pallet(1, 1, all[0]!));
    await intake(epcisDocument({ pallets }));
  });
  afterAll(() => t?.close());

  /** Posts a document and, taken as a job, waits for it: its counts. */
  async function intake(doc: Record<string, unknown>): Promise<Record<string, number>> {
    const res = await t.app.inject({ method: 'POST', url: '/api/integration/epcis', headers: admin, payload: doc });
    if (res.statusCode === 200) return res.json();
    expect(res.statusCode, res.body).toBe(202);
    for (;;) {
      const job = (await t.app.inject({ method: 'GET', url: res.headers.location as string, headers: admin })).json();
      if (job.status === 'done') return job.result;
      expect(job.status, JSON.stringify(job.error)).toBe('running');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const notice = (group: PalletSpec[], eventID?: string) => ({
    type: 'ObjectEvent',
    ...(eventID ? { eventID } : {}),
    eventTime: '2026-11-03T10:00:00.000Z',
    eventTimeZoneOffset: '+00:00',
    epcList: group.map((p) => ssccUri(p.sscc)),
    action: 'OBSERVE',
    bizStep: 'shipping',
    destinationList: [{ type: 'location', destination: sglnUri(DEMO_WAREHOUSES[0].gln) }],
  });

  it('names the event by its eventID, or, without one, by its type, step and time', async () => {
    const eventID = 'urn:uuid:6d4b2a0e-3402-4c1a-9a34-000000000002';
    const result = await intake({
      '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
      type: 'EPCISDocument',
      schemaVersion: '2.0',
      creationDate: '2026-11-03T10:00:00.000Z',
      epcisBody: { eventList: [notice(pallets.slice(0, 3)), notice(pallets.slice(3), eventID)] },
    });
    expect(result).toMatchObject({ applied: 2 });
    const announcedOf = async (p: PalletSpec) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/searchSSCC/${p.sscc}?area=RDC`, headers: rdc });
      return res.json().data[0]?.announced;
    };
    const event = { type: 'ObjectEvent', bizStep: 'shipping', time: '2026-11-03T10:00:00.000Z' };
    for (const p of pallets.slice(0, 3))
      expect(await announcedOf(p)).toEqual({ event: { id: null, ...event }, warehouseNo: 'W2010', expectedOn: [] });
    for (const p of pallets.slice(3))
      expect(await announcedOf(p)).toMatchObject({ event: { id: eventID, ...event }, warehouseNo: 'W2010' });
  });
});

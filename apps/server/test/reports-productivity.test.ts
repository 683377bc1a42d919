import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentLine } from '@pharma/domain/contract/inventory';
import { PRODUCTIVITY_CSV_HEADER, type ProductivityReport } from '@pharma/domain/contract/reports';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, type PackSpec } from '../src/seed/epcis-builder.ts';
import { putDocumentFor, receiveIbd, scanAndComplete } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * Issue 32, decision 0077: the productivity report. Two users of the regional area scan packs on an OBD
 * and a scrapping note (DECOMM) through the API; some scans are refused (a pack of a batch the document
 * does not hold, a pack already dispatched), one refused scan is resent with its scanId, one accepted scan
 * is reversed. In the local area a user scans ScanLite counts (the counted path) and has scans refused
 * there. A scan's clock cannot be set, so each bucket's hour is the hour of the time the server recorded
 * for that scan, read from its row; the counts are what the test sent, checked against the documents'
 * details. A refusal that cannot be recorded is answered all the same.
 */
type Headers = Record<string, string>;
type Row = ProductivityReport['rows'][number];

const DOCS = { obd: '8132000101', scrap: '7132000101', dispatched: '8132000102', localObd: '8132000109', lite: '9132000109' };
const SECOND = 'second.regional@demo.local';
/** Yesterday when the file is read: the period that holds every scan the test sends, even across midnight (UTC). */
const SINCE = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const byHourUserType = (x: Row, y: Row) => text(x.hour, y.hour) || text(x.user, y.user) || text(x.docType, y.docType);

describe.each(DATABASES)('productivity report on %s', (kind) => {
  let t: TestApp;
  let admin: Headers;
  let rdc: Headers;
  let second: Headers;
  let ldc: Headers;
  let a: Product;
  let b: Product;
  let aPacks: PackSpec[];
  let bPacks: PackSpec[];
  let otherBatch: PackSpec;
  let localPacks: PackSpec[];
  /** What the test sent: each scan the server kept or refused, by the user's e-mail and the document's type. */
  const sent: { scanId: string; user: string; docType: string; outcome: 'accepted' | 'refused' }[] = [];

  const report = async (query: Record<string, string>, headers = admin): Promise<ProductivityReport> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reports/productivity?${new URLSearchParams(query)}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const post = (url: string, payload: object, headers: Headers) => t.app.inject({ method: 'POST', url, headers, payload });
  const scan = async (
    headers: Headers,
    user: string,
    docType: string,
    docNo: string,
    pack: PackSpec,
    { area = 'RDC', scanId = randomUUID(), refused = 0 as 0 | 409 | 422 } = {},
  ) => {
    const res = await post(
      `/api/scanForOperation?area=${area}`,
      { docType, docNo, code: packScan(pack), unit: 'EA', idType: 'GS1', scanId },
      headers,
    );
    expect(res.statusCode, res.body).toBe(refused || 200);
    if (!sent.some((s) => s.scanId === scanId)) sent.push({ scanId, user, docType, outcome: refused ? 'refused' : 'accepted' });
    return res.json() as { code?: string };
  };
  const details = async (path: string, docNo: string, area = 'RDC'): Promise<DocumentLine[]> => {
    const res = await t.app.inject({ method: 'GET', url: `${path}/${docNo}?area=${area}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const scannedOn = (lines: DocumentLine[]) => lines.flatMap((l) => l.scannedDetails).length;
  /** The hour bucket of each scan the test sent, from the time its row records. */
  const hours = async (): Promise<Map<string, string>> => {
    const ids = sent.map((s) => s.scanId);
    const db = t.database.db;
    const rows = [
      ...(await db.selectFrom('scans').select(['id', 'at']).where('id', 'in', ids).execute()),
      ...(await db.selectFrom('counted_scans').select(['id', 'at']).where('id', 'in', ids).execute()),
      ...(await db.selectFrom('scan_refusals').select(['id', 'at']).where('id', 'in', ids).execute()),
    ];
    return new Map(rows.map((r) => [r.id, `${r.at.slice(0, 13)}:00Z`]));
  };
  /** The rows the test's scans make in an area's report, by user, hour and type, counted from what was sent. */
  const expectedRows = async (users: string[]): Promise<Row[]> => {
    const hourOf = await hours();
    const rows = new Map<string, Row>();
    for (const s of sent.filter((x) => users.includes(x.user))) {
      const hour = hourOf.get(s.scanId);
      if (!hour) throw new Error(`scan ${s.scanId} left no row`);
      const key = `${hour} ${s.user} ${s.docType}`;
      const row = rows.get(key) ?? { user: s.user, hour, docType: s.docType, accepted: 0, refused: 0 };
      row[s.outcome] += 1;
      rows.set(key, row);
    }
    return [...rows.values()].sort(byHourUserType);
  };
  const ofUsers = (r: ProductivityReport, users: string[]) => r.rows.filter((row) => users.includes(row.user));

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    // A second regional operator, with the demo's regional operator role.
    const role = await t.database.db.selectFrom('roles').select('id').where('name', '=', 'RDC operator').executeTakeFirstOrThrow();
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin,
      payload: { email: SECOND, firstName: 'Sam', lastName: 'Second', password: DEMO_PASSWORD, roleIds: [role.id] },
    });
    expect(made.statusCode, made.body).toBe(201);
    second = (await signIn(t.app, SECOND)).headers;

    const all = await products(t);
    a = all[0]!;
    b = all[1]!;
    const codes = makeCodes(3232);
    aPacks = codes.packs(4, a);
    bPacks = codes.packs(2, b);
    otherBatch = codes.packs(1, { ...a, batch: 'T32OTHER' })[0]!;
    localPacks = codes.packs(2, a);
    const regional = apiPort(t.app, admin, 'RDC');
    const local = apiPort(t.app, admin, 'LDC');
    await receiveIbd(regional, '1732000101', { packs: [...aPacks, ...bPacks, otherBatch] }, all);
    await receiveIbd(local, '1732000109', { packs: localPacks }, all, { warehouseNo: 'W3010' });
    await putDocumentFor(regional, 'OBD', DOCS.obd, aPacks.slice(0, 3), all);
    await putDocumentFor(regional, 'DECOMM', DOCS.scrap, bPacks, all);
    // A pack dispatched by the admin: scanning it again is refused.
    await putDocumentFor(regional, 'OBD', DOCS.dispatched, [aPacks[3]!], all);
    await scanAndComplete(regional, 'OBD', DOCS.dispatched, [aPacks[3]!]);
    await putDocumentFor(local, 'OBD', DOCS.localObd, [localPacks[0]!], all, { warehouseNo: 'W3010' });
    const lite = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/SCANLITE/${DOCS.lite}`,
      headers: admin,
      payload: {
        warehouseNo: 'W3010',
        date: '2026-11-22',
        lines: [{ lineNo: 10, materialNo: a.materialNo, batchNo: a.batch, quantity: 3 }],
      },
    });
    expect(lite.statusCode, lite.body).toBe(200);
  });
  afterAll(() => t?.close());

  it('records a refused scan once, changing nothing else, and not a malformed one', async () => {
    await scan(rdc, DEMO_USERS.rdc, 'OBD', DOCS.obd, aPacks[0]!);
    const before = await details('/api/obdNo', DOCS.obd);
    // A pack of a batch the OBD does not hold, sent twice with one scanId (the offline queue resending it).
    const scanId = randomUUID();
    const first = await scan(rdc, DEMO_USERS.rdc, 'OBD', DOCS.obd, otherBatch, { scanId, refused: 422 });
    const again = await scan(rdc, DEMO_USERS.rdc, 'OBD', DOCS.obd, otherBatch, { scanId, refused: 422 });
    expect(first.code).toBe('NOT_ON_DOCUMENT');
    expect(again.code).toBe(first.code);
    expect(await details('/api/obdNo', DOCS.obd)).toEqual(before);
    const rows = await t.database.db.selectFrom('scan_refusals').selectAll().where('id', '=', scanId).execute();
    expect(rows).toEqual([
      expect.objectContaining({ doc_type: 'OBD', doc_no: DOCS.obd, warehouse_no: 'W2010', code: first.code, at: expect.any(String) }),
    ]);
    // A malformed code (400) and a document not found (404) are no refused scans.
    const count = async () => (await t.database.db.selectFrom('scan_refusals').select('id').execute()).length;
    const n = await count();
    const malformed = await post(
      '/api/scanForOperation?area=RDC',
      { docType: 'OBD', docNo: DOCS.obd, code: 'not a code', unit: 'EA', idType: 'GS1', scanId: randomUUID() },
      rdc,
    );
    expect(malformed.statusCode).toBe(400);
    const unknown = await post(
      '/api/scanForOperation?area=RDC',
      { docType: 'OBD', docNo: '8132999999', code: packScan(aPacks[1]!), unit: 'EA', idType: 'GS1', scanId: randomUUID() },
      rdc,
    );
    expect(unknown.statusCode).toBe(404);
    expect(await count()).toBe(n);
  });

  it('answers the refusal as ever when it cannot be recorded', async () => {
    const db = t.database.db;
    const send = (scanId = randomUUID()) =>
      post(
        '/api/scanForOperation?area=RDC',
        { docType: 'OBD', docNo: DOCS.obd, code: packScan(otherBatch), unit: 'EA', idType: 'GS1', scanId },
        rdc,
      );
    const scanId = randomUUID();
    const recorded = await send(scanId);
    sent.push({ scanId, user: DEMO_USERS.rdc, docType: 'OBD', outcome: 'refused' });
    await sql`ALTER TABLE scan_refusals RENAME TO scan_refusals_away`.execute(db);
    try {
      const unrecorded = await send();
      expect({ status: unrecorded.statusCode, body: unrecorded.json() }).toEqual({ status: 422, body: recorded.json() });
    } finally {
      await sql`ALTER TABLE scan_refusals_away RENAME TO scan_refusals`.execute(db);
    }
  });

  it('counts accepted and refused scans per user, hour and document type, a reverse being no scan', async () => {
    await scan(rdc, DEMO_USERS.rdc, 'OBD', DOCS.obd, aPacks[1]!);
    // Reversed: the scan stays a scan the user made; the reverse is none.
    const reverse = await post(
      '/api/reverseOperation?area=RDC',
      { docType: 'OBD', docNo: DOCS.obd, code: packScan(aPacks[1]!), unit: 'EA', scanId: randomUUID() },
      rdc,
    );
    expect(reverse.statusCode, reverse.body).toBe(200);
    await scan(second, SECOND, 'OBD', DOCS.obd, aPacks[2]!);
    const beforeRefusal = await details('/api/obdNo', DOCS.obd);
    await scan(second, SECOND, 'OBD', DOCS.obd, aPacks[3]!, { refused: 409 }); // already dispatched: NOT_SALEABLE
    expect(await details('/api/obdNo', DOCS.obd)).toEqual(beforeRefusal);
    // Together, so that the group commit writes them in one transaction: the refusal is recorded after it, apart.
    await Promise.all([
      scan(second, SECOND, 'DECOMM', DOCS.scrap, bPacks[0]!),
      scan(second, SECOND, 'DECOMM', DOCS.scrap, otherBatch, { refused: 422 }),
      scan(second, SECOND, 'DECOMM', DOCS.scrap, bPacks[1]!),
    ]);

    const users = [DEMO_USERS.rdc, SECOND];
    // Without a period, today alone, and the answer says so.
    const today = new Date().toISOString().slice(0, 10);
    expect((await report({ area: 'RDC' })).filters).toEqual({
      area: 'RDC',
      warehouseNos: ['W2010'],
      materialNo: null,
      batchNo: null,
      from: today,
      to: today,
      asOf: null,
    });
    // From yesterday, so that a run across midnight (UTC) still holds every scan it sent.
    const r = await report({ area: 'RDC', from: SINCE });
    expect(ofUsers(r, users)).toEqual(await expectedRows(users));
    // The rows come in hour, user and type order; the users' totals are their rows summed.
    expect(r.rows).toEqual([...r.rows].sort(byHourUserType));
    const total = (user: string, outcome: 'accepted' | 'refused') =>
      r.rows.filter((row) => row.user === user).reduce((sum, row) => sum + row[outcome], 0);
    expect(r.users.map((u) => u.user)).toEqual([...new Set(r.rows.map((row) => row.user))].sort());
    for (const u of r.users) expect(u).toEqual({ user: u.user, accepted: total(u.user, 'accepted'), refused: total(u.user, 'refused') });

    // Against the documents: the OBD shows the packs scanned on it, less the one reversed; the DECOMM all of its own.
    const accepted = (user: string, docType: string) =>
      ofUsers(r, [user])
        .filter((row) => row.docType === docType)
        .reduce((sum, row) => sum + row.accepted, 0);
    expect(accepted(DEMO_USERS.rdc, 'OBD') + accepted(SECOND, 'OBD')).toBe(scannedOn(await details('/api/obdNo', DOCS.obd)) + 1);
    expect(accepted(SECOND, 'DECOMM')).toBe(scannedOn(await details('/api/decommNo', DOCS.scrap)));
    expect(r.users.filter((u) => users.includes(u.user))).toEqual([
      { user: DEMO_USERS.rdc, accepted: 2, refused: 2 },
      { user: SECOND, accepted: 3, refused: 2 },
    ]);
  });

  it('keeps each area to its warehouses: the local scans, counted ones too, only in the local report', async () => {
    const lot = (batch: string) => `]d201${a.gtin}1728063010${batch}`;
    const count = async (code: string, refused = false) => {
      const scanId = randomUUID();
      const res = await post('/api/scanLiteScanOperation?area=LDC', { docNo: DOCS.lite, code, scanId }, ldc);
      expect(res.statusCode, res.body).toBe(refused ? 422 : 200);
      sent.push({ scanId, user: DEMO_USERS.ldc, docType: 'SCANLITE', outcome: refused ? 'refused' : 'accepted' });
    };
    await count(lot(a.batch));
    await count(lot(a.batch));
    await count(lot('T32NOLINE'), true);
    await scan(ldc, DEMO_USERS.ldc, 'OBD', DOCS.localObd, localPacks[0]!, { area: 'LDC' });
    await scan(ldc, DEMO_USERS.ldc, 'OBD', DOCS.localObd, localPacks[1]!, { area: 'LDC', refused: 422 }); // over the line

    const local = await report({ area: 'LDC', from: SINCE });
    expect(ofUsers(local, [DEMO_USERS.ldc])).toEqual(await expectedRows([DEMO_USERS.ldc]));
    const lite = await t.app.inject({ method: 'GET', url: `/api/scanLiteNo/${DOCS.lite}?area=LDC`, headers: ldc });
    const liteCounted = (lite.json().data as DocumentLine[]).reduce((sum, l) => sum + l.scannedQuantity, 0);
    const obdScanned = scannedOn(await details('/api/obdNo', DOCS.localObd, 'LDC'));
    expect(local.users.find((u) => u.user === DEMO_USERS.ldc)).toEqual({
      user: DEMO_USERS.ldc,
      accepted: liteCounted + obdScanned,
      refused: 2,
    });
    const regional = await report({ area: 'RDC', from: SINCE });
    expect(regional.rows.filter((row) => row.user === DEMO_USERS.ldc || row.docType === 'SCANLITE')).toEqual([]);
    expect(ofUsers(local, [DEMO_USERS.rdc, SECOND])).toEqual([]);
  });

  it('reads the period by the scan time, whole UTC days', async () => {
    const users = [DEMO_USERS.rdc, SECOND];
    const all = ofUsers(await report({ area: 'RDC', from: SINCE }), users);
    const days = [...new Set(all.map((row) => row.hour.slice(0, 10)))];
    expect(days.length).toBeGreaterThan(0);
    const first = days[0]!;
    const last = days.at(-1)!;
    expect(ofUsers(await report({ area: 'RDC', from: first, to: last }), users)).toEqual(all);
    expect(ofUsers(await report({ area: 'RDC', from: first, to: first }), users)).toEqual(all.filter((row) => row.hour.startsWith(first)));
    const dayAfter = new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const dayBefore = new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(ofUsers(await report({ area: 'RDC', from: dayAfter }), users)).toEqual([]);
    const before = await report({ area: 'RDC', to: dayBefore });
    expect(ofUsers(before, users)).toEqual([]);
    // Only an end: that day alone.
    expect(before.filters).toMatchObject({ from: dayBefore, to: dayBefore });
  });

  it('a warehouse of the area is the area; a material or a batch is not applied, and not claimed', async () => {
    expect(await report({ area: 'RDC', warehouseNo: 'W2010' })).toEqual({
      ...(await report({ area: 'RDC' })),
      filters: expect.objectContaining({ warehouseNos: ['W2010'] }),
    });
    // A material or batch names no scan: not applied, and the answer does not claim it.
    const asked = await report({ area: 'RDC', materialNo: a.materialNo, batchNo: a.batch });
    expect(asked.filters).toMatchObject({ materialNo: null, batchNo: null });
    expect(asked.rows).toEqual((await report({ area: 'RDC' })).rows);
  });

  it('the CSV is the header and the JSON rows, one a line', async () => {
    const json = await report({ area: 'RDC' });
    expect(json.rows.length).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: '/api/reports/productivity?area=RDC&format=csv', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = res.body.split('\r\n').filter((l) => l !== '');
    expect(header).toBe(PRODUCTIVITY_CSV_HEADER.join(','));
    expect(rows).toEqual(json.rows.map((r) => [r.user, r.hour, r.docType, r.accepted, r.refused].join(',')));
  });
});

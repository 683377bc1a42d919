import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { familyOf } from '@pharma/domain';
import type { DocumentLine } from '@pharma/domain/contract/inventory';
import { DISCREPANCIES_CSV_HEADER, type DiscrepanciesReport } from '@pharma/domain/contract/reports';
import { csvField } from '../src/lib/csv.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, type PackSpec } from '../src/seed/epcis-builder.ts';
import { receiveIbd, scanUnits, stageIbd, unitsOf } from '../src/seed/stock-builder.ts';
import { DATABASES, localUserWith, signIn, startTestApp, type TestApp } from './harness.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * Issue 32, decision 0077: the discrepancies report. Documents built through the API: an IBD received
 * short (packs expected and never sent, packs sent and never scanned), an OBD dispatched short (completed
 * on a day of its own), an RMA returned short, a Dispatch+ completed short in the local area; and what is
 * never listed: a receipt completed in full, an open dispatch, a scrapping note completed short, and the
 * other area's documents. Every figure is checked against the document's details page.
 */
type Headers = Record<string, string>;
type Entry = DiscrepanciesReport['documents'][number];

const DOCS = {
  shortIbd: '1732000001',
  fullIbd: '1732000002',
  shortObd: '8132000001',
  openObd: '8132000002',
  shortRma: '6132000001',
  shortScrap: '7132000001',
  localIbd: '1732000009',
  localLite: 'LD32001',
};
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The OBD is completed on a day of its own, for the period filter: within the default period (the last 30 days). */
const OBD_DAY = dayFromToday(-5);
const DAY_BEFORE_OBD = dayFromToday(-6);
const DAY_AFTER_OBD = dayFromToday(-4);

describe.each(DATABASES)('discrepancies report on %s', (kind) => {
  let t: TestApp;
  let admin: Headers;
  let rdc: Headers;
  let ldc: Headers;
  let a: Product;
  let a2: Product;
  let b: Product;

  const report = async (query: Record<string, string>, headers = admin): Promise<DiscrepanciesReport> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reports/discrepancies?${new URLSearchParams(query)}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const numbers = (r: DiscrepanciesReport) => r.documents.map((d) => d.docNo);
  const entry = (r: DiscrepanciesReport, docNo: string): Entry => {
    const found = r.documents.find((d) => d.docNo === docNo);
    if (!found) throw new Error(`${docNo} is not in the report`);
    return found;
  };
  const post = async (url: string, payload: object, headers: Headers, status = 200) => {
    const res = await t.app.inject({ method: 'POST', url, headers, payload });
    expect(res.statusCode, res.body).toBe(status);
  };
  const scanPacks = async (docType: string, docNo: string, packs: readonly PackSpec[], headers: Headers, area = 'RDC') => {
    for (const p of packs) {
      const scan = { docType, docNo, code: packScan(p), unit: 'EA', idType: 'GS1', scanId: randomUUID() };
      await post(`/api/scanForOperation?area=${area}`, scan, headers);
    }
  };
  /** A document from the ERP with these lines, numbered 10, 20, … */
  const putLines = async (type: string, number: string, warehouseNo: string, lines: { p: Product; quantity: number }[]) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/${type}/${number}`,
      headers: admin,
      payload: {
        warehouseNo,
        date: DAY_BEFORE_OBD,
        lines: lines.map((l, i) => ({ lineNo: (i + 1) * 10, materialNo: l.p.materialNo, batchNo: l.p.batch, quantity: l.quantity })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** The document's lines as its details page shows them (a lite document's through the lite details path). */
  const details = async (d: Entry, area: string): Promise<DocumentLine[]> => {
    const family = familyOf(d.docType)!;
    const lite = family.api.details.startsWith('/api/lite/');
    const url = lite
      ? `${family.api.details}?${new URLSearchParams({ moduleType: family.module, docNo: d.docNo, area })}`
      : `${family.api.details}/${d.docNo}?area=${area}`;
    const res = await t.app.inject({ method: 'GET', url, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().document).toMatchObject({ number: d.docNo, status: 'Completed', warehouseNo: d.warehouseNo });
    return res.json().data;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    const all = await products(t);
    [a, b] = [all[0]!, all[1]!];
    a2 = { ...a, batch: 'R32B' };
    const codes = makeCodes(3232);
    const intake = apiPort(t.app, admin, 'RDC');

    // Received short by rdc: line 10 expects 2 packs never sent, line 20's 3 packs are sent and 1 is scanned.
    const shortIbd = { cartons: [codes.carton(4, a)], packs: [...codes.packs(3, a2), ...codes.packs(2, b)] };
    await stageIbd(intake, DOCS.shortIbd, shortIbd, all, { extra: 2 });
    await scanUnits(apiPort(t.app, rdc, 'RDC'), 'IBD', DOCS.shortIbd, [
      shortIbd.cartons[0]!,
      shortIbd.packs[0]!,
      ...shortIbd.packs.slice(3),
    ]);
    await post('/api/completeReceive?area=RDC', { ibdNo: DOCS.shortIbd }, rdc);

    // Received in full (by admin): the stock dispatched below.
    const fullIbd = { cartons: [codes.carton(5, a)], packs: codes.packs(4, b) };
    await receiveIbd(intake, DOCS.fullIbd, fullIbd, all);

    // Dispatched short by rdc on a day of its own: 3 of 4 packs of b, and a's carton in full.
    await putLines('OBD', DOCS.shortObd, 'W2010', [
      { p: b, quantity: 4 },
      { p: a, quantity: 5 },
    ]);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${OBD_DAY}T09:30:00.000Z`) });
    try {
      await scanUnits(apiPort(t.app, rdc, 'RDC'), 'OBD', DOCS.shortObd, [fullIbd.cartons[0]!, ...fullIbd.packs.slice(0, 3)]);
      await post('/api/completeDispatch?area=RDC', { obdNo: DOCS.shortObd }, rdc);
    } finally {
      vi.useRealTimers();
    }

    // Two of the three dispatched packs come back (admin completes), on two lines of one material and batch:
    // the details page shows them merged (line 10, 3 expected), and so does the report.
    await putLines('RMA', DOCS.shortRma, 'W2010', [
      { p: b, quantity: 2 },
      { p: b, quantity: 1 },
    ]);
    await scanPacks('RMA', DOCS.shortRma, fullIbd.packs.slice(0, 2), admin);
    await post('/api/completeOperation?area=RDC', { docType: 'RMA', docNo: DOCS.shortRma }, admin);

    // Open, short so far: never listed.
    await putLines('OBD', DOCS.openObd, 'W2010', [{ p: a2, quantity: 2 }]);
    await scanPacks('OBD', DOCS.openObd, [shortIbd.packs[0]!], rdc);

    // Scrapped short: another family, never listed.
    await putLines('DECOMM', DOCS.shortScrap, 'W2010', [{ p: b, quantity: 2 }]);
    await scanPacks('DECOMM', DOCS.shortScrap, [shortIbd.packs[3]!], admin);
    await post('/api/completeOperation?area=RDC', { docType: 'DECOMM', docNo: DOCS.shortScrap }, admin);

    // The local area: a receipt short by one pack, and a Dispatch+ completed with 2 of 3 packs by ldc.
    const local = { packs: codes.packs(3, a) };
    await stageIbd(apiPort(t.app, admin, 'LDC'), DOCS.localIbd, local, all, { warehouseNo: 'W3010', extra: 1 });
    await scanUnits(apiPort(t.app, admin, 'LDC'), 'IBD', DOCS.localIbd, unitsOf(local));
    await post('/api/completeOperation?area=LDC', { docType: 'IBD', docNo: DOCS.localIbd }, admin);
    await post('/api/lite/createDocument?area=LDC', { moduleType: 'DISPATCH+', docNo: DOCS.localLite, warehouseNo: 'W3010' }, ldc, 201);
    await post(
      '/api/lite/updateDocument?area=LDC',
      { moduleType: 'DISPATCH+', docNo: DOCS.localLite, materialNo: a.materialNo, batchNo: a.batch, quantity: 3 },
      ldc,
    );
    for (const p of local.packs.slice(0, 2))
      await post(
        '/api/lite/scanForDispatch?area=LDC',
        { docNo: DOCS.localLite, code: packScan(p), unit: 'EA', idType: 'GS1', scanId: randomUUID() },
        ldc,
      );
    await post('/api/lite/completeOperationForDoc?area=LDC', { moduleType: 'DISPATCH+', docNo: DOCS.localLite }, ldc);
  });
  afterAll(() => t?.close());

  it('lists the short receipt, dispatch and return with their differing lines and who completed each', async () => {
    const r = await report({ area: 'RDC' });
    // Without a period, the last 30 days, today included, and the answer says so.
    expect(r.filters).toMatchObject({
      area: 'RDC',
      warehouseNos: ['W2010'],
      materialNo: null,
      batchNo: null,
      from: dayFromToday(-29),
      to: dayFromToday(0),
    });
    expect(entry(r, DOCS.shortIbd)).toEqual({
      docType: 'IBD',
      docNo: DOCS.shortIbd,
      warehouseNo: 'W2010',
      completedAt: expect.any(String),
      completedBy: DEMO_USERS.rdc,
      lines: [
        { lineNo: 10, materialNo: a.materialNo, batchNo: a.batch, expected: 6, scanned: 4, difference: -2 },
        { lineNo: 20, materialNo: a.materialNo, batchNo: 'R32B', expected: 3, scanned: 1, difference: -2 },
      ],
    });
    expect(entry(r, DOCS.shortObd)).toEqual({
      docType: 'OBD',
      docNo: DOCS.shortObd,
      warehouseNo: 'W2010',
      completedAt: `${OBD_DAY}T09:30:00.000Z`,
      completedBy: DEMO_USERS.rdc,
      lines: [{ lineNo: 10, materialNo: b.materialNo, batchNo: b.batch, expected: 4, scanned: 3, difference: -1 }],
    });
    expect(entry(r, DOCS.shortRma)).toMatchObject({
      docType: 'RMA',
      completedBy: DEMO_USERS.admin,
      lines: [{ lineNo: 10, materialNo: b.materialNo, batchNo: b.batch, expected: 3, scanned: 2, difference: -1 }],
    });
    // Received in full, still open, another family, another area: never listed.
    for (const docNo of [DOCS.fullIbd, DOCS.openObd, DOCS.shortScrap, DOCS.localIbd, DOCS.localLite])
      expect(numbers(r)).not.toContain(docNo);
    // Most recently completed first: the OBD, completed on its own earlier day, after the others.
    const times = r.documents.map((d) => d.completedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(numbers(r).indexOf(DOCS.shortRma)).toBeLessThan(numbers(r).indexOf(DOCS.shortIbd));
    expect(numbers(r).at(-1)).toBe(DOCS.shortObd);
  });

  it('every figure is the details page’s, for every document listed in either area (the demo’s included)', async () => {
    for (const area of ['RDC', 'LDC']) {
      const r = await report({ area });
      expect(r.documents.length).toBeGreaterThan(area === 'RDC' ? 3 : 1);
      for (const d of r.documents) {
        const shown = await details(d, area);
        for (const l of d.lines) {
          const line = shown.find((s) => s.lineNo === l.lineNo)!;
          expect(line, `${d.docNo} line ${l.lineNo}`).toMatchObject({
            materialNo: l.materialNo,
            batchNo: l.batchNo,
            quantity: l.expected,
            scannedQuantity: l.scanned,
          });
          // Completion recorded the shortage: the same figure.
          expect(line.shortageQuantity).toBe(Math.max(0, -l.difference));
        }
        // The lines not listed are those scanned in full.
        for (const s of shown.filter((x) => !d.lines.some((l) => l.lineNo === x.lineNo))) expect(s.scannedQuantity).toBe(s.quantity);
      }
    }
  });

  it('the local area lists its own documents only, a lite one with them', async () => {
    const r = await report({ area: 'LDC' });
    expect(r.filters.warehouseNos).toEqual(['W3010']);
    expect(entry(r, DOCS.localIbd)).toMatchObject({
      docType: 'IBD',
      warehouseNo: 'W3010',
      completedBy: DEMO_USERS.admin,
      lines: [{ lineNo: 10, materialNo: a.materialNo, batchNo: a.batch, expected: 4, scanned: 3, difference: -1 }],
    });
    expect(entry(r, DOCS.localLite)).toMatchObject({
      docType: 'OBD+',
      warehouseNo: 'W3010',
      completedBy: DEMO_USERS.ldc,
      lines: [{ lineNo: 10, materialNo: a.materialNo, batchNo: a.batch, expected: 3, scanned: 2, difference: -1 }],
    });
    for (const d of r.documents) expect(d.warehouseNo).toBe('W3010');
    for (const docNo of [DOCS.shortIbd, DOCS.shortObd, DOCS.shortRma]) expect(numbers(r)).not.toContain(docNo);
  });

  it('the period is by completion day, both ends included', async () => {
    expect(numbers(await report({ area: 'RDC', from: OBD_DAY, to: OBD_DAY }))).toEqual([DOCS.shortObd]);
    const before = await report({ area: 'RDC', to: DAY_BEFORE_OBD });
    expect(numbers(before)).toEqual([]);
    // Only an end: the 30 days ending there.
    expect(before.filters).toMatchObject({ from: dayFromToday(-6 - 29), to: DAY_BEFORE_OBD });
    const after = numbers(await report({ area: 'RDC', from: DAY_AFTER_OBD }));
    expect(after).toEqual(expect.arrayContaining([DOCS.shortIbd, DOCS.shortRma]));
    expect(after).not.toContain(DOCS.shortObd);
  });

  it('material and batch narrow the lines; a document with no matching differing line is left out', async () => {
    const ofB = await report({ area: 'RDC', batchNo: b.batch });
    expect(numbers(ofB)).toEqual([DOCS.shortRma, DOCS.shortObd]);
    const ofA = await report({ area: 'RDC', materialNo: a.materialNo });
    expect(entry(ofA, DOCS.shortIbd).lines.map((l) => l.lineNo)).toEqual([10, 20]);
    for (const d of ofA.documents) for (const l of d.lines) expect(l.materialNo).toBe(a.materialNo);
    expect(numbers(ofA)).not.toContain(DOCS.shortObd);
    const ofA2 = await report({ area: 'RDC', materialNo: a.materialNo, batchNo: 'R32B' });
    expect(ofA2.documents.map((d) => [d.docNo, d.lines.map((l) => l.lineNo)])).toEqual([[DOCS.shortIbd, [20]]]);
    expect(ofA2.filters).toMatchObject({ materialNo: a.materialNo, batchNo: 'R32B' });
    expect((await report({ area: 'RDC', materialNo: b.materialNo, batchNo: 'R32B' })).documents).toEqual([]);
  });

  it('a warehouse of the area is the area; a user with REPORTS alone sees the same figures', async () => {
    expect(await report({ area: 'RDC', warehouseNo: 'W2010' })).toEqual({
      ...(await report({ area: 'RDC' })),
      filters: expect.objectContaining({ warehouseNos: ['W2010'] }),
    });
    const reader = await localUserWith(t.app, admin, 'Discrepancies reader', [
      { module: 'REPORTS', isCompletelyPermitted: true, features: [] },
    ]);
    expect(numbers(await report({ area: 'LDC' }, reader))).toEqual(numbers(await report({ area: 'LDC' })));
  });

  it('the CSV is the header and one row per line, the document repeated, as the JSON', async () => {
    const query = { area: 'RDC' };
    const json = await report(query);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/discrepancies?${new URLSearchParams({ ...query, format: 'csv' })}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = res.body.split('\r\n').filter((l) => l !== '');
    expect(header).toBe(DISCREPANCIES_CSV_HEADER.join(','));
    const expected = json.documents.flatMap((d) =>
      d.lines.map((l) =>
        [
          d.docType,
          d.docNo,
          d.warehouseNo,
          d.completedAt,
          d.completedBy,
          l.lineNo,
          l.materialNo,
          l.batchNo,
          l.expected,
          l.scanned,
          l.difference,
        ]
          // The one encoder's text of each field (a negative difference is guarded as it guards any leading '-').
          .map(csvField)
          .join(','),
      ),
    );
    expect(rows).toEqual(expected);
    expect(rows.find((r) => r.startsWith(`OBD,${DOCS.shortObd},`))).toMatch(
      new RegExp(
        `^OBD,${DOCS.shortObd},W2010,${OBD_DAY}T09:30:00\\.000Z,${DEMO_USERS.rdc.replace('.', '\\.')},10,${b.materialNo},${b.batch},4,3,'?-1$`,
      ),
    );
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchStatus } from '@pharma/domain';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, rowCount, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { products, type Product } from './inventory-fixtures.ts';

interface Line {
  lineNo: number;
  batchNo: string | null;
  scannedQuantity: number;
  counts: { id: string; batchNo: string }[];
}

/**
 * Issue 30 (decision 0072, addendum): a counted document (ScanLite: packs counted by GTIN and batch on
 * its lines, no unit) whose packs' batch was put on hold or recalled after they were counted is not
 * completed: BATCH_HELD_ON_DOCUMENT names the batch, its status and the packs of it still counted
 * (scans less reverses), and nothing changes. The counts of that batch may still be removed, and then the
 * document completes; a release lets it complete too. On SQLite and PostgreSQL.
 */
describe.each(DATABASES)('a counted document holding a held batch on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ldc: Record<string, string>;
  let a: Product;

  const HELD = 'SC30HELD';
  const KEPT = 'SC30KEPT';
  const LATER = 'SC30LATE';
  const DOC = '9100003040';
  const OTHER = '9100003041';
  const LDC = '?area=LDC';

  const { get, post, scan } = requests({ app: () => t.app, as: () => ldc });
  /** A counted pack's code: GTIN, expiry, then the batch (last, so no separator). */
  const lot = (batch: string) => `]d201${a.gtin}1728063010${batch}`;
  const count = (docNo: string, batch: string) => scan('SCANLITE', docNo, lot(batch), 'EA', ldc, 'LDC');
  const complete = (docNo: string) => post(`/api/completeOperation${LDC}`, { docType: 'SCANLITE', docNo });
  const remove = (docNo: string, countId: string) =>
    post('/api/lite/removeCount', { moduleType: 'SCANLITE', docNo, countId, scanId: randomUUID() });
  /** The document as the operator's details show it: its status and each line's counts. */
  const view = async (docNo: string) => {
    const res = await get(`/api/lite/getCounts?moduleType=SCANLITE&docNo=${docNo}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { document: { status: string; completedAt: string | null }; lines: Line[] };
  };
  /** The open documents a batch's whereabouts name. */
  const openDocuments = async (batchNo: string) => {
    const res = await get(`/api/batches/${a.materialNo}/${batchNo}/whereabouts${LDC}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { openDocuments: { docType: string; docNo: string; units: number }[] }).openDocuments;
  };
  /** The batch's status, set as quality sets it: PUT /api/batches/{materialNo}/{batchNo}/status by a user with module RECALL. */
  const setBatch = async (batchNo: string, status: BatchStatus) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/batches/${a.materialNo}/${batchNo}/status${LDC}`,
      headers: admin,
      payload: { status, reason: 'Issue 30: counted after, held since' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(status);
  };
  const refusal = (batchNo: string, status: string, packs: string) => ({
    code: 'BATCH_HELD_ON_DOCUMENT',
    message: `This document cannot be completed: batch ${batchNo} of material ${a.materialNo} is ${status}. Delete its ${packs} from the document first.`,
  });
  const written = async () => ({
    audit: await rowCount(t, 'audit_log'),
    counted: await rowCount(t, 'counted_scans'),
    movements: await rowCount(t, 'epcis_movements'),
  });
  /** What a refused completion must leave as it was: the rows written and the document as the operator sees it. */
  const state = async (docNo: string) => ({ ...(await written()), view: await view(docNo) });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    a = (await products(t))[0]!;
    const put = (number: string, lines: object[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/integration/documents/SCANLITE/${number}`,
        headers: admin,
        payload: { warehouseNo: 'W3010', date: '2026-11-22', lines },
      });
    const one = await put(DOC, [
      { lineNo: 10, materialNo: a.materialNo, batchNo: HELD, quantity: 3 },
      { lineNo: 20, materialNo: a.materialNo, batchNo: KEPT, quantity: 2 },
    ]);
    expect(one.statusCode, one.body).toBe(200);
    const two = await put(OTHER, [{ lineNo: 10, materialNo: a.materialNo, batchNo: LATER, quantity: 2 }]);
    expect(two.statusCode, two.body).toBe(200);
  });
  afterAll(() => t?.close());

  it('packs counted, then their batch held and recalled: completion is refused naming the batch, its status and its packs still counted; nothing changes', async () => {
    for (const batch of [HELD, HELD, HELD, KEPT]) expect((await count(DOC, batch)).statusCode).toBe(200);
    // A reverse by code takes one back: two packs of the batch are left on the document.
    const off = await post(`/api/reverseOperation${LDC}`, { docType: 'SCANLITE', docNo: DOC, code: lot(HELD), scanId: randomUUID() });
    expect(off.statusCode, off.body).toBe(200);
    await setBatch(HELD, 'ON_HOLD');
    // The batch's whereabouts name the document its packs are counted on, though no unit is on it.
    expect((await openDocuments(HELD)).filter((d) => d.docNo === DOC)).toEqual([{ docType: 'SCANLITE', docNo: DOC, units: 2 }]);
    const before = await state(DOC);
    expect(before.view.document).toEqual(expect.objectContaining({ status: 'In Progress', completedAt: null }));
    expect(before.view.lines.map((l) => l.scannedQuantity)).toEqual([2, 1]);
    const held = await complete(DOC);
    expect(held.statusCode).toBe(422);
    expect(held.json()).toEqual(refusal(HELD, 'on hold', '2 packs'));
    expect(await state(DOC)).toEqual(before);

    await setBatch(HELD, 'RECALLED');
    const still = await state(DOC);
    const recalled = await complete(DOC);
    expect(recalled.statusCode).toBe(422);
    expect(recalled.json()).toEqual(refusal(HELD, 'recalled', '2 packs'));
    expect(await state(DOC)).toEqual(still);
  });

  it('the counts of the recalled batch may still be removed; then the document completes with the rest', async () => {
    const heldCounts = (await view(DOC)).lines[0]!.counts;
    expect(heldCounts.map((c) => c.batchNo)).toEqual([HELD, HELD]);
    // One removed: the other is still counted, and named.
    const first = await remove(DOC, heldCounts[0]!.id);
    expect(first.statusCode, first.body).toBe(200);
    expect((await complete(DOC)).json()).toEqual(refusal(HELD, 'recalled', '1 pack'));
    const second = await remove(DOC, heldCounts[1]!.id);
    expect(second.statusCode, second.body).toBe(200);

    const before = await written();
    const done = await complete(DOC);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      document: { status: 'Completed' },
      data: [
        { lineNo: 10, batchNo: HELD, scannedQuantity: 0, shortageQuantity: 3 },
        { lineNo: 20, batchNo: KEPT, scannedQuantity: 1, shortageQuantity: 1 },
      ],
    });
    expect((await view(DOC)).document.status).toBe('Completed');
    expect(await written()).toEqual({ ...before, audit: before.audit + 1, movements: before.movements + 1 });
    expect((await openDocuments(KEPT)).filter((d) => d.docNo === DOC)).toEqual([]);
  });

  it('a release instead lets the document complete with the packs counted', async () => {
    for (const batch of [LATER, LATER]) expect((await count(OTHER, batch)).statusCode).toBe(200);
    await setBatch(LATER, 'ON_HOLD');
    const refused = await complete(OTHER);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(refusal(LATER, 'on hold', '2 packs'));
    expect((await view(OTHER)).document.status).toBe('In Progress');

    await setBatch(LATER, 'RELEASED');
    const done = await complete(OTHER);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      document: { status: 'Completed' },
      data: [{ lineNo: 10, batchNo: LATER, scannedQuantity: 2, shortageQuantity: 0 }],
    });
  });
});

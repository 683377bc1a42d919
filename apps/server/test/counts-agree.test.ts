import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILIES, parseUnitId, type DocumentType } from '@pharma/domain';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_DOCUMENTS, DEMO_IBDS, DEMO_INVENTORY, DEMO_REDRESS, DEMO_SCANLITE, scanLiteCode } from '../src/seed/demo-documents.ts';
import { packScan } from '../src/seed/epcis-builder.ts';
import { scanOf, type StockUnit } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';

/**
 * Issue 27, "Counts that disagree": on IBD 1800000102 the walk scanned the pallet and removed it; the
 * IBD stayed In Progress at 0 of 52. Every answer and every endpoint a page reads (the scan's and the
 * delete's answer on the scan page, the details, the list card and the list's status filter) says the
 * same status, the same scanned packs and the same scanned units after each scan and each removal;
 * with nothing left on a document it is Open again, as before its first scan (spec point 4), and
 * that change is audited. A document with work still on it (a labelled redress carton) stays In Progress.
 */
type Area = 'RDC' | 'LDC';
interface Line {
  quantity: number;
  scannedQuantity: number;
  scannedDetails: string[];
}
interface Seen {
  status: string;
  scanned: number;
  units: string[];
}
const sum = (lines: readonly Line[]) => lines.reduce((n, l) => n + l.scannedQuantity, 0);
const unitsOf = (lines: readonly Line[]) => [...new Set(lines.flatMap((l) => l.scannedDetails))].sort();

describe.each(DATABASES)('counts and status agree after every scan and removal, on %s', (kind) => {
  let t: TestApp;
  const headers: Record<Area, Record<string, string>> = { RDC: {}, LDC: {} };

  beforeAll(async () => {
    t = await startTestApp(kind);
    headers.RDC = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    headers.LDC = (await signIn(t.app, DEMO_USERS.ldc)).headers;
  });
  afterAll(() => t?.close());

  const { get, post } = requests({ app: () => t.app, as: () => headers.RDC });

  /** What the details (the details page, the scan page on load) and the list card (and its status filter) say. */
  async function endpoints(type: string, area: Area, number: string): Promise<{ details: Seen; card: Omit<Seen, 'units'> }> {
    const family = FAMILIES.find((f) => f.type === type)!;
    const res = await get(`${family.api.details}/${number}?area=${area}`, headers[area]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { document: { status: string; scannedQuantity: number }; data: Line[] };
    // The details' header and its lines are one figure.
    expect(body.document.scannedQuantity, `${type} ${number}: header and lines`).toBe(sum(body.data));
    const listed = await get(`${family.api.list}?area=${area}&search=${number}`, headers[area]);
    expect(listed.statusCode, listed.body).toBe(200);
    const card = (listed.json().data as { number: string; status: string; scannedQuantity: number }[]).find((d) => d.number === number)!;
    // The list's status filter finds it under the status its card shows.
    const filtered = await get(`${family.api.list}?area=${area}&search=${number}&status=${encodeURIComponent(card.status)}`, headers[area]);
    expect(
      filtered.json().data.map((d: { number: string }) => d.number),
      `${type} ${number} under ${card.status}`,
    ).toContain(number);
    return {
      details: { status: body.document.status, scanned: body.document.scannedQuantity, units: unitsOf(body.data) },
      card: { status: card.status, scanned: card.scannedQuantity },
    };
  }

  /** An answer (scan or removal) and every endpoint agree with `want`; the answer carries the lines' figures. */
  async function expectAgree(
    type: string,
    area: Area,
    number: string,
    answer: { statusCode: number; body: string; json(): { document: { status: string }; data: Line[] } },
    want: Seen,
  ): Promise<void> {
    expect(answer.statusCode, answer.body).toBe(200);
    const answered = answer.json();
    expect({ status: answered.document.status, scanned: sum(answered.data) }, `${type} ${number}: the answer`).toEqual({
      status: want.status,
      scanned: want.scanned,
    });
    const { details, card } = await endpoints(type, area, number);
    expect(details, `${type} ${number}: the details`).toEqual(want);
    expect(card, `${type} ${number}: the list card`).toEqual({ status: want.status, scanned: want.scanned });
  }

  const scan = (type: string, area: Area, number: string, unit: StockUnit) =>
    post(
      '/api/scanForOperation',
      { docType: type, docNo: number, ...scanOf(unit), idType: 'GS1', scanId: randomUUID() },
      headers[area],
      area,
    );
  const remove = (type: string, area: Area, number: string, unit: StockUnit, scanId = randomUUID()) =>
    post('/api/reverseOperation', { docType: type, docNo: number, ...scanOf(unit), scanId }, headers[area], area);

  /** The audit rows of the document's status changes, oldest first. */
  async function statusChanges(type: DocumentType, number: string): Promise<{ before: unknown; after: unknown; reason: string | null }[]> {
    const doc = await t.database.db
      .selectFrom('documents')
      .select('id')
      .where('type', '=', type)
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json', 'reason', 'at'])
      .where('entity', '=', 'document')
      .where('entity_id', '=', doc.id)
      .where('action', '=', 'status')
      .orderBy('at')
      .execute();
    return rows.map((r) => ({ before: JSON.parse(r.before_json!), after: JSON.parse(r.after_json!), reason: r.reason }));
  }

  it('the walk on IBD 1800000102: its pallet and a pack scanned, then removed; Open again at 0 of 52 with nothing listed', async () => {
    const number = DEMO_IBDS.openSecond;
    const pallet = DEMO_INVENTORY.ibds.openSecond.pallets![0]!;
    const pack = DEMO_INVENTORY.ibds.openSecond.packs![0]!;
    const palletId = pallet.sscc;
    const packId = `${pack.gtin}/${pack.serial}`;
    const before = await endpoints('IBD', 'RDC', number);
    expect(before.details).toEqual({ status: 'Open', scanned: 0, units: [] });

    await expectAgree('IBD', 'RDC', number, await scan('IBD', 'RDC', number, pallet), {
      status: 'In Progress',
      scanned: 48,
      units: [palletId],
    });
    await expectAgree('IBD', 'RDC', number, await scan('IBD', 'RDC', number, pack), {
      status: 'In Progress',
      scanned: 49,
      units: [palletId, packId].sort(),
    });
    await expectAgree('IBD', 'RDC', number, await remove('IBD', 'RDC', number, pallet), {
      status: 'In Progress',
      scanned: 1,
      units: [packId],
    });
    const last = randomUUID();
    await expectAgree('IBD', 'RDC', number, await remove('IBD', 'RDC', number, pack, last), { status: 'Open', scanned: 0, units: [] });
    // The same removal sent again (a retry) answers the same and changes nothing more.
    await expectAgree('IBD', 'RDC', number, await remove('IBD', 'RDC', number, pack, last), { status: 'Open', scanned: 0, units: [] });
    expect(await statusChanges('IBD', number)).toEqual([
      { before: { status: 'Open' }, after: { status: 'In Progress' }, reason: null },
      { before: { status: 'In Progress' }, after: { status: 'Open' }, reason: 'last scan deleted' },
    ]);

    // Scanned again: In Progress again, as any first scan makes it.
    await expectAgree('IBD', 'RDC', number, await scan('IBD', 'RDC', number, pallet), {
      status: 'In Progress',
      scanned: 48,
      units: [palletId],
    });
  });

  it('an OBD whose only carton is removed is Open again on its list, details and in the answer', async () => {
    const number = DEMO_DOCUMENTS.dispatch;
    const carton = DEMO_INVENTORY.documents.dispatch[1]!;
    expect((await endpoints('OBD', 'RDC', number)).details.status).toBe('Open');
    await expectAgree('OBD', 'RDC', number, await scan('OBD', 'RDC', number, carton), {
      status: 'In Progress',
      scanned: 10,
      units: [scanOf(carton).code.slice(5)],
    });
    await expectAgree('OBD', 'RDC', number, await remove('OBD', 'RDC', number, carton), { status: 'Open', scanned: 0, units: [] });
  });

  it('a ScanLite document whose only counted pack is taken off is Open again', async () => {
    const { number } = DEMO_SCANLITE.obd;
    const code = scanLiteCode(DEMO_SCANLITE.obd.lines[0]!.product);
    const body = { docType: 'SCANLITE', docNo: number, code };
    expect((await endpoints('SCANLITE', 'LDC', number)).details.status).toBe('Open');
    const counted = await post('/api/scanForOperation', { ...body, unit: 'EA', idType: 'GS1', scanId: randomUUID() }, headers.LDC, 'LDC');
    await expectAgree('SCANLITE', 'LDC', number, counted, { status: 'In Progress', scanned: 1, units: [] });
    const removed = await post('/api/reverseOperation', { ...body, scanId: randomUUID() }, headers.LDC, 'LDC');
    await expectAgree('SCANLITE', 'LDC', number, removed, { status: 'Open', scanned: 0, units: [] });
    expect((await statusChanges('SCANLITE', number)).at(-1)).toEqual({
      before: { status: 'In Progress' },
      after: { status: 'Open' },
      reason: 'last counted pack deleted',
    });
  });

  it('a redress PO with a labelled carton stays In Progress when its last pack is removed: the label is still on it', async () => {
    const number = DEMO_REDRESS.inProgress;
    const before = await endpoints('RRD', 'LDC', number);
    expect(before.details.status).toBe('In Progress');
    expect(before.details.units.length).toBeGreaterThan(0);
    let answer;
    for (const id of before.details.units) {
      const ref = parseUnitId(id);
      if (ref.kind !== 'pack') throw new Error(`not a pack: ${id}`);
      const pack = DEMO_INVENTORY.redressStock.inProgress.find((p) => p.gtin === ref.gtin && p.serial === ref.serial)!;
      answer = await post(
        '/api/reverseOperation',
        { docType: 'RRD', docNo: number, code: packScan(pack), unit: 'EA', scanId: randomUUID() },
        headers.LDC,
        'LDC',
      );
    }
    await expectAgree('RRD', 'LDC', number, answer!, { status: 'In Progress', scanned: 0, units: [] });
  });
});

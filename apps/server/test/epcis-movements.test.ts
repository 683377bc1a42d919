import { eventHashId, eventHashPreimage, familyOf, hasValidCheckDigit, parseEpc, sglnUri, type EpcisObjectEvent } from '@pharma/domain';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epcisSchemaErrors } from '../src/api/integration/epcis-schema.ts';
import { recordMovement } from '../src/api/integration/movements.service.ts';
import { DEMO_USERS, DEMO_WAREHOUSES } from '../src/seed/demo.ts';
import { DEMO_DOCUMENTS, DEMO_IBDS, DEMO_INVENTORY, DEMO_LOCAL_DOCUMENTS, DEMO_REDRESS } from '../src/seed/demo-documents.ts';
import { ssccScan } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

const URL = '/api/integration/epcis/events';
const W2010_GLN = '8881234020109';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(DATABASES)('EPCIS 2.0 events of completed movements on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  /** Event times of the two receipts: the seed's, then the one completed here. */
  let seeded: string;
  let completedHere: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
  });
  afterAll(() => t?.close());

  const get = (query: string, headers = admin) => t.app.inject({ method: 'GET', url: `${URL}${query}`, headers });
  const doc = (number: string) =>
    t.database.db.selectFrom('documents').selectAll().where('type', '=', 'IBD').where('number', '=', number).executeTakeFirstOrThrow();
  const eventCount = async (documentId: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('epcis_movements')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('document_id', '=', documentId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /**
   * Records the completion's movement as the completion service does: once it calls recordMovement, with
   * the `completed_at` it writes, the event is already there and this records nothing new (same eventID).
   */
  const record = async (number: string) => {
    const d = await doc(number);
    await t.database.db.transaction().execute((trx) =>
      recordMovement(trx, {
        document: { id: d.id, type: d.type, number: d.number, warehouseNo: d.warehouse_no },
        cbv: familyOf('IBD')!.cbv,
        at: d.completed_at ?? new Date().toISOString(),
      }),
    );
    return d;
  };
  /** The SSCCs and GTIN|serial of every unit the document's scans moved. */
  const movedKeys = async (documentId: string) => {
    const rows = await t.database.db
      .selectFrom('scan_items as s')
      .innerJoin('handling_units as h', 'h.id', 's.unit_id')
      .select(['h.sscc', 'h.gtin', 'h.serial'])
      .where('s.document_id', '=', documentId)
      .execute();
    return rows.map((r) => r.sscc ?? `${r.gtin}|${r.serial}`).sort();
  };
  const keysOf = (epcList: string[]) =>
    epcList
      .map((epc) => {
        const k = parseEpc(epc, '2026-11-23');
        return k.kind === 'sscc' ? k.sscc : k.kind === 'sgtin' ? `${k.gtin}|${k.serial}` : epc;
      })
      .sort();

  it('the demo warehouses have GLN-13s of the demo company prefix with valid check digits', () => {
    for (const w of DEMO_WAREHOUSES) {
      expect(w.gln).toMatch(/^8881234\d{6}$/);
      expect(hasValidCheckDigit(w.gln)).toBe(true);
    }
  });

  it("the demo seed's completed IBD 1800000104: one receiving ObjectEvent of every unit moved, valid against GS1's EPCIS 2.0 JSON Schema", async () => {
    const d = await record(DEMO_IBDS.completed);
    seeded = d.completed_at!;
    const res = await get(`?docType=IBD&docNo=${DEMO_IBDS.completed}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['gs1-epcis-version']).toBe('2.0.0');
    const body = res.json();
    expect(epcisSchemaErrors(body)).toEqual([]);
    expect(body).toMatchObject({
      '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
      type: 'EPCISDocument',
      schemaVersion: '2.0',
    });
    expect(Number.isNaN(Date.parse(body.creationDate))).toBe(false);
    expect(body.epcisBody.eventList).toHaveLength(1);
    const event = body.epcisBody.eventList[0] as EpcisObjectEvent;
    expect(event).toMatchObject({
      type: 'ObjectEvent',
      action: 'OBSERVE',
      eventTime: seeded,
      eventTimeZoneOffset: '+08:00',
      bizStep: 'receiving',
      disposition: 'sellable_not_accessible',
      readPoint: { id: sglnUri(W2010_GLN) },
      bizLocation: { id: 'urn:epc:id:sgln:8881234.02010.0' },
      bizTransactionList: [{ type: 'recadv', bizTransaction: `urn:epcglobal:cbv:bt:${W2010_GLN}:${DEMO_IBDS.completed}` }],
    });
    // One pallet of 2 cartons of 10 packs and one loose carton of 10: 4 SSCCs, then 30 SGTINs.
    expect(event.epcList.filter((e) => e.startsWith('urn:epc:id:sscc:'))).toHaveLength(4);
    expect(event.epcList.slice(4).every((e) => e.startsWith('urn:epc:id:sgtin:8881234.'))).toBe(true);
    expect(keysOf(event.epcList)).toEqual(await movedKeys(d.id));
    // Any integrator can recompute the eventID from the event (CBV 2.0 section 8.9).
    const { eventID, ...rest } = event;
    expect(eventID).toBe(eventHashId(eventHashPreimage(rest)!, sha256));
  });

  it('recording the same completion again records nothing new', async () => {
    const d = await record(DEMO_IBDS.completed);
    expect(await eventCount(d.id)).toBe(1);
  });

  it('an IBD completed through POST /api/completeReceive: its event lists the scanned pallet, its cartons and packs', async () => {
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/completeReceive',
      headers: admin,
      payload: { ibdNo: DEMO_IBDS.inProgress },
    });
    expect(done.statusCode).toBe(200);
    const d = await record(DEMO_IBDS.inProgress);
    completedHere = d.completed_at!;
    expect(await eventCount(d.id)).toBe(1);
    const res = await get(`?docNo=${DEMO_IBDS.inProgress}`);
    expect(epcisSchemaErrors(res.json())).toEqual([]);
    const [event] = res.json().epcisBody.eventList as EpcisObjectEvent[];
    // One of its two pallets was scanned: the pallet, 3 cartons, 30 packs.
    expect(event!.epcList).toHaveLength(34);
    expect(keysOf(event!.epcList)).toEqual(await movedKeys(d.id));
    expect(event!.eventTime).toBe(completedHere);
  });

  it('nothing scanned, nothing recorded', async () => {
    const d = await record(DEMO_IBDS.open);
    expect(await eventCount(d.id)).toBe(0);
  });

  it('filters on event time: from inclusive, to exclusive (EPCIS GE_eventTime, LT_eventTime), any offset', async () => {
    expect(seeded < completedHere).toBe(true);
    const numbers = async (query: string) => {
      const res = await get(query);
      expect(res.statusCode).toBe(200);
      expect(epcisSchemaErrors(res.json())).toEqual([]);
      return (res.json().epcisBody.eventList as EpcisObjectEvent[]).map((e) => e.bizTransactionList![0]!.bizTransaction.split(':').pop());
    };
    // The seed completes two receipts, then the dispatch its return brings back, then the same locally; this file one receipt.
    // Then the lite stock's and the redress stock's receipts, the completed redress PO, and the repack stock's receipt.
    const bySeed = [
      DEMO_IBDS.completed,
      DEMO_IBDS.stock,
      DEMO_DOCUMENTS.dispatched,
      DEMO_IBDS.localStock,
      DEMO_LOCAL_DOCUMENTS.dispatched,
      DEMO_IBDS.liteStock,
      DEMO_IBDS.redressStock,
      DEMO_REDRESS.completed,
      DEMO_IBDS.repackStock,
    ];
    expect(await numbers('?docType=IBD')).toEqual([
      DEMO_IBDS.completed,
      DEMO_IBDS.stock,
      DEMO_IBDS.localStock,
      DEMO_IBDS.liteStock,
      DEMO_IBDS.redressStock,
      DEMO_IBDS.repackStock,
      DEMO_IBDS.inProgress,
    ]);
    expect(await numbers('')).toEqual([...bySeed, DEMO_IBDS.inProgress]);
    expect(await numbers(`?from=${completedHere}`)).toEqual([DEMO_IBDS.inProgress]);
    expect(await numbers(`?to=${completedHere}`)).toEqual(bySeed);
    expect(await numbers(`?from=${seeded}&to=${completedHere}`)).toEqual(bySeed);
    const inSingapore = new Date(Date.parse(completedHere) + 8 * 3600_000).toISOString().replace('Z', '+08:00');
    expect(await numbers(`?from=${encodeURIComponent(inSingapore)}`)).toEqual([DEMO_IBDS.inProgress]);
    expect(await numbers('?docType=OBD')).toEqual([DEMO_DOCUMENTS.dispatched, DEMO_LOCAL_DOCUMENTS.dispatched]);
    expect(await numbers(`?docType=IBD&docNo=${DEMO_IBDS.completed}&from=${completedHere}`)).toEqual([]);
  });

  it.each([
    '?from=2026-11-20',
    '?from=yesterday',
    '?to=2026-02-30T00:00:00Z',
    '?to=2026-11-20T10:00:00',
    '?docType=XYZ',
    '?docNo=' + 'x'.repeat(41),
  ])('refuses %s with 400', async (query) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('needs the INTEGRATION right: 403 for an operator, 401 without a token', async () => {
    const rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    expect((await get('', rdc)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('the OpenAPI document describes the route with an example EPCISDocument', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = spec.paths[URL].get;
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['docNo', 'docType', 'from', 'to']);
    const example = JSON.stringify(op.responses['200']);
    expect(example).toContain('EPCISDocument');
    expect(example).toContain('urn:epcglobal:cbv:bt:8881234020109:1800000104');
  });

  it('EPCIS 2.0 7.3.5.4: a completed transfer names where it goes: source W3010, destination W2010 (CBV 2.0 7.5 location)', async () => {
    const ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    const pallet = DEMO_INVENTORY.localStock.pallet;
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `${url}?area=LDC`, headers: ldc, payload });
    const scanned = await post('/api/scanForOperation', {
      docType: 'STO',
      docNo: DEMO_LOCAL_DOCUMENTS.transfer,
      code: ssccScan(pallet.sscc),
      unit: 'PLT',
      scanId: 'epcis-sto-destination-1',
    });
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect((await post('/api/completeOperation', { docType: 'STO', docNo: DEMO_LOCAL_DOCUMENTS.transfer })).statusCode).toBe(200);
    const res = await get(`?docType=STO&docNo=${DEMO_LOCAL_DOCUMENTS.transfer}`);
    expect(epcisSchemaErrors(res.json())).toEqual([]);
    const [event] = res.json().epcisBody.eventList as EpcisObjectEvent[];
    const w3010 = DEMO_WAREHOUSES.find((w) => w.warehouseNo === 'W3010')!.gln;
    expect(event).toMatchObject({
      bizStep: 'shipping',
      disposition: 'in_transit',
      readPoint: { id: sglnUri(w3010) },
      sourceList: [{ type: 'location', source: sglnUri(w3010) }],
      destinationList: [{ type: 'location', destination: sglnUri(W2010_GLN) }],
    });
    const { eventID, ...rest } = event!;
    expect(eventID).toBe(eventHashId(eventHashPreimage(rest)!, sha256));
    // A dispatch names no destination warehouse: no lists.
    const [obd] = (await get(`?docType=OBD&docNo=${DEMO_DOCUMENTS.dispatched}`)).json().epcisBody.eventList as EpcisObjectEvent[];
    expect(obd!.destinationList).toBeUndefined();
  });
});

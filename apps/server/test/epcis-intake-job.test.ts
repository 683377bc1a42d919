import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { epcisDocument, ssccScan, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, rowCount, type TestApp } from './harness.ts';
import { makeCodes, products, stageInbound, type Product } from './inventory-fixtures.ts';

/**
 * Large EPCIS intake (issue 14, decision 0043): above EPCIS_JOB_EVENTS events a document is a job
 * answered 202 and applied a chunk per transaction, so scanning goes on meanwhile. The limits are
 * small here so that a test document is "large".
 */
describe.each(DATABASES)('large EPCIS intake as a job on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let all: Product[];
  let onDocument: PalletSpec;
  const IBD = '1900004301';

  beforeAll(async () => {
    t = await startTestApp(kind, { EPCIS_JOB_EVENTS: '5', EPCIS_CHUNK_EVENTS: '3' });
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    all = await products(t);
    onDocument = makeCodes(4301).pallet(1, 2, all[0]!);
    await stageInbound(t.app, admin, IBD, { pallets: [onDocument] }, all);
  });
  afterAll(() => t?.close());

  const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/integration/epcis', headers: admin, payload });
  const poll = async (location: string) => (await t.app.inject({ method: 'GET', url: location, headers: admin })).json();
  const finished = async (location: string) => {
    for (;;) {
      const job = await poll(location);
      if (job.status !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const unitCount = () => rowCount(t, 'handling_units');
  /** 40 pallets of one carton of two packs: 1 commissioning event and 80 aggregations. */
  const largeShipment = (seed: number) => {
    const codes = makeCodes(seed);
    return { pallets: Array.from({ length: 40 }, () => codes.pallet(1, 2, all[1]!)) };
  };

  it('answers 202 with a job; a scan sent meanwhile is answered before the job is done, and the job completes', async () => {
    const shipment = largeShipment(4302);
    const res = await post(epcisDocument(shipment));
    expect(res.statusCode).toBe(202);
    const location = res.headers.location as string;
    expect(location).toBe(`/api/integration/epcis/jobs/${res.json().id}`);
    expect(res.json()).toMatchObject({ status: 'running', events: 81 });

    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/scanForOperation',
      headers: rdc,
      payload: { docType: 'IBD', docNo: IBD, code: ssccScan(onDocument.sscc), unit: 'PLT', idType: 'GS1', scanId: randomUUID() },
    });
    expect(scan.statusCode).toBe(200);
    expect(scan.json()).toMatchObject({ accepted: true, packs: 2 });
    // Order, not timing: the scan was answered while the intake was still under way.
    const atScan = await poll(location);
    expect(atScan.status).toBe('running');

    const job = await finished(location);
    expect(job).toMatchObject({
      status: 'done',
      processed: 81,
      result: { events: 81, applied: 81, duplicates: 0, unitsCreated: 160, aggregated: 120 },
    });
    const pallet = await t.database.db
      .selectFrom('handling_units')
      .selectAll()
      .where('sscc', '=', shipment.pallets[39]!.sscc)
      .executeTakeFirstOrThrow();
    expect(pallet).toMatchObject({ type: 'PLT', material_no: all[1]!.materialNo });

    // Sent again: every event is already received, nothing changes.
    const again = await finished((await post(epcisDocument(shipment))).headers.location as string);
    expect(again.result).toMatchObject({ applied: 0, duplicates: 81, unitsCreated: 0 });
  });

  it('a large document that breaks the schema fails as a whole before anything is applied, naming the event', async () => {
    const doc = epcisDocument(largeShipment(4303)) as { epcisBody: { eventList: Record<string, unknown>[] } };
    delete doc.epcisBody.eventList[70]!.eventTime;
    const before = await unitCount();
    const res = await post(doc);
    expect(res.statusCode).toBe(202);
    const job = await finished(res.headers.location as string);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'EPCIS_INVALID' } });
    expect(job.error.message).toContain('/epcisBody/eventList/70');
    expect(await unitCount()).toBe(before);
  });

  it('a job refused at an event keeps the chunks before it; the corrected document sent again applies only the rest', async () => {
    const good = epcisDocument(largeShipment(4304)) as { epcisBody: { eventList: Record<string, unknown>[] } };
    const bad = structuredClone(good);
    bad.epcisBody.eventList[80]!.parentID = 'urn:epc:id:sgtin:8881234.000001.1';
    const before = await unitCount();
    const job = await finished((await post(bad)).headers.location as string);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'EPCIS_EVENT_REFUSED' } });
    expect(job.error.message).toMatch(/^Event #81 was refused/);
    // The 80 packs and most pallets and cartons are in: the chunks before the failing one stayed.
    expect(await unitCount()).toBeGreaterThan(before + 80);
    const again = await finished((await post(good)).headers.location as string);
    expect(again).toMatchObject({ status: 'done' });
    expect(again.result.applied + again.result.duplicates).toBe(81);
    expect(again.result.applied).toBeGreaterThanOrEqual(1);
    expect(await unitCount()).toBe(before + 160);
  });

  it('a body over 1 MB is parsed a piece at a time (decision 0052): validated as a whole, and refused when cut short', async () => {
    const doc = epcisDocument({ pallets: Array.from({ length: 2000 }, (_, i) => makeCodes(4400 + i).pallet(1, 2, all[1]!)) }) as {
      epcisBody: { eventList: Record<string, unknown>[] };
    };
    delete doc.epcisBody.eventList[4000]!.eventTime;
    const text = JSON.stringify(doc);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024 * 1024);
    const send = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/integration/epcis', headers: { ...admin, 'content-type': 'application/json' }, payload });
    const before = await unitCount();
    const res = await send(text);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'running', events: 4001 });
    const job = await finished(res.headers.location as string);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'EPCIS_INVALID' } });
    expect(job.error.message).toContain('/epcisBody/eventList/4000');
    expect(await unitCount()).toBe(before);

    const cut = await send(text.slice(0, -3));
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('an unknown job is 404, and jobs need the integration right', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/integration/epcis/jobs/nope', headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/integration/epcis/jobs/nope', headers: rdc })).statusCode).toBe(403);
  });
});

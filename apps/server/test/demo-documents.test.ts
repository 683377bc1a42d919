import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_DOCUMENTS, DEMO_INVENTORY } from '../src/seed/demo-documents.ts';
import { scanOf, type StockUnit } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * The demo's regional dispatch, return and scrapping documents fit its stock: each can be finished
 * with the codes README.md lists, and the scans it names warn or are refused as it says.
 */
describe.each(DATABASES)('the demo documents on %s', (kind) => {
  let t: TestApp;
  let rdc: Record<string, string>;
  const { stock, documents } = DEMO_INVENTORY;

  beforeAll(async () => {
    t = await startTestApp(kind);
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: rdc, payload });
  const scan = (docType: string, docNo: string, unit: StockUnit) =>
    post('/api/scanForOperation', { docType, docNo, ...scanOf(unit), idType: 'GS1', scanId: randomUUID() });
  const details = async (path: string) => (await t.app.inject({ method: 'GET', url: path, headers: rdc })).json();

  it('dispatch: the pallet warns of the older batch, expired and damaged stock is refused, the rest finishes the OBD', async () => {
    const obd = DEMO_DOCUMENTS.dispatch;
    expect((await details(`/api/obdNo/${obd}`)).data.map((l: { quantity: number }) => l.quantity)).toEqual([40, 10, 3]);
    const pallet = await scan('OBD', obd, stock.pallet);
    expect(pallet.statusCode).toBe(200);
    expect(pallet.json()).toMatchObject({
      packs: 40,
      warnings: [expect.stringMatching(/^Batch K2713364 of material 10000064 expires earlier/)],
    });

    const expired = await scan('OBD', obd, stock.expiredPacks[0]!);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ code: 'PACK_EXPIRED' });
    const damaged = await scan('OBD', obd, stock.damagedCarton);
    expect(damaged.statusCode).toBe(409);
    expect(damaged.json()).toMatchObject({ code: 'NOT_SALEABLE', message: expect.stringContaining('DAMAGED / WAREHOUSE RECEIVED') });
    const dispatched = await scan('OBD', obd, stock.returnCarton);
    expect(dispatched.json()).toMatchObject({ code: 'NOT_SALEABLE', message: expect.stringContaining('TRANSIT / DISPATCHED') });

    for (const unit of documents.dispatch.slice(1)) {
      const res = await scan('OBD', obd, unit);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().warnings).toEqual([]);
    }
    const done = await post('/api/completeDispatch', { obdNo: obd });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.map((l: { shortageQuantity: number }) => l.shortageQuantity)).toEqual([0, 0, 0]);
  });

  it('return: what OBD 8000000102 dispatched comes back into quarantine', async () => {
    expect((await details(`/api/obdNo/${DEMO_DOCUMENTS.dispatched}`)).document.status).toBe('Completed');
    for (const unit of documents.return) expect((await scan('RMA', DEMO_DOCUMENTS.return, unit)).statusCode).toBe(200);
    const done = await post('/api/completeOperation', { docType: 'RMA', docNo: DEMO_DOCUMENTS.return });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.map((l: { shortageQuantity: number }) => l.shortageQuantity)).toEqual([0, 0]);
  });

  it('scrapping: the damaged carton and the expired lot are destroyed', async () => {
    for (const unit of documents.scrap) expect((await scan('DECOMM', DEMO_DOCUMENTS.scrap, unit)).statusCode).toBe(200);
    const done = await post('/api/completeDecommission', { decommNo: DEMO_DOCUMENTS.scrap });
    expect(done.statusCode, done.body).toBe(200);
    const carton = await t.app.inject({ method: 'GET', url: `/api/searchSSCC/${stock.damagedCarton.sscc}`, headers: rdc });
    expect(carton.json().data[0]).toMatchObject({ status: 'DESTROYED', reason: 'OTHER' });
  });
});

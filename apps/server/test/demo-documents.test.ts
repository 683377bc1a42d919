import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_DOCUMENTS, DEMO_INVENTORY, DEMO_LOCAL_DOCUMENTS } from '../src/seed/demo-documents.ts';
import { scanOf, type StockUnit } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests, type Area } from './requests.ts';

/**
 * The demo's regional dispatch, return and scrapping documents, and its local dispatch, return,
 * scrapping, transfer and return to principal, fit its stock: each can be finished with the codes
 * README.md lists, and the scans it names warn or are refused as it says.
 */
describe.each(DATABASES)('the demo documents on %s', (kind) => {
  let t: TestApp;
  let rdc: Record<string, string>;
  let ldc: Record<string, string>;
  const { stock, documents, localStock, localDocuments } = DEMO_INVENTORY;

  beforeAll(async () => {
    t = await startTestApp(kind);
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
  });
  afterAll(() => t?.close());

  const { get, post, scan: scanAs } = requests({ app: () => t.app, as: () => rdc });
  const scan = (docType: string, docNo: string, unit: StockUnit, headers = rdc, area?: Area) => {
    const scanned = scanOf(unit);
    return scanAs(docType, docNo, scanned.code, scanned.unit, headers, area);
  };
  const details = async (path: string) => (await get(path)).json();

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
    const carton = await get(`/api/searchSSCC/${stock.damagedCarton.sscc}`);
    expect(carton.json().data[0]).toMatchObject({ status: 'DESTROYED', reason: 'OTHER' });
  });

  const local = (url: string, payload: object) => post(url, payload, ldc, 'LDC');
  const localScan = (docType: string, docNo: string, unit: StockUnit) => scan(docType, docNo, unit, ldc, 'LDC');
  const localFinish = async (docType: string, docNo: string, units: readonly StockUnit[]) => {
    for (const unit of units) {
      const res = await localScan(docType, docNo, unit);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().warnings).toEqual([]);
    }
    const done = await local('/api/completeOperation', { docType, docNo });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.every((l: { shortageQuantity: number }) => l.shortageQuantity === 0)).toBe(true);
    return done.json();
  };
  const localUnit = async (sscc: string) => (await get(`/api/searchSSCC/${sscc}`, ldc, 'LDC')).json().data[0];

  it('local dispatch: damaged and quarantined stock is refused, the carton and packs finish the OBD', async () => {
    const obd = DEMO_LOCAL_DOCUMENTS.dispatch;
    expect((await localScan('OBD', obd, localStock.damagedCarton)).json().code).toBe('NOT_SALEABLE');
    expect((await localScan('OBD', obd, localStock.quarantinedCarton)).json().code).toBe('NOT_SALEABLE');
    expect((await localFinish('OBD', obd, localDocuments.dispatch)).message).toBe('GI scan saved successfully!');
  });

  it('local return: what OBD 8000000202 dispatched comes back into quarantine', async () => {
    expect((await localFinish('RMA', DEMO_LOCAL_DOCUMENTS.return, localDocuments.return)).message).toBe(
      'Returns scans saved successfully!',
    );
    expect(await localUnit(localStock.returnCarton.sscc)).toMatchObject({ status: 'QUARANTINE', reason: 'RETURNED' });
  });

  it('local scrapping: the damaged carton and the expired lot are destroyed', async () => {
    expect((await localFinish('DECOMM', DEMO_LOCAL_DOCUMENTS.scrap, localDocuments.scrap)).message).toBe(
      'Decomm. scans saved successfully!',
    );
    expect(await localUnit(localStock.damagedCarton.sscc)).toMatchObject({ status: 'DESTROYED', reason: 'OTHER' });
  });

  it('return to principal: the quarantined carton and the short-dated packs go back, dispatched and locked', async () => {
    expect((await localFinish('RTP', DEMO_LOCAL_DOCUMENTS.rtp, localDocuments.rtp)).message).toBe('RTP completed successfully!');
    expect(await localUnit(localStock.quarantinedCarton.sscc)).toMatchObject({ status: 'TRANSIT', reason: 'DISPATCHED' });
  });

  it('transfer: the pallet leaves W3010 in transit and is received in W2010 on IBD 1800000106', async () => {
    expect((await localFinish('STO', DEMO_LOCAL_DOCUMENTS.transfer, localDocuments.transfer)).message).toBe(
      'Transfer scans saved successfully!',
    );
    expect(await localUnit(localStock.pallet.sscc)).toMatchObject({ status: 'TRANSIT', reason: 'PENDING GR', warehouseNo: null });
    const ibd = DEMO_LOCAL_DOCUMENTS.transferReceipt;
    expect((await details(`/api/ibdNo/${ibd}`)).document.receives).toEqual({ type: 'STO', number: DEMO_LOCAL_DOCUMENTS.transfer });
    expect((await scan('IBD', ibd, localStock.carton)).statusCode).toBe(409);
    for (const unit of localDocuments.transferReceipt) expect((await scan('IBD', ibd, unit)).statusCode).toBe(200);
    const done = await post('/api/completeReceive', { ibdNo: ibd });
    expect(done.statusCode, done.body).toBe(200);
    const pallet = await get(`/api/searchSSCC/${localStock.pallet.sscc}`);
    expect(pallet.json().data[0]).toMatchObject({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', warehouseNo: 'W2010' });
  });
});

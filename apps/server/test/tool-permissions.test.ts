import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, TOOL_NEEDS, type Application, type ModuleGrant } from '@pharma/domain';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_INVENTORY } from '../src/seed/demo-documents.ts';
import { packScan, ssccScan } from '../src/seed/epcis-builder.ts';
import { DATABASES, localUserWith, rowCount, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * Issue 26, decision 0057: printing needs GLOBAL's Print; a new SSCC (createPallet, generateSSCC)
 * REPACK's CreateItem; a repack's moves REPACK's Scan and its end REPACK's Complete; configuring the
 * printers the INTEGRATION right. Each is shown with a role holding one part and not the other.
 */
describe.each(DATABASES)('printing, new SSCCs and repack by their own actions on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ldc: Record<string, string>;

  /** A local role with exactly these grants, and a user holding only it. */
  const userWith = (name: string, modules: ModuleGrant[]) => localUserWith(t.app, admin, name, modules);
  const partial = (module: ModuleGrant['module'], feature: ModuleGrant['features'][number]['feature'], actions: string[]) =>
    ({ module, isCompletelyPermitted: false, features: [{ feature, actions }] }) as ModuleGrant;
  const complete = (module: ModuleGrant['module']): ModuleGrant => ({ module, isCompletelyPermitted: true, features: [] });
  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: `${url}?area=LDC`, headers, payload });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
  });
  afterAll(() => t?.close());

  it('the demo roles: the operators and the admin hold every tool in their areas, the viewer none but the repack, batch, reports, count and verification views', async () => {
    const holds = async (email: string, area: Application) => {
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: (await signIn(t.app, email)).headers });
      return Object.entries(TOOL_NEEDS)
        .filter(([, need]) => authorize({ application: area, ...need }, me.json().authorization).ok)
        .map(([name]) => name);
    };
    const every = Object.keys(TOOL_NEEDS);
    expect(await holds(DEMO_USERS.rdc, 'RDC')).toEqual(every);
    expect(await holds(DEMO_USERS.ldc, 'LDC')).toEqual(every);
    expect(await holds(DEMO_USERS.admin, 'RDC')).toEqual(every);
    expect(await holds(DEMO_USERS.admin, 'LDC')).toEqual(every);
    expect(await holds(DEMO_USERS.viewer, 'LDC')).toEqual(['repackView', 'batchView', 'reportsView', 'countView', 'verificationView']);
    expect(await holds(DEMO_USERS.nobody, 'LDC')).toEqual([]);
  });

  it('a repacker without Print makes pallets and repacks them but prints no label', async () => {
    const repacker = await userWith('Repacker', [complete('REPACK'), partial('GLOBAL', 'Search', [])]);
    const made = await post('/api/createPallet', repacker, { warehouseNo: 'W3010', type: 'PLT' });
    expect(made.statusCode, made.body).toBe(200);
    const sscc = made.json().sscc as string;
    expect((await post('/api/generateSSCC', repacker, { warehouseNo: 'W3010' })).statusCode).toBe(200);
    const prints = await rowCount(t, 'label_prints');
    for (const [url, body] of [
      ['/api/printLabel', { sscc, format: 'ZPL' }],
      ['/api/printPackLabel', { code: packScan(DEMO_INVENTORY.localStock.loosePacks[0]!), format: 'ZPL' }],
      ['/api/auditPrint', { sscc, format: 'PDF' }],
    ] as const) {
      const res = await post(url, repacker, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('FEATURE_NOT_AUTHORIZED');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/labelPrinters?area=LDC', headers: repacker })).statusCode).toBe(403);
    expect(await rowCount(t, 'label_prints')).toBe(prints);
    const open = await post('/api/repackScan', repacker, { code: ssccScan(sscc) });
    expect(open.statusCode, open.body).toBe(200);
    expect((await post('/api/completeRepack', repacker, { sscc })).statusCode).toBe(200);
  });

  it('a label printer without REPACK prints but makes no SSCC, pallet or move', async () => {
    const printer = await userWith('Label printer', [partial('GLOBAL', 'Search', ['Print'])]);
    const made = await post('/api/createPallet', ldc, { warehouseNo: 'W3010', type: 'CTN' });
    const sscc = made.json().sscc as string;
    const printed = await post('/api/printLabel', printer, { sscc, format: 'ZPL' });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.body).toContain('^XA');
    expect((await t.app.inject({ method: 'GET', url: '/api/labelPrinters?area=LDC', headers: printer })).statusCode).toBe(200);
    const issued = await rowCount(t, 'sscc_issued');
    for (const [url, body] of [
      ['/api/createPallet', { warehouseNo: 'W3010', type: 'PLT' }],
      ['/api/generateSSCC', { warehouseNo: 'W3010' }],
      ['/api/repackScan', { code: ssccScan(sscc) }],
      ['/api/remapHU', { code: ssccScan(sscc), to: null, scanId: randomUUID() }],
      ['/api/completeRepack', { sscc }],
    ] as const) {
      const res = await post(url, printer, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('MODULE_NOT_AUTHORIZED');
    }
    expect(await rowCount(t, 'sscc_issued')).toBe(issued);
  });

  it('Scan in REPACK moves units onto a repack; only Complete ends it', async () => {
    const mover = await userWith('Repack mover', [partial('REPACK', 'DetailsPage', ['Scan'])]);
    const pallet = (await post('/api/createPallet', ldc, { warehouseNo: 'W3010', type: 'PLT' })).json().sscc as string;
    const carton = (await post('/api/createPallet', ldc, { warehouseNo: 'W3010', type: 'CTN' })).json().sscc as string;
    const open = await post('/api/repackScan', mover, { code: ssccScan(pallet) });
    expect(open.statusCode, open.body).toBe(200);
    const repackNo = open.json().repackNo as string;
    const move = await post('/api/repackScanOperation', mover, { repackNo, code: ssccScan(carton), scanId: randomUUID() });
    expect(move.statusCode, move.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/repackNo/${repackNo}?area=LDC`, headers: mover })).statusCode).toBe(200);
    expect((await post('/api/createPallet', mover, { warehouseNo: 'W3010', type: 'PLT' })).statusCode).toBe(403);
    for (const [url, body] of [
      ['/api/completeRepack', { sscc: pallet }],
      ['/api/repackCompleteOperator', { repackNo }],
    ] as const) {
      expect((await post(url, mover, body)).statusCode, url).toBe(403);
    }
    const view = await t.app.inject({ method: 'GET', url: `/api/repackNo/${repackNo}?area=LDC`, headers: ldc });
    expect(view.json().state).toBe('REPACK_PENDING');
  });
});

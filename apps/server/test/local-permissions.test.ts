import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_INVENTORY, DEMO_LOCAL_DOCUMENTS } from '../src/seed/demo-documents.ts';
import { ssccScan } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';

/**
 * Spec point 6 on the server for the local modules (issue 16): RTP has only Filter, Scan and Complete
 * (no delete), Transfer has no EditItem. The server grants a module only the actions it can have,
 * whatever a role says (isCompletelyPermitted included), and refuses to store any other grant.
 */
describe.each(DATABASES)('local module permissions on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let user: Record<string, string>;

  /** A local role with these modules completely permitted, and a user holding only it. */
  async function userWith(modules: string[], email: string): Promise<Record<string, string>> {
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: admin,
      payload: {
        name: `LDC ${modules.join(' ')}`,
        areas: ['LDC'],
        applications: [{ application: 'LDC', modules: modules.map((module) => ({ module, isCompletelyPermitted: true, features: [] })) }],
        rights: [],
      },
    });
    expect(role.statusCode, role.body).toBe(201);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin,
      payload: { email, firstName: 'Test', lastName: 'Operator', password: 'Pharma#2026', roleIds: [role.json().id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    return (await signIn(t.app, email, 'Pharma#2026')).headers;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    user = await userWith(['TRANSFER', 'RTP', 'GLOBAL'], 'transfer.rtp@demo.local');
  });
  afterAll(() => t?.close());

  const { get, post } = requests({ app: () => t.app, as: () => user, area: 'LDC' });

  it('a role may not grant EditItemStatus on Transfer nor DeleteScannedItem on RTP', async () => {
    for (const [module, action] of [
      ['TRANSFER', 'EditItemStatus'],
      ['RTP', 'DeleteScannedItem'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/roles',
        headers: admin,
        payload: {
          name: `Not ${module} ${action}`,
          areas: ['LDC'],
          applications: [
            {
              application: 'LDC',
              modules: [{ module, isCompletelyPermitted: false, features: [{ feature: 'DetailsPage', actions: [action] }] }],
            },
          ],
          rights: [],
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'GRANT_NOT_AVAILABLE',
        message: `LDC/${module}/DetailsPage/${action} is not available for that module.`,
      });
    }
  });

  it('a user with Transfer and RTP completely permitted scans and deletes on an STO, but edits no item status and deletes nothing on an RTP', async () => {
    const pallet = ssccScan(DEMO_INVENTORY.localStock.pallet.sscc);
    const scan = await post('/api/scanForOperation', {
      docType: 'STO',
      docNo: DEMO_LOCAL_DOCUMENTS.transfer,
      code: pallet,
      unit: 'PLT',
      scanId: randomUUID(),
    });
    expect(scan.statusCode, scan.body).toBe(200);
    // Transfer has DeleteScannedItem.
    const off = await post('/api/reverseOperation', {
      docType: 'STO',
      docNo: DEMO_LOCAL_DOCUMENTS.transfer,
      code: pallet,
      unit: 'PLT',
      scanId: randomUUID(),
    });
    expect(off.statusCode, off.body).toBe(200);
    // Transfer has no EditItem: the status edit is refused, the pallet unchanged.
    const edit = await post('/api/itemStatus', { code: pallet, unit: 'PLT', status: 'QUARANTINE' });
    expect(edit.statusCode).toBe(403);
    const found = (await get(`/api/searchSSCC/${encodeURIComponent(pallet)}`)).json().data[0];
    expect(found).toMatchObject({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED' });
    // RTP: scan yes, delete no.
    const carton = ssccScan(DEMO_INVENTORY.localStock.quarantinedCarton.sscc);
    const rtp = await post('/api/scanForOperation', {
      docType: 'RTP',
      docNo: DEMO_LOCAL_DOCUMENTS.rtp,
      code: carton,
      unit: 'CTN',
      scanId: randomUUID(),
    });
    expect(rtp.statusCode, rtp.body).toBe(200);
    const undo = await post('/api/reverseOperation', {
      docType: 'RTP',
      docNo: DEMO_LOCAL_DOCUMENTS.rtp,
      code: carton,
      unit: 'CTN',
      scanId: randomUUID(),
    });
    expect(undo.statusCode).toBe(403);
    // Neither module reaches another family's documents.
    expect((await get('/api/obdList')).statusCode).toBe(403);
  });

  it('a family the user lacks is refused before the body is validated: no route hides behind a 400 (decision 0057)', async () => {
    // Scan is theirs in Transfer and RTP, not in Dispatch: the rest of the body does not matter.
    for (const url of ['/api/scanForOperation', '/api/reverseOperation', '/api/completeOperation']) {
      const res = await post(url, { docType: 'OBD' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('MODULE_NOT_AUTHORIZED');
    }
    // A lite path on arrival: no lite module has CreateMaterialBatch for them, so no body is read.
    expect((await post('/api/lite/createDocument', {})).statusCode).toBe(403);
    // Their own family with a bad body is the body's fault.
    expect((await post('/api/scanForOperation', { docType: 'STO' })).statusCode).toBe(400);
  });
});

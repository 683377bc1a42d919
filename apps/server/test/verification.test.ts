import { buildNmvsRequest } from '@pharma/national-systems/nmvs';
import { startNmvsSimulator, startVrsSimulator } from '@pharma/national-systems/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { newId } from '../src/lib/ids.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, type PackSpec } from '../src/seed/epcis-builder.ts';
import { yymmdd } from '../src/api/verification/verification.service.ts';
import { DATABASES, eventually, signIn, startTestApp, type TestApp } from './harness.ts';
import { NMVS_TEST_CLIENT, simulatorFault } from './verification-fixtures.ts';

/**
 * Pack verification against the national systems (issue 28, decision 0081), through the API, against
 * the simulators of the NMVS and the VRS as real HTTP servers: the warehouse's settings (the secret never
 * answered nor audited), a pack verified on demand, the outbox when the system is down, a request left
 * by a server killed while sending, and a refusal that is not sent again.
 */

type Nmvs = Awaited<ReturnType<typeof startNmvsSimulator>>;
type Vrs = Awaited<ReturnType<typeof startVrsSimulator>>;

const VRS_TOKEN = 'vrs-token-3010';
const SINGLE_SERVICE = '/WS_SINGLE_TRANSACTIONS_V1/SinglePackServiceV50';
const ISSUER = { gs1CompanyPrefix: '0614141', printers: [] };

/** ISO 'YYYY-MM-DD' as AI 17 and both wires write it. */
const trxIdOf = (requestId: string) => requestId.replace(/-/g, '');

describe.each(DATABASES)('pack verification against the national systems on %s', (kind) => {
  let t: TestApp;
  let nmvs: Nmvs;
  let vrs: Vrs;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let ldc: Record<string, string>;
  let viewer: Record<string, string>;
  /** Packs in stock of W2010 (RDC) and W3010 (LDC), of one GTIN each. */
  let regional: PackSpec[];
  let local: PackSpec[];

  /** Packs in stock of a warehouse, of the GTIN it has most of, as the pack codes carry them. */
  async function packsOf(warehouseNo: string): Promise<PackSpec[]> {
    const rows = await t.database.db
      .selectFrom('handling_units')
      .select(['gtin', 'serial', 'batch_no', 'expiry'])
      .where('warehouse_no', '=', warehouseNo)
      .where('type', '=', 'EA')
      .where('status', '=', 'ACTIVE')
      .orderBy('gtin')
      .orderBy('serial')
      .execute();
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.gtin!, (counts.get(row.gtin!) ?? 0) + 1);
    const gtin = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    return rows.filter((r) => r.gtin === gtin).map((r) => ({ gtin: r.gtin!, serial: r.serial!, batch: r.batch_no!, expiry: r.expiry! }));
  }

  const setup = (warehouseNo: string, extensionDigit: string, verification: unknown, headers = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/integration/warehouses/${warehouseNo}`,
      headers,
      payload: { ...ISSUER, extensionDigit, ...(verification === undefined ? {} : { verification }) },
    });
  const verify = (pack: PackSpec, area: 'RDC' | 'LDC', headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/verifyPack?area=${area}`, headers, payload: { code: packScan(pack) } });
  const requests = async (query: string, headers = rdc) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/verificationRequests?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>[];
  };
  const request = (id: string) =>
    t.database.db.selectFrom('verification_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const nmvsSetting = (secret?: string) => ({
    system: 'NMVS',
    url: nmvs.url,
    clientId: NMVS_TEST_CLIENT.clientLoginId,
    user: NMVS_TEST_CLIENT.userId,
    ...(secret === undefined ? {} : { secret }),
  });
  const asNmvs = (p: PackSpec, batch = p.batch) => ({ gtin: p.gtin, serial: p.serial, batch, expiry: yymmdd(p.expiry) });

  beforeAll(async () => {
    nmvs = await startNmvsSimulator({ clients: [NMVS_TEST_CLIENT] });
    vrs = await startVrsSimulator({ secret: VRS_TOKEN });
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    viewer = (await signIn(t.app, DEMO_USERS.viewer)).headers;
    regional = await packsOf('W2010');
    local = await packsOf('W3010');
    expect(regional.length).toBeGreaterThanOrEqual(8);
    expect(local.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(async () => {
    await t?.close();
    await nmvs?.close();
    await vrs?.close();
  });

  it('a warehouse without a system: verifyPack is refused with a clear message', async () => {
    const res = await verify(regional[0]!, 'RDC', rdc);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'VERIFICATION_NOT_SET',
      message: 'Warehouse W2010 is not connected to a national verification system: set its NMVS or VRS through the integration API.',
    });
  });

  it('the settings: the secret is sealed at rest, never answered and never in the audit trail; left out it stays, null removes the whole setting', async () => {
    expect((await setup('W2010', '5', { ...nmvsSetting(), url: 'ftp://nmvs.example' })).statusCode).toBe(400);
    expect((await setup('W2010', '5', { ...nmvsSetting(), url: 'https://user:pw@nmvs.example' })).statusCode).toBe(400);
    expect((await setup('W2010', '5', { system: 'NMVS', url: nmvs.url, secret: NMVS_TEST_CLIENT.password })).statusCode).toBe(400);
    const noSecret = await setup('W2010', '5', nmvsSetting());
    expect(noSecret.statusCode).toBe(422);
    expect(noSecret.json()).toEqual({
      code: 'VERIFICATION_SECRET_MISSING',
      message: 'The NMVS needs the password of user RDC-USER: give secret with the verification settings.',
    });
    expect((await setup('W2010', '5', nmvsSetting(NMVS_TEST_CLIENT.password), rdc)).statusCode).toBe(403);

    const set = await setup('W2010', '5', nmvsSetting(NMVS_TEST_CLIENT.password));
    expect(set.statusCode).toBe(200);
    expect(set.body).toBe('{"updated":true}');
    const kept = await setup('W2010', '5', nmvsSetting());
    expect(kept.statusCode).toBe(200);
    const vrsSet = await setup('W3010', '6', { system: 'VRS', url: vrs.url, secret: VRS_TOKEN });
    expect(vrsSet.statusCode).toBe(200);

    const stored = await t.database.db.selectFrom('verification_settings').selectAll().orderBy('warehouse_no').execute();
    expect(stored.map((s) => [s.warehouse_no, s.system, s.client_id, s.user_name, s.gln])).toEqual([
      ['W2010', 'NMVS', 'WH2010', 'RDC-USER', '8881234020109'],
      // The VRS names the warehouse's own GLN as the requester when none is given.
      ['W3010', 'VRS', null, null, '8881234030108'],
    ]);
    for (const row of stored) expect(row.secret_sealed).toMatch(/^v1\./);
    const everything = JSON.stringify(stored);
    expect(everything).not.toContain(NMVS_TEST_CLIENT.password);
    expect(everything).not.toContain(VRS_TOKEN);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['entity_id', 'before_json', 'after_json'])
      .where('action', '=', 'label-setup')
      .orderBy('id')
      .execute();
    const trail = JSON.stringify(audit);
    expect(trail).not.toContain(NMVS_TEST_CLIENT.password);
    expect(trail).not.toContain(VRS_TOKEN);
    const afters = audit.map((row) => JSON.parse(row.after_json!).verification);
    expect(afters).toEqual([
      { system: 'NMVS', url: nmvs.url, clientId: 'WH2010', user: 'RDC-USER', gln: '8881234020109', secret: 'set' },
      { system: 'NMVS', url: nmvs.url, clientId: 'WH2010', user: 'RDC-USER', gln: '8881234020109', secret: 'unchanged' },
      { system: 'VRS', url: vrs.url, clientId: null, user: null, gln: '8881234030108', secret: 'set' },
    ]);
    expect(JSON.parse(audit[1]!.before_json!).verification).toMatchObject({ system: 'NMVS', secret: 'set' });

    // A setup that leaves `verification` out leaves the system as it is; null removes it.
    expect((await setup('W3010', '6', undefined)).statusCode).toBe(200);
    expect(
      await t.database.db.selectFrom('verification_settings').select('warehouse_no').where('warehouse_no', '=', 'W3010').execute(),
    ).toHaveLength(1);
    expect((await setup('W3010', '6', null)).statusCode).toBe(200);
    expect(
      await t.database.db.selectFrom('verification_settings').select('warehouse_no').where('warehouse_no', '=', 'W3010').execute(),
    ).toHaveLength(0);
    expect((await setup('W3010', '6', { system: 'VRS', url: vrs.url, secret: VRS_TOKEN })).statusCode).toBe(200);
  });

  it('the NMVS: a pack verified; one unknown refused with NMVS_NC_PC_02 and its alert id; one of another batch refused with NMVS_FE_LOT_13', async () => {
    const [known, unknown, otherBatch] = regional as [PackSpec, PackSpec, PackSpec];
    await nmvs.registry.load([asNmvs(known), asNmvs(otherBatch, 'OTHERLOT')]);

    const verified = await verify(known, 'RDC', rdc);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      system: 'NMVS',
      verified: true,
      state: 'ACTIVE',
      outcome: 'verified',
      returnCode: 'NMVS_SUCCESS',
      reasons: [],
      message: 'The NMVS verified the pack: it is active (NMVS_SUCCESS).',
      pack: asNmvs(known),
    });
    expect(verified.json()).not.toHaveProperty('alertId');

    const refused = await verify(unknown, 'RDC', rdc);
    expect(refused.statusCode).toBe(200);
    const alertId = refused.json().alertId as string;
    expect(alertId).toMatch(/^NMVS-ALERT-[0-9A-F]{12}$/);
    expect(refused.json()).toMatchObject({
      system: 'NMVS',
      verified: false,
      state: 'UNKNOWN',
      outcome: 'alert',
      returnCode: 'NMVS_NC_PC_02',
      message: `The NMVS did not verify the pack: NMVS_NC_PC_02 Pack Serial Number not recognised (alert ${alertId}).`,
    });

    const wrongBatch = await verify(otherBatch, 'RDC', rdc);
    expect(wrongBatch.json()).toMatchObject({ verified: false, outcome: 'alert', returnCode: 'NMVS_FE_LOT_13' });
    expect(wrongBatch.json().message).toMatch(
      /^The NMVS did not verify the pack: NMVS_FE_LOT_13 The Batch Number does not match Pack Serial Number \(alert NMVS-ALERT-[0-9A-F]{12}\)\.$/,
    );

    // The system saw the request under its own id, as the warehouse's NMVS user.
    const history = nmvs.registry.read(known.gtin, known.serial)!.history;
    expect(history).toEqual([
      expect.objectContaining({
        code: 'G110',
        clientTrxId: trxIdOf(verified.json().requestId),
        user: 'RDC-USER',
        returnCode: 'NMVS_SUCCESS',
      }),
    ]);

    // The Verification page's list: newest first, with outcome, code and alert id; a filter for alerts.
    const listed = await requests('area=RDC');
    expect(listed.slice(0, 3).map((r) => [r.serial, r.outcome, r.returnCode, r.alertId])).toEqual([
      [otherBatch.serial, 'alert', 'NMVS_FE_LOT_13', wrongBatch.json().alertId],
      [unknown.serial, 'alert', 'NMVS_NC_PC_02', alertId],
      [known.serial, 'verified', 'NMVS_SUCCESS', null],
    ]);
    expect(listed[2]).toMatchObject({
      system: 'NMVS',
      warehouseNo: 'W2010',
      operation: 'verify',
      kind: 'single',
      purpose: 'on-demand',
      state: 'answered',
      packs: 1,
      attempts: 1,
      requestedBy: { name: 'Raj Regional' },
    });
    expect((await requests('area=RDC&outcome=alert')).map((r) => r.serial)).toEqual([otherBatch.serial, unknown.serial]);
    expect(await requests('area=LDC', ldc)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await requests(`area=RDC&from=${today}&to=${today}`)).toHaveLength(3);
    expect(await requests('area=RDC&from=2020-01-01&to=2020-01-31')).toEqual([]);

    // Each answer is audited: who asked, what, what came of it.
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'verification')
      .where('entity_id', '=', refused.json().requestId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ operation: 'verify', gtin: unknown.gtin, outcome: 'alert', alertId });
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: rdc })).json();
    expect(audit[0]!.actor_id).toBe(me.user.id);
  });

  it('the VRS: a pack verified; an unknown one and one of another lot refused with the standard reasons', async () => {
    const [known, unknown, otherLot, recalled] = local as [PackSpec, PackSpec, PackSpec, PackSpec];
    await vrs.registry.load([asNmvs(known), asNmvs(otherLot, 'OTHERLOT'), { ...asNmvs(recalled), state: 'RECALLED' }]);

    const verified = await verify(known, 'LDC', ldc);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      system: 'VRS',
      verified: true,
      state: 'ACTIVE',
      outcome: 'verified',
      returnCode: null,
      message: 'The VRS verified the pack.',
    });
    expect(vrs.registry.read(known.gtin, known.serial)!.history).toEqual([
      expect.objectContaining({ corrUUID: verified.json().requestId, user: '8881234030108', verified: true }),
    ]);
    expect((await verify(unknown, 'LDC', ldc)).json()).toMatchObject({
      verified: false,
      state: 'UNKNOWN',
      outcome: 'refused',
      returnCode: 'No_match_GTIN_Serial',
      message: 'The VRS did not verify the pack: No_match_GTIN_Serial.',
    });
    expect((await verify(otherLot, 'LDC', ldc)).json()).toMatchObject({
      verified: false,
      state: 'INACTIVE',
      returnCode: 'No_match_GTIN_Serial_Lot',
    });
    expect((await verify(recalled, 'LDC', ldc)).json()).toMatchObject({
      verified: false,
      returnCode: 'Manufacturer_policy',
      reasons: ['Recalled'],
      message: 'The VRS did not verify the pack: Manufacturer_policy (Recalled).',
    });
  });

  it('the NMVS down: the pack is PENDING (202) and the request queued; back up, the sender has it answered, applied once', async () => {
    const pack = regional[3]!;
    await nmvs.registry.load([asNmvs(pack)]);
    await simulatorFault(nmvs, 'down');
    const pending = await verify(pack, 'RDC', rdc);
    expect(pending.statusCode, pending.body).toBe(202);
    expect(pending.json()).toMatchObject({ system: 'NMVS', verified: null, state: 'PENDING', outcome: 'pending', returnCode: null });
    expect(pending.json().message).toMatch(
      /^The NMVS has not answered yet \(.+\): the request is queued and sent again until it is answered\.$/,
    );
    const id = pending.json().requestId as string;
    expect(await request(id)).toMatchObject({ state: 'queued', outcome: 'pending', attempts: 1 });
    expect((await requests('area=RDC&outcome=pending')).map((r) => r.id)).toEqual([id]);

    await simulatorFault(nmvs, 'ok');
    const answered = await eventually(async () => {
      const row = await request(id);
      return row.state === 'answered' ? row : undefined;
    });
    expect(answered).toMatchObject({
      outcome: 'verified',
      return_code: 'NMVS_SUCCESS',
      message: 'The NMVS verified the pack: it is active (NMVS_SUCCESS).',
    });
    expect(answered.attempts).toBeGreaterThanOrEqual(2);
    const seen = nmvs.registry.read(pack.gtin, pack.serial)!.history.filter((h) => h.clientTrxId === trxIdOf(id));
    expect(seen.map((h) => [h.code, h.returnCode])).toEqual([['G110', 'NMVS_SUCCESS']]);
  });

  it('a request a killed server left sending is sent again under the same ClientTrxId, applied once (NMVS_TE_TX_01, then its state read)', async () => {
    const pack = regional[4]!;
    await nmvs.registry.load([asNmvs(pack)]);
    const id = newId();
    const product = { gtin: pack.gtin, batch: pack.batch, expiry: yymmdd(pack.expiry) };
    // The dead server's send reached the NMVS and was applied; its answer was never written.
    const first = await fetch(`${nmvs.url}${SINGLE_SERVICE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/soap+xml; charset=utf-8' },
      body: buildNmvsRequest({ code: 'G130', credentials: NMVS_TEST_CLIENT, clientTrxId: trxIdOf(id), product, serials: [pack.serial] }),
    });
    expect(await first.text()).toContain('NMVS_SUCCESS');
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: rdc })).json();
    const past = new Date(Date.now() - 60_000).toISOString();
    await t.database.db
      .insertInto('verification_requests')
      .values({
        id,
        warehouse_no: 'W2010',
        system: 'NMVS',
        operation: 'destroy',
        kind: 'single',
        purpose: 'scrap',
        ...product,
        serials_json: JSON.stringify([pack.serial]),
        pack_count: 1,
        unit_id: null,
        document_id: null,
        ref_request_id: null,
        requested_by: me.user.id,
        requested_at: past,
        state: 'sending',
        attempts: 1,
        next_attempt_at: past,
        lease_owner: 'a server killed while sending',
        lease_until: past,
      })
      .execute();

    const answered = await eventually(async () => {
      const row = await request(id);
      return row.state === 'answered' ? row : undefined;
    });
    expect(answered).toMatchObject({
      outcome: 'verified',
      return_code: 'NMVS_TE_TX_01',
      message: 'The NMVS recorded the destruction of 1 pack.',
      attempts: 2,
      lease_owner: null,
    });
    const { probedWith } = JSON.parse(answered.answer_json!) as { probedWith: string };
    const view = nmvs.registry.read(pack.gtin, pack.serial)!;
    expect(view).toMatchObject({ state: 'INACTIVE', reasons: ['DESTROYED'] });
    expect(view.history.map((h) => [h.code, h.clientTrxId, h.returnCode])).toEqual([
      ['G130', trxIdOf(id), 'NMVS_SUCCESS'],
      ['G130', trxIdOf(id), 'NMVS_TE_TX_01'],
      ['G110', probedWith, 'NMVS_SUCCESS'],
    ]);
  });

  it('an answer that cannot change by asking again (HTTP 401) fails the request at once: not sent again', async () => {
    const pack = local[0]!;
    expect((await setup('W3010', '6', { system: 'VRS', url: vrs.url, secret: 'a-wrong-token' })).statusCode).toBe(200);
    const failed = await verify(pack, 'LDC', ldc);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      system: 'VRS',
      verified: null,
      state: 'FAILED',
      outcome: 'failed',
      message: 'The VRS cannot take this request (HTTP 401): it is not sent again.',
    });
    const id = failed.json().requestId as string;
    // Longer than the first retry's wait: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await request(id)).toMatchObject({ state: 'failed', outcome: 'failed', attempts: 1 });
    expect(vrs.registry.read(pack.gtin, pack.serial)!.history.filter((h) => h.corrUUID === id)).toEqual([]);
    expect((await setup('W3010', '6', { system: 'VRS', url: vrs.url, secret: VRS_TOKEN })).statusCode).toBe(200);
  });

  it('verifyPack needs VerifyPack of module VERIFY in the area; the list its details page', async () => {
    const pack = local[0]!;
    const byViewer = await verify(pack, 'LDC', viewer);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().code).toBe('FEATURE_NOT_AUTHORIZED');
    expect((await verify(pack, 'LDC', rdc)).json().code).toBe('MODULE_NOT_AUTHORIZED');
    expect((await requests('area=LDC', viewer)).length).toBeGreaterThan(0);
    // A pack of the other area is one this area does not know.
    const other = await verify(regional[0]!, 'LDC', ldc);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('SERIAL_NOT_RECOGNIZED');
  });

  it('no secret reaches the log: settings set, packs verified, a refusal and a system down, logged at the finest level', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: { ...t.config, logLevel: 'trace' },
      database: openDatabase(t.config.database, t.config.audit.key),
      logStream: { write: (line) => void lines.push(line) },
    });
    await logged.ready();
    try {
      const call = (method: 'PUT' | 'POST', url: string, headers: Record<string, string>, payload: object) =>
        logged.inject({ method, url, headers, payload });
      const verification = { system: 'VRS', url: vrs.url, secret: 'a-wrong-token' };
      expect(
        (await call('PUT', '/api/integration/warehouses/W3010', admin, { ...ISSUER, extensionDigit: '6', verification })).statusCode,
      ).toBe(200);
      expect((await call('POST', '/api/verifyPack?area=LDC', ldc, { code: packScan(local[0]!) })).json().state).toBe('FAILED');
      const restored = { ...verification, secret: VRS_TOKEN };
      expect(
        (await call('PUT', '/api/integration/warehouses/W3010', admin, { ...ISSUER, extensionDigit: '6', verification: restored }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await call('PUT', '/api/integration/warehouses/W2010', admin, {
            ...ISSUER,
            extensionDigit: '5',
            verification: nmvsSetting(NMVS_TEST_CLIENT.password),
          })
        ).statusCode,
      ).toBe(200);
      await simulatorFault(nmvs, 'error');
      expect((await call('POST', '/api/verifyPack?area=RDC', rdc, { code: packScan(regional[0]!) })).json().state).toBe('PENDING');
      await simulatorFault(nmvs, 'ok');
      expect((await call('POST', '/api/verifyPack?area=RDC', rdc, { code: packScan(regional[0]!) })).json().verified).toBe(true);
    } finally {
      await simulatorFault(nmvs, 'ok');
      await logged.close();
    }
    const log = lines.join('');
    expect(log).toContain('/api/integration/warehouses/W2010');
    for (const secret of [NMVS_TEST_CLIENT.password, VRS_TOKEN, 'a-wrong-token']) expect(log).not.toContain(secret);
  });
});

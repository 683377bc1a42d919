import { buildNmvsRequest } from '@pharma/national-systems/nmvs';
import { startNmvsSimulator } from '@pharma/national-systems/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerificationService, type NewRequest, yymmdd } from '../src/api/verification/verification.service.ts';
import { DEFAULT_OUTBOX } from '../src/api/verification/outbox.ts';
import { newId } from '../src/lib/ids.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { NMVS_TEST_CLIENT, pointW2010AtNmvs } from './verification-fixtures.ts';

/**
 * What the workflows will ask through the outbox (issue 28): decommissions of many packs as one bulk
 * request (G1x5, its result fetched with G188), an undo naming the request it undoes, and a bulk result
 * not ready in time fetched later with the stored NMVSTrxId, never by sending the bulk request again.
 */

type Nmvs = Awaited<ReturnType<typeof startNmvsSimulator>>;

describe.each(DATABASES)('the verification outbox on %s', (kind) => {
  let t: TestApp;
  /** The bulk jobs take 400 ms: longer than the service's wait below. */
  let nmvs: Nmvs;
  let service: VerificationService;
  let userId: string;
  let product: { gtin: string; batch: string; expiry: string };
  let serials: string[];

  beforeAll(async () => {
    nmvs = await startNmvsSimulator({ clients: [NMVS_TEST_CLIENT], bulkDelayMs: 400 });
    t = await startTestApp(kind);
    const admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    userId = (await t.app.inject({ method: 'GET', url: '/api/me', headers: admin })).json().user.id;
    await pointW2010AtNmvs(t.app, admin, nmvs.url);
    const packs = await t.database.db
      .selectFrom('handling_units')
      .select(['gtin', 'serial', 'batch_no', 'expiry'])
      .where('warehouse_no', '=', 'W2010')
      .where('type', '=', 'EA')
      .orderBy('serial')
      .execute();
    const first = packs[0]!;
    product = { gtin: first.gtin!, batch: first.batch_no!, expiry: yymmdd(first.expiry!) };
    serials = packs.filter((p) => p.gtin === first.gtin && p.batch_no === first.batch_no).map((p) => p.serial!);
    expect(serials.length).toBeGreaterThanOrEqual(8);
    await nmvs.registry.load(serials.map((serial) => ({ ...product, serial })));
    // A service of its own on the app's database: a short wait for bulk results, so the sender must fetch them later.
    service = new VerificationService(
      t.database.db,
      t.config.audit.key,
      (error) => {
        throw error;
      },
      { syncTiming: { timeoutMs: 2000, bulkWaitMs: 100 }, outbox: DEFAULT_OUTBOX },
    );
  });
  afterAll(async () => {
    await t?.close();
    await nmvs?.close();
  });

  const ask = (request: Partial<NewRequest>) =>
    service.submit({
      warehouseNo: 'W2010',
      system: 'NMVS',
      operation: 'destroy',
      kind: 'bulk',
      purpose: 'scrap',
      product,
      serials: [],
      unitId: null,
      documentId: null,
      refRequestId: null,
      requestedBy: userId,
      ...request,
    });
  const row = (id: string) => t.database.db.selectFrom('verification_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The request once answered (by the app's sender, every second). */
  async function answered(id: string) {
    let found = await row(id);
    for (let tries = 0; found.state !== 'answered' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      found = await row(id);
    }
    return found;
  }

  it('a bulk destruction is one request; its result, not ready in time, is fetched later with its NMVSTrxId, and the request is never sent twice', async () => {
    const packs = serials.slice(0, 4);
    const asked = await ask({ serials: packs });
    expect(asked).toMatchObject({ state: 'queued', outcome: 'pending', pack_count: 4 });
    expect(asked.nmvs_trx_id).toMatch(/^[0-9A-F]{32}$/);
    // The app's own sender fetches the result (G188) once it is due.
    const settled = await answered(asked.id);
    expect(settled).toMatchObject({
      state: 'answered',
      outcome: 'verified',
      return_code: 'NMVS_SUCCESS',
      message: 'The NMVS recorded the destruction of 4 packs.',
      nmvs_trx_id: asked.nmvs_trx_id,
    });
    for (const serial of packs) {
      const view = nmvs.registry.read(product.gtin, serial)!;
      expect(view).toMatchObject({ state: 'INACTIVE', reasons: ['DESTROYED'] });
      expect(view.history.map((h) => [h.code, h.returnCode])).toEqual([['G135', 'NMVS_SUCCESS']]);
    }
  });

  it('a bulk whose packs are partly inactive is refused for those packs, each with its code', async () => {
    const packs = [serials[0]!, serials[4]!];
    const asked = await ask({ serials: packs, operation: 'export' });
    const settled = await answered(asked.id);
    expect(settled).toMatchObject({ outcome: 'alert', return_code: 'NMVS_NC_PCK_22' });
    expect(settled.message).toBe(
      `The NMVS refused the export of 1 of 2 packs; the first, ${serials[0]}: NMVS_NC_PCK_22 Pack is already inactive.`,
    );
    const answer = JSON.parse(settled.answer_json!) as { packs: { serial: string; ok: boolean; returnCode: string; alertId?: string }[] };
    expect(answer.packs.map((p) => [p.serial, p.ok, p.returnCode])).toEqual([
      [serials[0], false, 'NMVS_NC_PCK_22'],
      [serials[4], true, 'NMVS_SUCCESS'],
    ]);
    expect(settled.alert_id).toBe(answer.packs[0]!.alertId);
  });

  it('an export of one pack undone by the same user names the request it undoes (G141)', async () => {
    const serial = serials[5]!;
    const exported = await ask({ kind: 'single', operation: 'export', purpose: 'export', serials: [serial] });
    expect(exported).toMatchObject({ state: 'answered', outcome: 'verified', message: 'The NMVS recorded the export of 1 pack.' });
    const undone = await ask({ kind: 'undo', operation: 'export', purpose: 'export-undo', serials: [serial], refRequestId: exported.id });
    expect(undone).toMatchObject({
      state: 'answered',
      outcome: 'verified',
      message: 'The NMVS recorded the undo of the export of 1 pack.',
    });
    expect(nmvs.registry.read(product.gtin, serial)).toMatchObject({ state: 'ACTIVE', reasons: [] });
    // Destroyed packs cannot be undone: the request cannot be made (no such G-code), and is not sent again.
    const impossible = await ask({ kind: 'undo', operation: 'destroy', serials: [serial], refRequestId: exported.id });
    expect(impossible).toMatchObject({ state: 'failed', outcome: 'failed' });
    expect(impossible.message).toBe('The NMVS cannot take this request (code: there is no undo of destroy): it is not sent again.');
  });

  it('a bulk request a killed server left sending, applied before: sent again, answered NMVS_TE_TX_01, its packs read with a bulk verify (G115)', async () => {
    const packs = [serials[6]!, serials[7]!];
    const id = newId();
    const applied = await fetch(`${nmvs.url}/WS_BULK_TRANSACTIONS_V1/BulkServiceV50`, {
      method: 'POST',
      headers: { 'content-type': 'application/soap+xml; charset=utf-8' },
      body: buildNmvsRequest({ code: 'G135', credentials: NMVS_TEST_CLIENT, clientTrxId: id.replace(/-/g, ''), product, serials: packs }),
    });
    expect(await applied.text()).toContain('NMVS_SUCCESS');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const past = new Date(Date.now() - 60_000).toISOString();
    await t.database.db
      .insertInto('verification_requests')
      .values({
        id,
        warehouse_no: 'W2010',
        system: 'NMVS',
        operation: 'destroy',
        kind: 'bulk',
        purpose: 'scrap',
        ...product,
        serials_json: JSON.stringify(packs),
        pack_count: packs.length,
        unit_id: null,
        document_id: null,
        ref_request_id: null,
        requested_by: userId,
        requested_at: past,
        state: 'sending',
        attempts: 1,
        next_attempt_at: past,
        lease_owner: 'a server killed while sending',
        lease_until: past,
      })
      .execute();
    const settled = await answered(id);
    expect(settled).toMatchObject({
      outcome: 'verified',
      return_code: 'NMVS_TE_TX_01',
      message: 'The NMVS recorded the destruction of 2 packs.',
    });
    const { probedWith } = JSON.parse(settled.answer_json!) as { probedWith: string };
    for (const serial of packs) {
      const view = nmvs.registry.read(product.gtin, serial)!;
      expect(view).toMatchObject({ state: 'INACTIVE', reasons: ['DESTROYED'] });
      expect(view.history.map((h) => [h.code, h.clientTrxId, h.returnCode])).toEqual([
        ['G135', id.replace(/-/g, ''), 'NMVS_SUCCESS'],
        ['G135', id.replace(/-/g, ''), 'NMVS_TE_TX_01'],
        ['G115', probedWith, 'NMVS_SUCCESS'],
      ]);
    }
  });
});

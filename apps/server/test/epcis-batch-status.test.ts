import {
  BATCH_STATUS_CBV,
  eventHashId,
  eventHashPreimage,
  movementEvent,
  parseEpc,
  sglnUri,
  type BatchStatus,
  type EpcisObjectEvent,
  type UnitStatus,
} from '@pharma/domain';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemReason, UnitType } from '@pharma/domain';
import { buildBatchStatusEvents, oweBatchStatusEvents } from '../src/api/integration/batch-status-events.ts';
import { epcisSchemaErrors } from '../src/api/integration/epcis-schema.ts';
import type { NewEpcisBatchEventRow } from '../src/db/schema.ts';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { DEMO_USERS, DEMO_WAREHOUSES, seedDemoIfEmpty } from '../src/seed/demo.ts';
import { DATABASES, openTestDatabase, signIn, startTestApp, type TestApp } from './harness.ts';
import { makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * A batch's status in the EPCIS export (issue 30, decision 0073): holding, recalling or releasing a
 * batch gives, per warehouse holding units of it, one ObjectEvent of exactly its packs there and the
 * pallets and cartons holding them, with CBV 2.0's business step `holding` and the disposition of the
 * new status, valid against GS1's EPCIS 2.0 JSON Schema, in time order with the movements.
 */
const URL = '/api/integration/epcis/events';
const GLN = Object.fromEntries(DEMO_WAREHOUSES.map((w) => [w.warehouseNo, w.gln]));
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const HOLD_AT = '2026-11-26T04:00:00.000Z';
const RELEASE_AT = '2026-11-26T05:00:00.000Z';
const REHOLD_AT = '2026-11-26T05:30:00.000Z';
const RECALL_AT = '2026-11-26T06:00:00.000Z';

interface Unit {
  id: string;
  type: UnitType;
  sscc?: string;
  serial?: string;
  parent?: string;
  batch?: string;
  status?: UnitStatus;
  reason?: ItemReason;
  warehouse?: string | null;
}

describe.each(DATABASES)('a batch status in the EPCIS export on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let p: Product;
  const codes = makeCodes(7301);
  /** What each warehouse's event must list: SSCCs and GTIN|serial. */
  const expected: Record<string, string[]> = { W2010: [], W3010: [] };

  const insertUnits = async (units: readonly Unit[], product: Product) => {
    const now = new Date().toISOString();
    const rows = units.map((u) => ({
      id: u.id,
      type: u.type,
      sscc: u.sscc ?? null,
      gtin: u.sscc ? null : product.gtin,
      serial: u.serial ?? null,
      parent_id: u.parent ?? null,
      material_no: u.sscc ? null : product.materialNo,
      batch_no: u.sscc ? null : (u.batch ?? product.batch),
      expiry: product.expiry,
      status: u.status ?? 'ACTIVE',
      reason: u.reason ?? 'WAREHOUSE RECEIVED',
      warehouse_no: u.warehouse === undefined ? 'W2010' : u.warehouse,
      created_at: now,
      updated_at: now,
    }));
    for (let at = 0; at < rows.length; at += 500)
      await t.database.db
        .insertInto('handling_units')
        .values(rows.slice(at, at + 500))
        .execute();
  };

  /** A pallet, carton or pack; `listed` puts it in its warehouse's expected event. */
  const unit = (u: Omit<Unit, 'sscc' | 'serial'>, listed: boolean): Unit => {
    const made: Unit = u.type === 'EA' ? { ...u, serial: codes.serial() } : { ...u, sscc: codes.sscc() };
    if (listed) expected[u.warehouse ?? 'W2010']!.push(made.sscc ?? `${p.gtin}|${made.serial}`);
    return made;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    p = { ...(await products(t))[2]!, batch: 'HOLD73' };
    const other = 'OTHER73';
    const local = { warehouse: 'W3010' };
    await insertUnits(
      [
        // W2010: a pallet of two cartons (one mixed with another batch), a loose carton, loose packs.
        unit({ id: 'plt', type: 'PLT' }, true),
        unit({ id: 'c1', type: 'CTN', parent: 'plt' }, true),
        ...[1, 2, 3].map((i) => unit({ id: `c1-${i}`, type: 'EA', parent: 'c1' }, true)),
        unit({ id: 'c2', type: 'CTN', parent: 'plt' }, true),
        ...[1, 2].map((i) => unit({ id: `c2-${i}`, type: 'EA', parent: 'c2' }, true)),
        unit({ id: 'c2-other', type: 'EA', parent: 'c2', batch: other }, false),
        unit({ id: 'c3', type: 'CTN' }, true),
        ...[1, 2].map((i) => unit({ id: `c3-${i}`, type: 'EA', parent: 'c3', status: 'QUARANTINE', reason: 'RETURNED' }, true)),
        unit({ id: 'loose-1', type: 'EA' }, true),
        // Scanned on an open dispatch: still in the warehouse.
        unit({ id: 'loose-2', type: 'EA', status: 'PENDING', reason: 'DISPATCHED' }, true),
        // Not there: dispatched, destroyed, short, arriving on a receipt, announced in no warehouse.
        unit({ id: 'gone-1', type: 'EA', status: 'TRANSIT', reason: 'DISPATCHED' }, false),
        unit({ id: 'gone-2', type: 'EA', status: 'DESTROYED', reason: 'OTHER' }, false),
        unit({ id: 'gone-3', type: 'EA', status: 'SHORTAGE', reason: 'PENDING GR' }, false),
        unit({ id: 'gone-4', type: 'EA', status: 'PENDING', reason: 'PENDING GR' }, false),
        unit({ id: 'gone-5', type: 'EA', status: 'TRANSIT', reason: 'PENDING GR', warehouse: null }, false),
        // A carton holding only the other batch, and a pallet holding only dispatched packs of this one.
        unit({ id: 'c4', type: 'CTN' }, false),
        unit({ id: 'c4-1', type: 'EA', parent: 'c4', batch: other }, false),
        unit({ id: 'plt-gone', type: 'PLT', status: 'TRANSIT', reason: 'DISPATCHED' }, false),
        unit({ id: 'gone-6', type: 'EA', parent: 'plt-gone', status: 'TRANSIT', reason: 'DISPATCHED' }, false),
        // W3010: a carton of two packs.
        unit({ id: 'c5', type: 'CTN', ...local }, true),
        ...[1, 2].map((i) => unit({ id: `c5-${i}`, type: 'EA', parent: 'c5', ...local }, true)),
      ],
      p,
    );
  });
  afterAll(() => t?.close());

  /** A change's events owed in a transaction of their own (the change's rows are not what these tests look at). */
  const owe = (status: BatchStatus, at: string, batch = p) =>
    t.database.db
      .transaction()
      .execute((trx) => oweBatchStatusEvents(trx, { materialNo: batch.materialNo, batchNo: batch.batch, status, at }));
  /** A change whose events are owed, then built (as the batches service does after its commit). */
  const change = async (status: BatchStatus, at: string, batch = p) => buildBatchStatusEvents(t.database.db, await owe(status, at, batch));
  const owedRows = () => t.database.db.selectFrom('epcis_batch_changes').selectAll().where('built_at', 'is', null).execute();
  const exportOf = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(epcisSchemaErrors(body)).toEqual([]);
    return body.epcisBody.eventList as EpcisObjectEvent[];
  };
  const holding = async (query = '') => (await exportOf(query)).filter((e) => e.bizStep === 'holding');
  const keysOf = (epcList: string[]) =>
    epcList
      .map((epc) => {
        const k = parseEpc(epc, '2026-11-26');
        return k.kind === 'sscc' ? k.sscc : k.kind === 'sgtin' ? `${k.gtin}|${k.serial}` : epc;
      })
      .sort();
  const warehouseOf = (e: EpcisObjectEvent) => DEMO_WAREHOUSES.find((w) => sglnUri(w.gln) === e.readPoint?.id)?.warehouseNo;

  it('a hold: one schema-valid ObjectEvent per warehouse of exactly its packs of the batch and their pallets and cartons, holding, non_sellable_other', async () => {
    await change('ON_HOLD', HOLD_AT);
    const events = await holding();
    expect(events.map(warehouseOf).sort()).toEqual(['W2010', 'W3010']);
    for (const e of events) {
      const w = warehouseOf(e)!;
      expect(e).toMatchObject({
        type: 'ObjectEvent',
        action: 'OBSERVE',
        eventTime: HOLD_AT,
        eventTimeZoneOffset: '+08:00',
        bizStep: 'holding',
        disposition: 'non_sellable_other',
        readPoint: { id: sglnUri(GLN[w]!) },
        bizLocation: { id: sglnUri(GLN[w]!) },
      });
      // No document made the change: no business transaction.
      expect(e.bizTransactionList).toBeUndefined();
      expect(keysOf(e.epcList)).toEqual([...expected[w]!].sort());
      // SSCCs first, then SGTINs (EPC URIs, as the movements' events).
      const firstPack = e.epcList.findIndex((x) => x.startsWith('urn:epc:id:sgtin:'));
      expect(e.epcList.slice(0, firstPack).every((x) => x.startsWith('urn:epc:id:sscc:'))).toBe(true);
      expect(e.epcList.slice(firstPack).every((x) => x.startsWith('urn:epc:id:sgtin:'))).toBe(true);
      // Any partner can recompute the eventID (CBV 2.0 section 8.9).
      const { eventID, ...rest } = e;
      expect(eventID).toBe(eventHashId(eventHashPreimage(rest)!, sha256));
    }
    // W2010: the pallet, its two cartons, the loose carton and 9 packs; W3010: the carton and its 2 packs.
    expect(expected.W2010).toHaveLength(13);
    expect(expected.W3010).toHaveLength(3);
  });

  it('recording the same change again records nothing new', async () => {
    await change('ON_HOLD', HOLD_AT);
    expect(await holding()).toHaveLength(2);
  });

  it('a release says the stock is sellable again (sellable_not_accessible), a hold again non_sellable_other, a recall recalled: in time order', async () => {
    await change('RELEASED', RELEASE_AT);
    await change('ON_HOLD', REHOLD_AT);
    await change('RECALLED', RECALL_AT);
    const events = await holding();
    expect(events.map((e) => [e.eventTime, e.disposition])).toEqual([
      [HOLD_AT, 'non_sellable_other'],
      [HOLD_AT, 'non_sellable_other'],
      [RELEASE_AT, 'sellable_not_accessible'],
      [RELEASE_AT, 'sellable_not_accessible'],
      [REHOLD_AT, 'non_sellable_other'],
      [REHOLD_AT, 'non_sellable_other'],
      [RECALL_AT, 'recalled'],
      [RECALL_AT, 'recalled'],
    ]);
    for (const e of events) expect(keysOf(e.epcList)).toEqual([...expected[warehouseOf(e)!]!].sort());
  });

  it('the filters hold: from inclusive, to exclusive; a query naming a document type or number leaves them out', async () => {
    const all = await exportOf();
    // Oldest first, movements and batch events together.
    const times = all.map((e) => e.eventTime);
    expect(times).toEqual([...times].sort());
    expect((await holding(`?from=${RELEASE_AT}`)).map((e) => e.disposition)).toEqual([
      'sellable_not_accessible',
      'sellable_not_accessible',
      'non_sellable_other',
      'non_sellable_other',
      'recalled',
      'recalled',
    ]);
    expect((await holding(`?to=${RELEASE_AT}`)).map((e) => e.eventTime)).toEqual([HOLD_AT, HOLD_AT]);
    expect((await holding(`?from=${HOLD_AT}&to=${RELEASE_AT}`)).map((e) => e.disposition)).toEqual([
      'non_sellable_other',
      'non_sellable_other',
    ]);
    const inSingapore = '2026-11-26T14:00:00.000+08:00';
    expect((await holding(`?from=${encodeURIComponent(inSingapore)}`)).map((e) => e.disposition)).toEqual(['recalled', 'recalled']);
    expect(await holding('?docType=IBD')).toEqual([]);
    expect(await holding('?docNo=1800000104')).toEqual([]);
    // The movements are still there, unchanged.
    expect((await exportOf('?docType=IBD')).length).toBeGreaterThan(0);
  });

  it('the OpenAPI document tells integrators what a batch event says', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const text: string = spec.paths[URL].get.description;
    for (const term of ['holding', 'non_sellable_other', 'recalled', 'sellable_not_accessible', 'docType']) expect(text).toContain(term);
  });

  it('a batch with no unit in any warehouse gives no event', async () => {
    await insertUnits([{ id: 'away-1', type: 'EA', serial: codes.serial(), batch: 'AWAY73', status: 'TRANSIT', reason: 'DISPATCHED' }], p);
    const before = (await exportOf()).length;
    await change('ON_HOLD', '2026-11-26T07:00:00.000Z', { ...p, batch: 'AWAY73' });
    await change('ON_HOLD', '2026-11-26T07:00:00.000Z', { ...p, batch: 'NOSUCH73' });
    expect((await exportOf()).length).toBe(before);
  });

  it('through PUT /api/batches/{m}/{b}/status: the hold, then the recall, each an event at the time the change was made', async () => {
    const put = { ...p, batch: 'PUT73' };
    const pallet = unit({ id: 'put-plt', type: 'PLT' }, false);
    const packs = [1, 2].map((i) => unit({ id: `put-${i}`, type: 'EA', parent: 'put-plt' }, false));
    await insertUnits([pallet, ...packs], put);
    const listed = [pallet.sscc!, ...packs.map((x) => `${p.gtin}|${x.serial}`)].sort();
    const url = `/api/batches/${put.materialNo}/${put.batch}/status?area=RDC`;
    for (const [status, disposition] of [
      ['ON_HOLD', 'non_sellable_other'],
      ['RECALLED', 'recalled'],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { status, reason: 'Supplier notice 73' } });
      expect(res.statusCode, res.body).toBe(200);
      const at = (
        await t.database.db
          .selectFrom('batch_statuses')
          .select('changed_at')
          .where('material_no', '=', put.materialNo)
          .where('batch_no', '=', put.batch)
          .executeTakeFirstOrThrow()
      ).changed_at;
      const events = (await holding(`?from=${at}`)).filter((e) => e.eventTime === at);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ disposition, readPoint: { id: sglnUri(GLN.W2010!) } });
      expect(keysOf(events[0]!.epcList)).toEqual(listed);
    }
  });

  it('a change whose events were never built (the server stopped after its commit) is in the export: it builds them before it answers', async () => {
    const crash = { ...p, batch: 'CRASH73' };
    const packs = [1, 2, 3].map((i) => unit({ id: `crash-${i}`, type: 'EA', ...(i === 3 ? { warehouse: 'W3010' } : {}) }, false));
    await insertUnits(packs, crash);
    const at = '2026-11-26T09:00:00.000Z';
    // The change's transaction commits the owed row; the build that follows it never runs.
    const owed = await owe('RECALLED', at, crash);
    expect((await owedRows()).map((r) => r.id)).toEqual([owed.id]);
    expect(await t.database.db.selectFrom('epcis_batch_events').select('id').where('batch_no', '=', crash.batch).execute()).toEqual([]);

    const events = await holding(`?from=${at}&to=2026-11-26T09:00:00.001Z`);
    expect(events.map((e) => [warehouseOf(e), e.disposition, keysOf(e.epcList)])).toEqual([
      ['W2010', 'recalled', [`${p.gtin}|${packs[0]!.serial}`, `${p.gtin}|${packs[1]!.serial}`].sort()],
      ['W3010', 'recalled', [`${p.gtin}|${packs[2]!.serial}`]],
    ]);
    // Built once: the change is marked built, and building it again (a build that ran late) writes nothing.
    expect(await owedRows()).toEqual([]);
    await buildBatchStatusEvents(t.database.db, owed);
    expect(await holding(`?from=${at}&to=2026-11-26T09:00:00.001Z`)).toEqual(events);
    // A query naming a document leaves batch events out, and builds nothing either.
    await owe('RELEASED', '2026-11-26T09:30:00.000Z', crash);
    await exportOf('?docType=OBD');
    expect(await owedRows()).toHaveLength(1);
    expect(await holding('?from=2026-11-26T09:30:00.000Z&to=2026-11-26T09:30:00.001Z')).toHaveLength(2);
    expect(await owedRows()).toEqual([]);
  });

  it('a server closing waits for the events it is still building: they are kept before the database closes', async () => {
    // With a web build, as in production: its plugin boots the routes registered before it, which once
    // moved their close hooks after the one that closes the database.
    const web = mkdtempSync(join(tmpdir(), 'pharma-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>web</title>');
    const { config, database, drop } = await openTestDatabase(kind, { WEB_DIST: web });
    try {
      await migrateToLatest(database.db);
      await seedDemoIfEmpty(database.db);
      const app = await buildApp({ config, database });
      const headers = (await signIn(app, DEMO_USERS.admin)).headers;
      const now = new Date().toISOString();
      const packs = Array.from({ length: 10_000 }, (_, i) => ({
        id: `close-${i}`,
        type: 'EA' as const,
        sscc: null,
        gtin: p.gtin,
        serial: codes.serial(),
        parent_id: null,
        material_no: p.materialNo,
        batch_no: 'CLOSE73',
        expiry: p.expiry,
        status: 'ACTIVE' as const,
        reason: 'WAREHOUSE RECEIVED' as const,
        warehouse_no: 'W2010',
        created_at: now,
        updated_at: now,
      }));
      for (let at = 0; at < packs.length; at += 500)
        await database.db
          .insertInto('handling_units')
          .values(packs.slice(at, at + 500))
          .execute();
      const url = `/api/batches/${p.materialNo}/CLOSE73/status?area=RDC`;
      const res = await app.inject({ method: 'PUT', url, headers, payload: { status: 'ON_HOLD', reason: 'Closing test 73' } });
      expect(res.json()).toMatchObject({ units: 10_000, warehouses: ['W2010'] });
      // The answer came once the units were counted; the events are still being built as the server closes.
      expect(await database.db.selectFrom('epcis_batch_changes').select('built_at').execute()).toEqual([{ built_at: null }]);
      await app.close();
      const reopened = openDatabase(config.database, config.audit.key);
      try {
        expect(await reopened.db.selectFrom('epcis_batch_changes').where('built_at', 'is', null).selectAll().execute()).toEqual([]);
        const kept = await reopened.db.selectFrom('epcis_batch_events').select('body_gzip').execute();
        expect(kept.map((e) => (JSON.parse(unzipped(e.body_gzip)) as EpcisObjectEvent).epcList.length)).toEqual([10_000]);
      } finally {
        await reopened.close();
      }
    } finally {
      await drop();
      rmSync(web, { recursive: true, force: true });
    }
  });

  it('a batch of 3,000 packs in 100 cartons on 10 pallets: built a slice at a time, the same event movementEvent makes of its units', async () => {
    const big = { ...p, batch: 'BIG73' };
    const units: Unit[] = [];
    for (let pl = 0; pl < 10; pl++) {
      const plt = `big-p${pl}`;
      units.push({ id: plt, type: 'PLT', sscc: codes.sscc() });
      for (let c = 0; c < 10; c++) {
        const ctn = `${plt}-c${c}`;
        units.push({ id: ctn, type: 'CTN', sscc: codes.sscc(), parent: plt });
        for (let k = 0; k < 30; k++) units.push({ id: `${ctn}-${k}`, type: 'EA', serial: codes.serial(), parent: ctn, batch: big.batch });
      }
    }
    await insertUnits(units, big);
    const at = '2026-11-26T08:00:00.000Z';
    const started = performance.now();
    await change('ON_HOLD', at, big);
    expect(performance.now() - started).toBeLessThan(2000);
    const [event, ...more] = await holding(`?from=${at}&to=2026-11-26T08:00:00.001Z`);
    expect(more).toEqual([]);
    expect(event!.epcList).toHaveLength(3110);
    // The domain's own event of the same units, made at once: the same EPCs in the same order, the same hash, the same JSON.
    const made = movementEvent(
      {
        cbv: BATCH_STATUS_CBV.ON_HOLD,
        at,
        timeZoneOffset: '+08:00',
        gln: GLN.W2010!,
        units: units.map((u) => ({ sscc: u.sscc ?? null, gtin: u.sscc ? null : p.gtin, serial: u.serial ?? null })),
      },
      sha256,
    );
    expect(made.ok && made.event).toEqual(event);
    const rows = await t.database.db.selectFrom('epcis_batch_events').selectAll().where('batch_no', '=', big.batch).execute();
    expect(rows.map((r: NewEpcisBatchEventRow) => [r.material_no, r.status, r.warehouse_no, unzipped(r.body_gzip)])).toEqual([
      [big.materialNo, 'ON_HOLD', 'W2010', JSON.stringify(made.ok && made.event)],
    ]);
  });
});

/** A kept event's JSON text: kept gzipped (migration 0028). */
function unzipped(body: Uint8Array): string {
  return gunzipSync(body).toString('utf8');
}

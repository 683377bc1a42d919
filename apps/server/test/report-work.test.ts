import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, DEFAULT_REGISTRY, FAMILIES, LITE_FAMILIES, type DocumentType } from '@pharma/domain';
import type { AppliedFilters } from '@pharma/domain/contract/reports';
import { REPORT_MAKERS } from '../src/api/reports/makers.ts';
import { reportFacts } from '../src/api/reports/report-facts.ts';
import { ReportWork } from '../src/api/reports/report-work.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemoIfEmpty } from '../src/seed/demo.ts';
import { openTestDatabase, type TestDatabase } from './harness.ts';
import { quarantineMove } from '../../../packages/domain/src/families/made-up-family.fixture.ts';

/**
 * On a SQLite file the reports are made in a worker thread on a connection of its own (decision 0077), so
 * a report never holds the server's thread or connection: shown by a pack the server's connection has
 * written and not committed, which a report made in the server's thread counts and the worker's does not.
 * The worker reads the registry the server runs (decision 0085), sent as data: its dashboard counts the
 * open documents of a family the default registry has not.
 */
describe('reports made in a worker on SQLite', () => {
  let t: TestDatabase;
  let work: ReportWork;
  const filters: AppliedFilters = {
    area: 'RDC',
    warehouseNos: ['W2010'],
    materialNo: null,
    batchNo: null,
    from: null,
    to: null,
    asOf: null,
  };
  const packs = (r: Awaited<ReturnType<typeof REPORT_MAKERS.stock>>) => r.totals.packs;
  /** The facts of a registry with a family of the tests' own (QMOVE): the server's that runs it. */
  const facts = reportFacts(createRegistry([...FAMILIES, quarantineMove], LITE_FAMILIES));

  beforeAll(async () => {
    t = await openTestDatabase('sqlite');
    await migrateToLatest(t.database.db);
    await seedDemoIfEmpty(t.database.db);
    work = new ReportWork(t.database.db, t.config.database, t.config.audit.key, facts);
  });
  afterAll(async () => {
    await work?.close();
    await t?.database.close();
    await t?.drop();
  });

  it('makes the first reports in the server thread while the worker starts, then in the worker, the same figures', async () => {
    const inThread = await REPORT_MAKERS.stock(t.database.db, filters, facts);
    expect(await work.make('stock', filters)).toEqual(inThread);
    const started = Date.now();
    while (!work.inWorker) {
      if (Date.now() - started > 30_000) throw new Error('the report worker did not start in 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await work.make('stock', filters)).toEqual(inThread);
  });

  it("reads on its own connection: a pack the server's connection has not committed is not in the worker's report", async () => {
    const before = packs(await work.make('stock', filters));
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        const material = await trx.selectFrom('materials').select('material_no').orderBy('material_no').executeTakeFirstOrThrow();
        const at = new Date().toISOString();
        await trx
          .insertInto('handling_units')
          .values({
            id: 'report-work-pack',
            type: 'EA',
            sscc: null,
            gtin: null,
            serial: 'RW1',
            parent_id: null,
            material_no: material.material_no,
            batch_no: null,
            expiry: null,
            status: 'ACTIVE',
            reason: 'WAREHOUSE RECEIVED',
            warehouse_no: 'W2010',
            created_at: at,
            updated_at: at,
          })
          .execute();
        // The server's connection sees its own write; the worker reads beside it, as of the last commit.
        expect(packs(await REPORT_MAKERS.stock(trx, filters, facts))).toBe(before + 1);
        expect(packs(await work.make('stock', filters))).toBe(before);
        throw new Error('rolled back');
      })
      .catch((error: Error) => expect(error.message).toBe('rolled back'));
    expect(packs(await work.make('stock', filters))).toBe(before);
  });

  it('is sent the registry’s facts: an open document of a family only the given registry has is counted in the worker', async () => {
    const openDocuments = async () => (await work.make('dashboard', filters)).openDocuments;
    const before = await openDocuments();
    const at = new Date().toISOString();
    await t.database.db
      .insertInto('documents')
      .values({
        id: 'report-work-qmove',
        // A given registry's type: the schema's type names the default registry's (decision 0085).
        type: quarantineMove.type as string as DocumentType,
        number: 'QM9001',
        warehouse_no: 'W2010',
        status: 'Open',
        doc_date: at.slice(0, 10),
        created_at: at,
        updated_at: at,
        completed_at: null,
        destination_warehouse_no: null,
        source_document_id: null,
      })
      .execute();
    expect(work.inWorker).toBe(true);
    expect(await openDocuments()).toBe(before + 1);
    // The same figure in the server's thread; with the default registry's facts the document is no family's.
    const inThread = await REPORT_MAKERS.dashboard(t.database.db, filters, facts);
    expect(inThread.openDocuments).toBe(before + 1);
    expect((await REPORT_MAKERS.dashboard(t.database.db, filters, reportFacts(DEFAULT_REGISTRY))).openDocuments).toBe(before);
  });
});

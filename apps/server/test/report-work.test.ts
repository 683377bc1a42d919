import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppliedFilters } from '@pharma/domain/contract/reports';
import { REPORT_MAKERS } from '../src/api/reports/makers.ts';
import { ReportWork } from '../src/api/reports/report-work.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemoIfEmpty } from '../src/seed/demo.ts';
import { openTestDatabase, type TestDatabase } from './harness.ts';

/**
 * On a SQLite file the reports are made in a worker thread on a connection of its own (decision 0077), so
 * a report never holds the server's thread or connection: shown by a pack the server's connection has
 * written and not committed, which a report made in the server's thread counts and the worker's does not.
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

  beforeAll(async () => {
    t = await openTestDatabase('sqlite');
    await migrateToLatest(t.database.db);
    await seedDemoIfEmpty(t.database.db);
    work = new ReportWork(t.database.db, t.config.database, t.config.audit.key);
  });
  afterAll(async () => {
    await work?.close();
    await t?.database.close();
    await t?.drop();
  });

  it('makes the first reports in the server thread while the worker starts, then in the worker, the same figures', async () => {
    const inThread = await REPORT_MAKERS.stock(t.database.db, filters);
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
        expect(packs(await REPORT_MAKERS.stock(trx, filters))).toBe(before + 1);
        expect(packs(await work.make('stock', filters))).toBe(before);
        throw new Error('rolled back');
      })
      .catch((error: Error) => expect(error.message).toBe('rolled back'));
    expect(packs(await work.make('stock', filters))).toBe(before);
  });
});

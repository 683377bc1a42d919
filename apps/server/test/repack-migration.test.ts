import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { DEMO_USERS, seedDemoIfEmpty } from '../src/seed/demo.ts';
import { ssccScan } from '../src/seed/epcis-builder.ts';
import { openDatabaseAt, DATABASES, signIn } from './harness.ts';

// Two pallets made by createPallet before migration 0015 (valid SSCCs of GS1's example prefix 0614141).
const PENDING = '506141410000000017';
const DONE = '506141410000000024';

/**
 * Migration 0015 (decision 0048) on a database the previous version made: its `repacks` rows (one per
 * pallet made by createPallet, keyed by unit) become numbered repacks that keep working.
 */
describe.each(DATABASES)('repack documents migration on %s', (kind) => {
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  let app: ZodApp;

  beforeAll(async () => {
    // The previous version's schema, with what its createPallet and completeRepack wrote.
    const old = await openDatabaseAt(kind, '2026-11-23-0014-login-limits', 'ha_mig');
    ({ database, drop } = old);
    const { config } = old;
    const db = old.rows;
    await db
      .insertInto('warehouses')
      .values({
        warehouse_no: 'W9010',
        name: 'Old regional',
        area: 'RDC',
        plant: '9010',
        sales_org: '9000',
        created_at: '2026-11-23T00:00:00.000Z',
      })
      .execute();
    for (const [id, sscc, at] of [
      ['old-1', DONE, '2026-11-23T08:00:00.000Z'],
      ['old-2', PENDING, '2026-11-23T09:00:00.000Z'],
    ] as const) {
      await db
        .insertInto('handling_units')
        .values({
          id,
          type: 'PLT',
          sscc,
          status: 'ACTIVE',
          reason: 'WAREHOUSE RECEIVED',
          warehouse_no: 'W9010',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db
        .insertInto('repacks')
        .values({
          unit_id: id,
          warehouse_no: 'W9010',
          state: sscc === DONE ? 'REPACK_COMPLETE' : 'REPACK_PENDING',
          created_by: 'someone',
          created_at: at,
          completed_at: sscc === DONE ? '2026-11-23T08:30:00.000Z' : null,
        })
        .execute();
    }
    await migrateToLatest(database.db);
    await seedDemoIfEmpty(database.db);
    app = await buildApp({ config, database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('numbers the old repacks in the order they were made, keeps their states, and drops the old table', async () => {
    const rows = await database.db
      .selectFrom('repack_documents')
      .selectAll()
      .where('warehouse_no', '=', 'W9010')
      .orderBy('repack_no')
      .execute();
    expect(rows).toMatchObject([
      {
        repack_no: 'RP00000001',
        destination_id: 'old-1',
        state: 'REPACK_COMPLETE',
        completed_at: '2026-11-23T08:30:00.000Z',
        reference_no: null,
      },
      { repack_no: 'RP00000002', destination_id: 'old-2', state: 'REPACK_PENDING', completed_at: null },
    ]);
    const left = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM repack_documents`.execute(database.db);
    // The two old ones and the seed's pending regional repack, numbered after them.
    expect(Number(left.rows[0]!.n)).toBe(3);
    await expect(sql`SELECT 1 FROM repacks`.execute(database.db)).rejects.toThrow();
  });

  it('the old pending repack goes on as any: answered by repackScan, moves, completed once', async () => {
    const { headers } = await signIn(app, DEMO_USERS.rdc);
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers, payload });
    const open = await post('/api/repackScan', { code: ssccScan(PENDING) });
    expect(open.json()).toMatchObject({ repackNo: 'RP00000002', state: 'REPACK_PENDING', destination: { sscc: PENDING } });
    const done = await post('/api/completeRepack', { sscc: PENDING });
    expect(done.json()).toEqual({ sscc: PENDING, state: 'REPACK_COMPLETE', message: 'Repacking completed successfully!' });
    expect((await post('/api/completeRepack', { sscc: PENDING })).statusCode).toBe(409);
    // The old completed one is repacked again under a new number, after the seed's.
    const again = await post('/api/repackScan', { code: ssccScan(DONE) });
    expect(again.json()).toMatchObject({ repackNo: 'RP00000004', state: 'REPACK_PENDING' });
  });
});

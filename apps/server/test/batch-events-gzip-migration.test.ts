import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { DATABASES, openDatabaseAt } from './harness.ts';

/**
 * Migration 0028 (decision 0076) on a database migration 0027 made: the batch status events kept as
 * JSON text become gzipped, byte for byte the same text, and the export's indexes are there again.
 */
describe.each(DATABASES)('gzipped batch events migration on %s', (kind) => {
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  // More rows than the migration reads at once (100), with text beyond ASCII in one of them.
  const bodies = Array.from({ length: 150 }, (_, i) =>
    JSON.stringify({
      type: 'ObjectEvent',
      eventID: `ni:///sha-256;${String(i).padStart(4, '0')}?ver=CBV2.0`,
      note: i === 7 ? 'Größe' : '',
    }),
  );

  beforeAll(async () => {
    const old = await openDatabaseAt(kind, '2026-11-26-0027-epcis-batch-events', 'gz_mig');
    ({ database, drop } = old);
    await old.rows
      .insertInto('warehouses')
      .values({
        warehouse_no: 'W9010',
        name: 'Old regional',
        area: 'RDC',
        plant: '9010',
        sales_org: '9000',
        created_at: '2026-11-26T00:00:00.000Z',
      })
      .execute();
    for (const [i, body] of bodies.entries())
      await old.rows
        .insertInto('epcis_batch_events')
        .values({
          id: `event-${String(i).padStart(4, '0')}`,
          material_no: 'M1',
          batch_no: 'B1',
          status: 'ON_HOLD',
          warehouse_no: 'W9010',
          event_time: `2026-11-26T10:00:00.${String(i).padStart(3, '0')}Z`,
          body_json: body,
          created_at: '2026-11-26T10:00:01.000Z',
        })
        .execute();
    await migrateToLatest(database.db);
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('keeps every event, its JSON gzipped to the same text', async () => {
    const rows = await database.db.selectFrom('epcis_batch_events').selectAll().orderBy('id').execute();
    expect(rows.map((r) => gunzipSync(r.body_gzip).toString('utf8'))).toEqual(bodies);
    expect(rows.map((r) => [r.material_no, r.batch_no, r.status, r.warehouse_no])).toEqual(
      bodies.map(() => ['M1', 'B1', 'ON_HOLD', 'W9010']),
    );
    expect(rows[149]!.event_time).toBe('2026-11-26T10:00:00.149Z');
  });

  it('has the table under its name again, with its indexes by time and by batch', async () => {
    const indexes =
      kind === 'postgres'
        ? (
            await database.db
              .selectFrom('pg_indexes' as never)
              .select('indexname' as never)
              .where('tablename' as never, '=', 'epcis_batch_events' as never)
              .execute()
          ).map((r) => (r as { indexname: string }).indexname)
        : (
            await database.db
              .selectFrom('sqlite_master' as never)
              .select('name' as never)
              .where('tbl_name' as never, '=', 'epcis_batch_events' as never)
              .where('type' as never, '=', 'index' as never)
              .execute()
          ).map((r) => (r as { name: string }).name);
    expect(indexes).toEqual(expect.arrayContaining(['epcis_batch_events_time', 'epcis_batch_events_batch']));
  });
});

import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time. A batch status event's JSON kept gzipped (decision 0076): an event names every SGTIN and
// SSCC of the batch in a warehouse, 2.4 MB of JSON for 50,000 packs, and writing that much held SQLite's
// one writer (and every scan) for 10 to 35 ms per change; gzipped it is about a seventh of that.
// epcis_batch_events is made again with `body_gzip` (bytea on PostgreSQL, blob on SQLite: the gzip of the
// event's JSON text, UTF-8) in place of `body_json`; the rows kept so far are gzipped into it.

const gzipped = promisify(gzip);
const ROWS_PER_READ = 100;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('epcis_batch_events_gzip')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('material_no', 'text', (c) => c.notNull())
    .addColumn('batch_no', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('warehouse_no', 'text', (c) => c.notNull().references('warehouses.warehouse_no'))
    .addColumn('event_time', 'text', (c) => c.notNull())
    .addColumn('body_gzip', binary, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  for (let after = ''; ;) {
    const rows = (await db
      .selectFrom('epcis_batch_events')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(ROWS_PER_READ)
      .execute()) as { id: string; body_json: string }[];
    for (const { body_json, ...row } of rows) {
      await db
        .insertInto('epcis_batch_events_gzip')
        .values({ ...row, body_gzip: await gzipped(Buffer.from(body_json, 'utf8')) })
        .execute();
    }
    if (rows.length < ROWS_PER_READ) break;
    after = rows[rows.length - 1]!.id;
  }
  await db.schema.dropTable('epcis_batch_events').execute();
  await db.schema.alterTable('epcis_batch_events_gzip').renameTo('epcis_batch_events').execute();
  await db.schema.createIndex('epcis_batch_events_time').on('epcis_batch_events').column('event_time').execute();
  await db.schema
    .createIndex('epcis_batch_events_batch')
    .on('epcis_batch_events')
    .columns(['material_no', 'batch_no', 'event_time'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The gzipped batch events migration is not reversible.');
}

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASES, startTestApp } from './harness.ts';

/**
 * The ledger asks, for each pack completed in its period, whether an item status edit changed it before
 * (ledger.repository.ts): a probe of the edits alone, through the partial index audit_log_unit_edits
 * (migrations 0032 and 0034), never of every row of the pack in the trail (audit_log_entity). On
 * PostgreSQL 0032's index, led by the entity and action its predicate fixes, lost to audit_log_entity;
 * 0034's, led by the unit, is the one read. Table reads are set aside so that the choice is between the
 * indexes, as on a warehouse's trail of half a million rows.
 */
describe.each(DATABASES)('the ledger’s edit probe on %s', (kind) => {
  it('reads the item status edits’ own index, not every trail row of the pack', async () => {
    const t = await startTestApp(kind);
    try {
      if (kind === 'postgres') {
        // A trail of 60,000 unit rows, 12 a unit, of which one row in 50 is an item status edit, analysed:
        // the planner then prices each index by its size, as on a warehouse's trail.
        await sql`INSERT INTO audit_log (id, at, entity, entity_id, action)
          SELECT 'row-' || n, '2026-11-' || lpad(((n % 25) + 1)::text, 2, '0') || 'T08:00:00.000Z', 'unit', 'unit-' || (n / 12),
            CASE WHEN n % 50 = 0 THEN 'status' ELSE 'complete OBD 8000' || (n % 97) END
          FROM generate_series(1, 60000) n`.execute(t.database.db);
        await sql`ANALYZE audit_log`.execute(t.database.db);
      }
      const probe = sql`SELECT 1 FROM audit_log e
        WHERE e.entity = 'unit' AND e.action = 'status' AND e.entity_id = 'unit-1' AND e.at <= '2026-11-26T00:00:00.000Z'`;
      const plan =
        kind === 'postgres'
          ? await t.database.db.transaction().execute(async (trx) => {
              await sql`SET LOCAL enable_seqscan = off`.execute(trx);
              return (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${probe}`.execute(trx)).rows.map((r) => r['QUERY PLAN']);
            })
          : (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${probe}`.execute(t.database.db)).rows.map((r) => r.detail);
      expect(plan.join('\n')).toMatch(/audit_log_unit_edits/);
    } finally {
      await t.close();
    }
  });
});

import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Scans of one user, hour and document type (counts: strings on PostgreSQL). */
export interface ProductivityGroupRow {
  user_id: string;
  /** The user's e-mail; null only for a user no longer on record. */
  email: string | null;
  /** The scan's time cut to the hour: `YYYY-MM-DDTHH`. */
  hour: string;
  doc_type: string;
  accepted: number | string;
  refused: number | string;
}

export interface ProductivityScope {
  warehouseNos: readonly string[];
  /** ISO instants: since (>=) and before (<). */
  since: string;
  before: string;
}

/**
 * Accepted and refused scans per user, hour (UTC) and document type in one aggregate statement, unordered
 * (the caller orders in TypeScript: SQLite and PostgreSQL order text differently). Accepted: the rows of
 * `scans` and `counted_scans` of kind 'scan' on documents of the warehouses (a 'reverse' takes a unit off
 * and is no scan); refused: `scan_refusals` of the warehouses (one with no document has no warehouse and is
 * in no area's report). Each branch is counted before the union so the union carries groups, not scans.
 * Each source is read by time, the period's range alone: scans through scans_at (at, kind, user_id,
 * document_id) and counted_scans through counted_scans_at (migration 0032), then each scan's document by
 * its key for its warehouse and type (`CROSS JOIN` holds SQLite to that order); refusals through
 * scan_refusals_at (at, warehouse_no).
 */
export async function scansByUserHourType(db: Db, scope: ProductivityScope): Promise<ProductivityGroupRow[]> {
  if (scope.warehouseNos.length === 0) return [];
  const warehouses = sql.join(scope.warehouseNos);
  const accepted = (table: 'scans' | 'counted_scans') => sql`
    SELECT s.user_id, substr(s.at, 1, 13) AS hour, d.type AS doc_type, count(*) AS accepted, 0 AS refused
    FROM ${sql.table(table)} s CROSS JOIN documents d
    WHERE s.at >= ${scope.since} AND s.at < ${scope.before} AND s.kind = 'scan'
      AND d.id = s.document_id AND d.warehouse_no IN (${warehouses})
    GROUP BY s.user_id, substr(s.at, 1, 13), d.type`;
  const { rows } = await sql<ProductivityGroupRow>`
    SELECT t.user_id, u.email, t.hour, t.doc_type, SUM(t.accepted) AS accepted, SUM(t.refused) AS refused
    FROM (
      ${accepted('scans')}
      UNION ALL
      ${accepted('counted_scans')}
      UNION ALL
      SELECT r.user_id, substr(r.at, 1, 13) AS hour, r.doc_type, 0 AS accepted, count(*) AS refused
      FROM scan_refusals r
      WHERE r.at >= ${scope.since} AND r.at < ${scope.before} AND r.warehouse_no IN (${warehouses})
      GROUP BY r.user_id, substr(r.at, 1, 13), r.doc_type
    ) t
    LEFT JOIN users u ON u.id = t.user_id
    GROUP BY t.user_id, u.email, t.hour, t.doc_type`.execute(db);
  return rows;
}

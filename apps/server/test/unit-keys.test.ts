import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASES, startTestApp, type TestApp } from './harness.ts';

/**
 * The keys migration 0017 reshaped on PostgreSQL (decision 0053) still hold what they held: a GTIN and
 * serial names one pack, an SSCC one pallet or carton, packs need no SSCC, and a lookup by serial
 * alone (the search of decision 0019) reads an index. On PostgreSQL a scan item's document is its scan's,
 * and the scan items' keys, checked once a statement since migration 0018 (decision 0054), refuse what
 * the foreign keys refused.
 */
describe.each(DATABASES)('unit keys on %s', (kind) => {
  const unit = (t: TestApp, id: string, fields: { sscc?: string; gtin?: string; serial?: string; type?: string }) =>
    sql`INSERT INTO handling_units (id, type, sscc, gtin, serial, status, created_at, updated_at)
      VALUES (${id}, ${fields.type ?? 'EA'}, ${fields.sscc ?? null}, ${fields.gtin ?? null}, ${fields.serial ?? null},
        'TRANSIT', '2026-11-24T00:00:00.000Z', '2026-11-24T00:00:00.000Z')`.execute(t.database.db);

  it('refuse a second pack with the same GTIN and serial and a second unit with the same SSCC; packs without an SSCC are many', async () => {
    const t = await startTestApp(kind);
    try {
      await unit(t, 'k1', { gtin: '09506000134352', serial: 'KEY1' });
      await unit(t, 'k2', { gtin: '09506000134352', serial: 'KEY2' });
      await unit(t, 'k3', { gtin: '09506000134369', serial: 'KEY1' });
      await expect(unit(t, 'k4', { gtin: '09506000134352', serial: 'KEY1' })).rejects.toThrow(/unique/i);
      await unit(t, 'c1', { type: 'CTN', sscc: '095060001343520017' });
      await expect(unit(t, 'c2', { type: 'PLT', sscc: '095060001343520017' })).rejects.toThrow(/unique/i);
      const packs = await sql<{ n: number | string }>`SELECT count(*) AS n FROM handling_units WHERE id IN ('k1', 'k2', 'k3')`.execute(
        t.database.db,
      );
      expect(Number(packs.rows[0]!.n)).toBe(3);
      const bySerial = await sql<{ id: string }>`SELECT id FROM handling_units WHERE serial = 'KEY1' ORDER BY id`.execute(t.database.db);
      expect(bySerial.rows.map((r) => r.id)).toEqual(['k1', 'k3']);
    } finally {
      await t.close();
    }
  });

  it('find units by serial alone through an index, not by reading the table', async () => {
    const t = await startTestApp(kind);
    try {
      const plan =
        kind === 'postgres'
          ? (
              await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM handling_units WHERE serial = 'KEY1'`.execute(t.database.db)
            ).rows.map((r) => r['QUERY PLAN'])
          : (
              await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM handling_units WHERE serial = 'KEY1'`.execute(t.database.db)
            ).rows.map((r) => r.detail);
      // PostgreSQL may choose a bitmap scan of the index on a small table; either way the index is read.
      expect(plan.join('\n')).toMatch(kind === 'postgres' ? /handling_units_serial_gtin/ : /USING INDEX handling_units_serial/);
    } finally {
      await t.close();
    }
  });

  it.runIf(kind === 'postgres')('refuse a scan item whose document is not its scan’s', async () => {
    const t = await startTestApp(kind);
    try {
      const db = t.database.db;
      const [scan] = (await sql<{ id: string; document_id: string }>`SELECT id, document_id FROM scans LIMIT 1`.execute(db)).rows;
      const [other] = (await sql<{ id: string }>`SELECT id FROM documents WHERE id <> ${scan!.document_id} LIMIT 1`.execute(db)).rows;
      await unit(t, 'k9', { gtin: '09506000134352', serial: 'KEY9' });
      const item = (documentId: string) =>
        sql`INSERT INTO scan_items (document_id, unit_id, scan_id, root_id, counted) VALUES (${documentId}, 'k9', ${scan!.id}, 'k9', 1)`.execute(
          db,
        );
      await expect(item(other!.id)).rejects.toThrow(/scan_items_scan_document_fkey/);
      await item(scan!.document_id);
    } finally {
      await t.close();
    }
  });

  it.runIf(kind === 'postgres')('refuse, for the whole statement, scan items naming a unit or a scan that does not exist', async () => {
    const t = await startTestApp(kind);
    try {
      const db = t.database.db;
      const [scan] = (await sql<{ id: string; document_id: string }>`SELECT id, document_id FROM scans LIMIT 1`.execute(db)).rows;
      await unit(t, 'k5', { gtin: '09506000134352', serial: 'KEY5' });
      await unit(t, 'k6', { gtin: '09506000134352', serial: 'KEY6' });
      const items = (rows: [unitId: string, scanId: string][]) =>
        sql`INSERT INTO scan_items (document_id, unit_id, scan_id, root_id, counted)
          VALUES ${sql.join(rows.map(([unitId, scanId]) => sql`(${scan!.document_id}, ${unitId}, ${scanId}, ${unitId}, 1)`))}`.execute(db);
      await expect(
        items([
          ['k5', scan!.id],
          ['no such unit', scan!.id],
        ]),
      ).rejects.toThrow(/scan_items_unit_id_fkey/);
      await expect(
        items([
          ['k5', scan!.id],
          ['k6', 'no such scan'],
        ]),
      ).rejects.toThrow(/scan_items_scan_document_fkey/);
      // Neither statement left a row.
      const left = await sql<{ n: string }>`SELECT count(*) AS n FROM scan_items WHERE unit_id IN ('k5', 'k6')`.execute(db);
      expect(Number(left.rows[0]!.n)).toBe(0);
      await items([
        ['k5', scan!.id],
        ['k6', scan!.id],
      ]);
      const moved = sql`UPDATE scan_items SET unit_id = 'no such unit' WHERE unit_id = 'k6'`.execute(db);
      await expect(moved).rejects.toThrow(/scan_items_unit_id_fkey/);
    } finally {
      await t.close();
    }
  });

  it.runIf(kind === 'postgres')('refuse to delete a scan its items name, or to change its id, and refuse to delete any unit', async () => {
    const t = await startTestApp(kind);
    try {
      const db = t.database.db;
      const [item] = (await sql<{ scan_id: string; unit_id: string }>`SELECT scan_id, unit_id FROM scan_items LIMIT 1`.execute(db)).rows;
      await expect(sql`DELETE FROM scans WHERE id = ${item!.scan_id}`.execute(db)).rejects.toThrow(/scan_items_scan_document_fkey/);
      await expect(sql`UPDATE scans SET id = 'renamed' WHERE id = ${item!.scan_id}`.execute(db)).rejects.toThrow(
        /scan_items_scan_document_fkey/,
      );
      await expect(sql`DELETE FROM handling_units WHERE id = ${item!.unit_id}`.execute(db)).rejects.toThrow(/never deleted/);
      await unit(t, 'k7', { gtin: '09506000134352', serial: 'KEY7' });
      await expect(sql`DELETE FROM handling_units WHERE id = 'k7'`.execute(db)).rejects.toThrow(/never deleted/);
      await expect(sql`UPDATE handling_units SET id = 'k8' WHERE id = 'k7'`.execute(db)).rejects.toThrow(/never deleted/);
      // A scan no item names may go (the lite families' reset deletes its items first).
      const [lone] = (
        await sql<{
          id: string;
        }>`SELECT id FROM scans s WHERE NOT EXISTS (SELECT 1 FROM scan_items i WHERE i.scan_id = s.id) LIMIT 1`.execute(db)
      ).rows;
      if (lone) await sql`DELETE FROM scans WHERE id = ${lone.id}`.execute(db);
    } finally {
      await t.close();
    }
  });
});

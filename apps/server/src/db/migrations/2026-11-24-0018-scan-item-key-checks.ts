import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time. PostgreSQL checks a foreign key of each inserted row by a query of its own; a
// pallet scan adds 4,849 scan items, two keys each, about 30 ms of lookups (decision 0054). The same
// two keys, checked once a statement over all its rows:
// - scan_items (unit_id) → handling_units (id): every unit named exists. A unit is never deleted and
//   its id never changes (refused here), so a unit found once stays: no lock is needed to keep it.
// - scan_items (scan_id, document_id) → scans (id, document_id): the scans named are locked as a
//   foreign key's check locks them (FOR KEY SHARE), then counted; a scan still named by an item is
//   not deleted, nor its id or document changed.
// The errors name the constraints they replace, as PostgreSQL's own would. SQLite keeps its foreign
// keys: a check there is a lookup in the same process, not a query.

const MISSING_UNIT = `RAISE EXCEPTION 'insert or update on table "scan_items" violates foreign key constraint "scan_items_unit_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', TABLE = 'scan_items', CONSTRAINT = 'scan_items_unit_id_fkey',
        DETAIL = format('Key (unit_id)=(%s) is not present in table "handling_units".', missing)`;
const MISSING_SCAN = `RAISE EXCEPTION 'insert or update on table "scan_items" violates foreign key constraint "scan_items_scan_document_fkey"'
      USING ERRCODE = 'foreign_key_violation', TABLE = 'scan_items', CONSTRAINT = 'scan_items_scan_document_fkey',
        DETAIL = 'Key (scan_id, document_id) is not present in table "scans".'`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `CREATE FUNCTION scan_items_keys() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        missing text;
        named bigint;
        locked bigint;
      BEGIN
        SELECT n.unit_id INTO missing FROM new_items n
          WHERE NOT EXISTS (SELECT 1 FROM handling_units h WHERE h.id = n.unit_id) LIMIT 1;
        IF FOUND THEN
          ${MISSING_UNIT};
        END IF;
        SELECT count(*) INTO named FROM (SELECT DISTINCT scan_id, document_id FROM new_items) n;
        SELECT count(*) INTO locked FROM (
          SELECT 1 FROM scans s JOIN (SELECT DISTINCT scan_id, document_id FROM new_items) n
            ON s.id = n.scan_id AND s.document_id = n.document_id
          FOR KEY SHARE OF s) k;
        IF locked <> named THEN
          ${MISSING_SCAN};
        END IF;
        RETURN NULL;
      END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER scan_items_keys_insert AFTER INSERT ON scan_items
    REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION scan_items_keys()`.execute(db);
  await sql`CREATE TRIGGER scan_items_keys_update AFTER UPDATE ON scan_items
    REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION scan_items_keys()`.execute(db);

  await sql
    .raw(
      `CREATE FUNCTION scans_still_named() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Each branch names only the transition tables its event has (a DELETE has no new rows).
        IF TG_OP = 'DELETE' THEN
          PERFORM 1 FROM old_scans o JOIN scan_items i ON i.scan_id = o.id AND i.document_id = o.document_id LIMIT 1;
        ELSE
          PERFORM 1 FROM old_scans o JOIN scan_items i ON i.scan_id = o.id AND i.document_id = o.document_id
            WHERE NOT EXISTS (SELECT 1 FROM new_scans n WHERE n.id = o.id AND n.document_id = o.document_id) LIMIT 1;
        END IF;
        IF FOUND THEN
          RAISE EXCEPTION 'update or delete on table "scans" violates foreign key constraint "scan_items_scan_document_fkey" on table "scan_items"'
            USING ERRCODE = 'foreign_key_violation', TABLE = 'scans', CONSTRAINT = 'scan_items_scan_document_fkey';
        END IF;
        RETURN NULL;
      END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER scans_still_named_delete AFTER DELETE ON scans
    REFERENCING OLD TABLE AS old_scans FOR EACH STATEMENT EXECUTE FUNCTION scans_still_named()`.execute(db);
  await sql`CREATE TRIGGER scans_still_named_update AFTER UPDATE ON scans
    REFERENCING OLD TABLE AS old_scans NEW TABLE AS new_scans FOR EACH STATEMENT EXECUTE FUNCTION scans_still_named()`.execute(db);

  await sql
    .raw(
      `CREATE FUNCTION handling_units_kept() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'a handling unit is never deleted and its id never changes'
          USING ERRCODE = 'restrict_violation', TABLE = 'handling_units';
      END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER handling_units_kept_delete BEFORE DELETE ON handling_units
    FOR EACH ROW EXECUTE FUNCTION handling_units_kept()`.execute(db);
  await sql`CREATE TRIGGER handling_units_kept_id BEFORE UPDATE OF id ON handling_units
    FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION handling_units_kept()`.execute(db);

  await sql`ALTER TABLE scan_items DROP CONSTRAINT scan_items_unit_id_fkey`.execute(db);
  await sql`ALTER TABLE scan_items DROP CONSTRAINT scan_items_scan_document_fkey`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The key checks migration is not reversible.');
}

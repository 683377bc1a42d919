import { sql, type Kysely } from 'kysely';

// Frozen in time. Every tool needs its permission (issue 26, decision 0057): printing became the
// action 'Print' of GLOBAL, and new SSCCs and repacking the module REPACK (CreateItem, Scan, Complete).
// A role made before this change held them by being in the area; so that an upgrade takes nothing away
// from a role that does work there, and gives nothing to one that only reads:
// - a role that holds any action other than Filter in an area (a module other than GLOBAL completely
//   permitted, or a feature granted with such an action) gets REPACK completely permitted there, and
//   'Print' added to a partial GLOBAL grant's Search feature;
// - a role that only reads (a viewer: features without actions, or Filter alone) gets nothing.
// Print is an action of GLOBAL's one feature, Search: a working role without any GLOBAL grant would
// have to be given the search page to print, which it never had; an administrator grants that.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  const working = sql`
    SELECT role_id, application FROM role_modules WHERE is_completely_permitted = 1 AND module <> 'GLOBAL'
    UNION
    SELECT role_id, application FROM role_features WHERE actions <> '' AND actions <> 'Filter'`;
  await sql`
    INSERT INTO role_modules (role_id, application, module, is_completely_permitted)
    SELECT w.role_id, w.application, 'REPACK', 1 FROM (${working}) w
    WHERE NOT EXISTS (
      SELECT 1 FROM role_modules m WHERE m.role_id = w.role_id AND m.application = w.application AND m.module = 'REPACK'
    )`.execute(db);
  await sql`
    UPDATE role_features SET actions = CASE WHEN actions = '' THEN 'Print' ELSE actions || ',Print' END
    WHERE module = 'GLOBAL' AND feature = 'Search'
      AND ',' || actions || ',' NOT LIKE '%,Print,%'
      AND EXISTS (SELECT 1 FROM (${working}) w WHERE w.role_id = role_features.role_id AND w.application = role_features.application)
      AND EXISTS (
        SELECT 1 FROM role_modules m
        WHERE m.role_id = role_features.role_id AND m.application = role_features.application AND m.module = 'GLOBAL'
          AND m.is_completely_permitted = 0
      )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(_db: Kysely<any>): Promise<void> {
  // The grants stay: taking them away again could lock a role out of work it did since.
}

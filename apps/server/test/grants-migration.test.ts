import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, TOOL_NEEDS, type Application, type Authorization } from '@pharma/domain';
import { loadAuthorization } from '../src/api/auth/auth.repository.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openDatabaseAt, DATABASES } from './harness.ts';

/**
 * Migration 0022 (decision 0057) on roles an earlier version made: a role that does work in an area keeps
 * printing, making SSCCs and repacking there (now the action Print of GLOBAL and the module REPACK); a
 * role that only reads gets none of them.
 */
describe.each(DATABASES)('repack and print grants migration on %s', (kind) => {
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  const can = (auth: Authorization, area: Application, need: keyof typeof TOOL_NEEDS) =>
    authorize({ application: area, ...TOOL_NEEDS[need] }, auth).ok;

  beforeAll(async () => {
    const old = await openDatabaseAt(kind, '2026-11-26-0021-audit-mac', 'ha_grants');
    ({ database, drop } = old);
    const db = old.rows;
    const roles = {
      // Receiving completely permitted in RDC: works there.
      receiver: {
        modules: [{ application: 'RDC', module: 'RECEIVE', complete: 1 }],
        features: [],
      },
      // Scanning on LDC dispatch by feature grant, with a partial GLOBAL (Search by Filter).
      picker: {
        modules: [
          { application: 'LDC', module: 'DISPATCH', complete: 0 },
          { application: 'LDC', module: 'GLOBAL', complete: 0 },
        ],
        features: [
          { application: 'LDC', module: 'DISPATCH', feature: 'DetailsPage', actions: 'Filter,Scan' },
          { application: 'LDC', module: 'GLOBAL', feature: 'Search', actions: 'Filter' },
        ],
      },
      // Pages without actions, and Search by Filter: reads only.
      reader: {
        modules: [
          { application: 'LDC', module: 'RECEIVE', complete: 0 },
          { application: 'LDC', module: 'GLOBAL', complete: 0 },
        ],
        features: [
          { application: 'LDC', module: 'RECEIVE', feature: 'List', actions: '' },
          { application: 'LDC', module: 'GLOBAL', feature: 'Search', actions: 'Filter' },
        ],
      },
    };
    for (const [name, role] of Object.entries(roles)) {
      await db
        .insertInto('roles')
        .values({ id: `role-${name}`, name, description: '' })
        .execute();
      await db
        .insertInto('users')
        .values({
          id: `user-${name}`,
          email: `${name}@old.local`,
          nric: 'S0000000A',
          first_name: name,
          last_name: 'Old',
          user_type: 'staff',
          created_at: '2026-11-25T00:00:00.000Z',
        })
        .execute();
      await db
        .insertInto('user_roles')
        .values({ user_id: `user-${name}`, role_id: `role-${name}` })
        .execute();
      const areas = [...new Set(role.modules.map((m) => m.application))];
      await db
        .insertInto('role_areas')
        .values(areas.map((application) => ({ role_id: `role-${name}`, application })))
        .execute();
      await db
        .insertInto('role_modules')
        .values(
          role.modules.map((m) => ({
            role_id: `role-${name}`,
            application: m.application,
            module: m.module,
            is_completely_permitted: m.complete,
          })),
        )
        .execute();
      if (role.features.length) {
        await db
          .insertInto('role_features')
          .values(role.features.map((f) => ({ role_id: `role-${name}`, ...f })))
          .execute();
      }
    }
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('a role that works in an area keeps making SSCCs and repacking there; printing too where it had a partial GLOBAL', async () => {
    const receiver = await loadAuthorization(database.db, 'user-receiver');
    expect(['newSscc', 'repackMove', 'repackComplete'].map((n) => can(receiver, 'RDC', n as never))).toEqual([true, true, true]);
    // Not in the area it never had.
    expect(can(receiver, 'LDC', 'newSscc')).toBe(false);

    const picker = await loadAuthorization(database.db, 'user-picker');
    expect(['print', 'newSscc', 'repackMove', 'repackComplete'].map((n) => can(picker, 'LDC', n as never))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('a role that only reads gets no print, SSCC or repack action', async () => {
    const reader = await loadAuthorization(database.db, 'user-reader');
    expect(['print', 'newSscc', 'repackMove', 'repackComplete'].map((n) => can(reader, 'LDC', n as never))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as foundation from './migrations/2026-11-22-0001-foundation.ts';
import * as inventory from './migrations/2026-11-22-0002-inventory.ts';
import * as familyEngine from './migrations/2026-11-23-0003-family-engine.ts';
import * as epcisMovements from './migrations/2026-11-23-0004-epcis-movements.ts';
import * as auditChain from './migrations/2026-11-23-0005-audit-chain.ts';
import * as transferLinks from './migrations/2026-11-23-0006-transfer-links.ts';
import * as auditChainIndexes from './migrations/2026-11-23-0007-audit-chain-indexes.ts';

/** Every migration, in order. Listed by hand so the server needs no file-system scan. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22-0001-foundation': foundation,
  '2026-11-22-0002-inventory': inventory,
  '2026-11-23-0003-family-engine': familyEngine,
  '2026-11-23-0004-epcis-movements': epcisMovements,
  '2026-11-23-0005-audit-chain': auditChain,
  '2026-11-23-0006-transfer-links': transferLinks,
  '2026-11-23-0007-audit-chain-indexes': auditChainIndexes,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
